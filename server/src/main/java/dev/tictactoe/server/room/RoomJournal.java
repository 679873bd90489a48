package dev.tictactoe.server.room;

import dev.tictactoe.protocol.GameRecord;

import org.jspecify.annotations.Nullable;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.LongConsumer;
import java.util.function.Supplier;

/** Where a room writes what must outlive the process, never blocking; the defaults keep nothing. */
public interface RoomJournal {

    /** A room writes its whole state after this many changes: a recovery replays at most these. */
    int DEFAULT_CHECKPOINT_EVERY = 100;

    /** The finished games a room holds beside an archive (a hundred 15×15 games are 70 KB). */
    int CHECKPOINT_GAMES_WITH_ARCHIVE = 8;

    /** Rooms live in memory only. */
    RoomJournal NONE = new RoomJournal() {};

    /** False when refused; {@code onDurable} hears, on a journal thread, the newest durable one. */
    default boolean change(
            String room, long version, byte[] record, @Nullable LongConsumer onDurable) {
        return true;
    }

    /** True when a room sends nothing of a change until it is on disk ({@code fsync}). */
    default boolean holdsUntilDurable() {
        return false;
    }

    /** The room's whole state at {@code version}; false when refused. */
    default boolean checkpoint(String room, long version, byte[] state) {
        return true;
    }

    default void gameFinished(String room, int game, Supplier<byte[]> json) {}

    default void closed(String room, long version) {}

    /** True when {@link #history} reads back every game {@link #gameFinished} stored. */
    default boolean archivesGames() {
        return false;
    }

    default int checkpointEvery() {
        return DEFAULT_CHECKPOINT_EVERY;
    }

    /** The room's newest {@code count} archived games, oldest first; null without an archive. */
    default @Nullable CompletableFuture<List<GameRecord>> history(String room, int count) {
        return null;
    }
}
