package dev.tictactoe.server.room;

import dev.tictactoe.server.metrics.ServerMetrics;

import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * What a room needs from outside, given to it explicitly.
 *
 * @param limits the room's limits and timers
 * @param bots where bot searches run
 * @param tokens a fresh secret seat token per call
 * @param epochMillis the wall clock, for times shown to clients
 * @param nanoTime the monotonic clock game clocks are measured on, the time base of the room's
 *     timers
 * @param removed told once when a room removes itself for standing empty
 * @param journal where the room writes down its changes
 * @param metrics where the room counts what it does
 * @param journal where the room writes down its changes
 */
record RoomContext(
        RoomLimits limits,
        BotRunner bots,
        Supplier<String> tokens,
        LongSupplier epochMillis,
        Consumer<Room> removed,
        LongSupplier nanoTime,
        ServerMetrics metrics,
        RoomJournal journal) {}
