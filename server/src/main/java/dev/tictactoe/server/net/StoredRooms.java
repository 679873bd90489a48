package dev.tictactoe.server.net;

import dev.tictactoe.protocol.GameRecord;
import dev.tictactoe.server.room.ChangeKind;
import dev.tictactoe.server.room.RoomJournal;
import dev.tictactoe.server.store.AppendResult;
import dev.tictactoe.server.store.JournalRecord;
import dev.tictactoe.server.store.RecordKind;
import dev.tictactoe.server.store.Store;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * The rooms' journal on disk: a record per change, checkpoints encoded on the journal's writer
 * thread, finished games to the archive (made on its thread), and the {@code history} message read
 * back from there. A refused append keeps the room serving; readiness reports the store's problem
 * meanwhile, and the error is logged once until appends are taken again.
 */
final class StoredRooms implements RoomJournal {

    private static final Logger log = LoggerFactory.getLogger(StoredRooms.class);

    private final Store store;
    private final int checkpointEvery;

    /** Set while appends are refused, so a failing disk is logged once, not once per change. */
    private final AtomicBoolean refusing = new AtomicBoolean();

    StoredRooms(Store store, int checkpointEvery) {
        this.store = store;
        this.checkpointEvery = checkpointEvery;
    }

    @Override
    public boolean change(String room, long version, ChangeKind kind, byte[] payload) {
        return report(
                store.journal().append(new JournalRecord(room, kindOf(kind), version, payload)),
                room);
    }

    @Override
    public boolean checkpoint(String room, long version, Supplier<byte[]> state) {
        return report(
                store.journal().appendLater(room, RecordKind.CHECKPOINT, version, state), room);
    }

    @Override
    public void gameFinished(String room, int game, Supplier<byte[]> json) {
        store.games().store(room, game, json);
    }

    @Override
    public void closed(String room, long version) {
        report(store.journal().closeRoom(room, version), room);
        store.games().roomClosed(room);
    }

    @Override
    public int checkpointEvery() {
        return checkpointEvery;
    }

    @Override
    public boolean archivesGames() {
        return true;
    }

    @Override
    public CompletableFuture<List<GameRecord>> history(String room) {
        return ArchivedGames.history(store.games(), room);
    }

    /** The store's kind for a room's change: each has its own byte on disk. */
    static RecordKind kindOf(ChangeKind kind) {
        return switch (kind) {
            case SEATED -> RecordKind.SEATED;
            case SPECTATORS -> RecordKind.SPECTATORS;
            case DROPPED -> RecordKind.DROPPED;
            case RETURNED -> RecordKind.RETURNED;
            case FREED -> RecordKind.LEFT;
            case MOVED -> RecordKind.MOVE;
            case UNDO -> RecordKind.UNDO;
            case UNDO_ANSWER -> RecordKind.UNDO_ANSWER;
            case RESIGNED -> RecordKind.RESIGN;
            case CLAIMED -> RecordKind.CLAIM;
            case REMATCH -> RecordKind.REMATCH;
            case BOT_SEATED -> RecordKind.BOT_SEATED;
            case TIMED_OUT -> RecordKind.TIMEOUT;
            case RESUMED -> RecordKind.RESUMED;
        };
    }

    private boolean report(AppendResult result, String room) {
        if (result instanceof AppendResult.Refused refused) {
            if (refusing.compareAndSet(false, true)) {
                log.error(
                        "room {}: the journal refused a change, rooms play on in memory: {}",
                        room,
                        refused.message());
            }
            return false;
        }
        if (refusing.compareAndSet(true, false)) {
            log.info(
                    "room {}: the journal takes changes again; a room that missed some writes its"
                            + " whole state next",
                    room);
        }
        return true;
    }
}
