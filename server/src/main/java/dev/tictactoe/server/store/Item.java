package dev.tictactoe.server.store;

import org.jspecify.annotations.Nullable;

import java.sql.SQLException;
import java.util.concurrent.CompletableFuture;
import java.util.function.LongConsumer;
import java.util.function.Supplier;

/** What rooms and readers hand the writer (the writes as {@link Store}'s methods describe them). */
sealed interface Item {

    record Command(String room, long version, byte[] record, @Nullable LongConsumer onDurable)
            implements Item {}

    record Checkpoint(String room, long version, long at, Supplier<byte[]> state) implements Item {}

    record Game(String room, int game, long endedAt, Supplier<byte[]> document) implements Item {}

    record Closed(String room, long keptUntil) implements Item {}

    /** Work on the database once everything queued before it is committed. */
    record Task(Query query, CompletableFuture<@Nullable Object> done, boolean stop)
            implements Item {}

    /** A read or a sweep, run on the writer's connection. */
    interface Query {
        @Nullable Object run(Schema db) throws SQLException;
    }
}
