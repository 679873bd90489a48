package dev.tictactoe.server.bot;

import java.time.Duration;

/**
 * What one move may spend: the clock ({@code deadline}, {@link Long#MAX_VALUE} for none, set at
 * nine tenths of the {@code nanos} granted from {@code start}) and the positions searched.
 */
record Budget(long start, long deadline, long nanos, long nodes) {

    /** A move's thinking time; the search stops at nine tenths of it. */
    static Budget of(Duration time) {
        long start = System.nanoTime();
        return new Budget(start, start + time.toNanos() * 9 / 10, time.toNanos(), Long.MAX_VALUE);
    }

    /** A budget of positions with no clock, so the same search always plays the same move. */
    static Budget ofNodes(long nodes) {
        return new Budget(System.nanoTime(), Long.MAX_VALUE, Long.MAX_VALUE, nodes);
    }

    Budget withNodes(long nodes) {
        return new Budget(start, deadline, this.nanos, nodes);
    }
}
