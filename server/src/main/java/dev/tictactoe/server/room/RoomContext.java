package dev.tictactoe.server.room;

import dev.tictactoe.server.metrics.ServerMetrics;

import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/** What a room needs from outside, given to it explicitly; {@code tokens} makes seat tokens. */
record RoomContext(
        RegistrySettings limits,
        BotRunner bots,
        Supplier<String> tokens,
        LongSupplier epochMillis,
        Consumer<Room> removed,
        LongSupplier nanoTime,
        ServerMetrics metrics,
        RoomJournal journal) {}
