package dev.tictactoe.server.clock;

import dev.tictactoe.server.game.Mark;

import org.jspecify.annotations.Nullable;

/**
 * The clock as the snapshot shows it, changed only when a turn starts or the clock stops: a client
 * counts down by itself. Times are epoch ms; {@code xMs} and {@code oMs} are the game clocks when
 * the current turn started (rounded up), null without a game clock.
 */
public record ClockView(
        String control,
        @Nullable Long xMs,
        @Nullable Long oMs,
        @Nullable Mark running,
        @Nullable Long turnStartedAt,
        @Nullable Long deadlineAt,
        @Nullable Mark flagged) {}
