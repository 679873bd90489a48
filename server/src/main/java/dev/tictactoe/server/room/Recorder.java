package dev.tictactoe.server.room;

import java.util.function.LongConsumer;
import java.util.function.Supplier;

/**
 * Writes a room's changes to its journal: one small record per change, encoded on the loop in well
 * under a microsecond, and every {@link RoomJournal#checkpointEvery} changes (the first time
 * sooner) the room's whole state, captured on the loop and turned into JSON by the journal's own
 * thread. A refused record leaves a gap no replay can cross, so the room then writes its whole
 * state with the next change the journal takes. Finished games go to the archive. Room loop only.
 */
final class Recorder {

    private final Room room;
    private int sinceCheckpoint;

    /**
     * A record was refused: the journal's history of the room has a gap until the next checkpoint.
     */
    private boolean gap;

    /** The newest finished game handed to the archive. */
    private int archivedGame;

    /**
     * Under {@code fsync}, hears that the room's changes up to a version are on disk, and hands
     * that to the room's loop: one object for all of the room's changes, so the journal tells a
     * batch once.
     */
    private final LongConsumer onDurable;

    Recorder(Room room) {
        this.room = room;
        if (room.context.journal().holdsUntilDurable()) {
            room.feed.holdUntilDurable();
            onDurable = version -> room.execute(() -> room.feed.durable(version));
        } else {
            onDurable = null;
        }
    }

    /**
     * A new room: its first checkpoint (version 0) keeps its code and settings. The next comes
     * after between 1 and {@link RoomJournal#checkpointEvery} changes, as the room's code falls,
     * then every so many: rooms made at once (a server's first minute, a load test) would otherwise
     * all write their whole state in the same second, again and again, and the JIT would meet the
     * first of them only a hundred changes into every room's life.
     */
    void created() {
        RoomJournal journal = room.context.journal();
        if (journal != RoomJournal.NONE) {
            // A new room is its checkpoint, queued ahead of any change: nothing waits for it.
            room.feed.durable(room.feed.version());
            checkpoint();
            sinceCheckpoint = Math.floorMod(room.code().hashCode(), journal.checkpointEvery());
        }
    }

    /** A rebuilt room: games up to {@code game} are archived already. */
    void restored(int game) {
        archivedGame = game;
    }

    /**
     * The room published {@code change} as its current version. A replay writes nothing (the
     * records are there already) but archives again the games it sees end, in case the process
     * stopped before their documents were written.
     */
    void changed(Change change) {
        RoomJournal journal = room.context.journal();
        if (journal == RoomJournal.NONE) {
            return;
        }
        // A replayed change was written after the checkpoint the room was rebuilt from, so it
        // counts toward the next too: a restart neither lets more than checkpointEvery changes
        // follow one nor lines up every room's next checkpoint.
        sinceCheckpoint++;
        if (!room.time.replaying()) {
            byte[] payload = ChangeCodec.encode(change, room.time.nanos(), room.time.millis());
            boolean kept =
                    journal.change(
                            room.code(), room.feed.version(), change.kind(), payload, onDurable);
            if (!kept) {
                room.feed.notDurable();
            }
            gap |= !kept;
            if (gap || sinceCheckpoint >= journal.checkpointEvery()) {
                checkpoint();
            }
        } else {
            room.feed.durable(room.feed.version()); // replayed from the disk
        }
        Match.FinishedGame last = room.core.match().lastFinished();
        if (last != null && last.game() > archivedGame) {
            archivedGame = last.game();
            journal.gameFinished(room.code(), last.game(), Checkpoints.gameRecord(room, last));
        }
    }

    private void checkpoint() {
        Supplier<byte[]> state = Checkpoints.capture(room)::toJson;
        if (room.context.journal().checkpoint(room.code(), room.feed.version(), state)) {
            sinceCheckpoint = 0;
            gap = false;
        } else {
            gap = true;
        }
    }
}
