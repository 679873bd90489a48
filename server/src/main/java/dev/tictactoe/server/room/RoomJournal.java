package dev.tictactoe.server.room;

import dev.tictactoe.protocol.GameRecord;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.LongConsumer;
import java.util.function.Supplier;

/**
 * Where a room writes down what must outlive the process: one small record per change, now and then
 * its whole state, each finished game, and that it is gone. Called on the room's loop;
 * implementations never block, and do any costly encoding ({@link Supplier} payloads) elsewhere.
 */
public interface RoomJournal {

    /**
     * A room writes its whole state after this many changes, so a recovery replays at most as many.
     */
    int DEFAULT_CHECKPOINT_EVERY = 100;

    /**
     * A change read back from the journal: the version it made and the payload it was written with.
     */
    record Recorded(long version, byte[] payload) {}

    /** Keeps nothing: rooms live in memory only. */
    RoomJournal NONE =
            new RoomJournal() {
                @Override
                public boolean change(String room, long version, ChangeKind kind, byte[] payload) {
                    return true;
                }

                @Override
                public boolean checkpoint(String room, long version, Supplier<byte[]> state) {
                    return true;
                }

                @Override
                public void gameFinished(String room, int game, Supplier<byte[]> json) {}

                @Override
                public void closed(String room, long version) {}
            };

    /**
     * The change that made {@code version}. False when the journal refused it (a failing disk, a
     * full queue): the room goes on, and writes its whole state with the next change it can.
     */
    boolean change(String room, long version, ChangeKind kind, byte[] payload);

    /**
     * The same; when {@link #holdsUntilDurable}, {@code onDurable} hears on some thread of the
     * journal's once the change is on disk (with the newest version on disk then: the room passes
     * the same one with every change).
     */
    default boolean change(
            String room, long version, ChangeKind kind, byte[] payload, LongConsumer onDurable) {
        return change(room, version, kind, payload);
    }

    /**
     * True when a room must send nothing of a change until the journal has it on disk ({@code
     * fsync}): what a client saw then survives any crash.
     */
    default boolean holdsUntilDurable() {
        return false;
    }

    /**
     * The room's whole state at {@code version}, standing in for every change before it; {@code
     * state} is called once, on a thread of the journal's own. False when refused.
     */
    boolean checkpoint(String room, long version, Supplier<byte[]> state);

    /** Game {@code game} of the room ended; {@code json} makes its record, off the room's loop. */
    void gameFinished(String room, int game, Supplier<byte[]> json);

    /** The room is gone for good. */
    void closed(String room, long version);

    /**
     * A checkpoint keeps this many of the room's newest finished games when the journal archives
     * each game apart ({@link #archivesGames}): the ones whose documents may still be on their way
     * to the archive. Without an archive it keeps all of {@code Match.KEPT_GAMES}.
     */
    int CHECKPOINT_GAMES_WITH_ARCHIVE = 8;

    /**
     * True when {@link #gameFinished} stores every game where {@link #history} reads it back, so a
     * checkpoint need not carry the older ones: on a 15×15 board a hundred finished games made a
     * checkpoint some 70 KB of JSON.
     */
    default boolean archivesGames() {
        return false;
    }

    /** How many changes a room writes between two checkpoints. */
    default int checkpointEvery() {
        return DEFAULT_CHECKPOINT_EVERY;
    }

    /**
     * The room's finished games as the archive keeps them, oldest first; null when there is no
     * archive (rooms in memory only), and the room answers from memory.
     */
    default CompletableFuture<List<GameRecord>> history(String room) {
        return null;
    }
}
