package dev.tictactoe.server.net;

import dev.tictactoe.server.room.RoomJournal;
import dev.tictactoe.server.store.AppendResult;
import dev.tictactoe.server.store.JournalRecord;
import dev.tictactoe.server.store.RecordKind;
import dev.tictactoe.server.store.Store;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The rooms' journal on disk: one checkpoint record per change, finished games to the archive.
 * A refused append keeps the room serving; readiness reports the store's problem meanwhile.
 */
final class StoredRooms implements RoomJournal {

    private static final Logger log = LoggerFactory.getLogger(StoredRooms.class);

    private final Store store;
    /** Set while appends are refused, so a failing disk is logged once, not once per change. */
    private final AtomicBoolean refusing = new AtomicBoolean();

    StoredRooms(Store store) {
        this.store = store;
    }

    @Override
    public void checkpoint(String room, long version, byte[] state) {
        report(store.journal().append(new JournalRecord(room, RecordKind.CHECKPOINT, version, state)), room);
    }

    @Override
    public void gameFinished(String room, int game, byte[] json) {
        store.games().store(room, game, json);
    }

    @Override
    public void closed(String room, long version) {
        report(store.journal().closeRoom(room, version), room);
        store.games().roomClosed(room);
    }

    private void report(AppendResult result, String room) {
        if (result instanceof AppendResult.Refused refused) {
            if (refusing.compareAndSet(false, true)) {
                log.error("room {}: the journal refused a change, serving on without it: {}", room, refused.message());
            }
        } else if (refusing.compareAndSet(true, false)) {
            log.info("room {}: the journal takes changes again", room);
        }
    }
}
