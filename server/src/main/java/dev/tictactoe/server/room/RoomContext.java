package dev.tictactoe.server.room;

import dev.tictactoe.server.metrics.ServerMetrics;

import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * What a room needs from outside, given to it explicitly.
 *
 * @param tokens a fresh secret seat token per call
 * @param epochMillis the wall clock, for times shown to clients
 * @param removed told once when a room removes itself
 * @param nanoTime the monotonic clock of game clocks and the room's timers
 */
record RoomContext(
        RegistrySettings limits,
        BotRunner bots,
        Supplier<String> tokens,
        LongSupplier epochMillis,
        Consumer<Room> removed,
        LongSupplier nanoTime,
        ServerMetrics metrics,
        RoomJournal journal) {}
