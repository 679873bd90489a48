package dev.tictactoe.server.bot;

import java.time.Duration;

/** What one move may spend: the clock (stopping at nine tenths of it) and the nodes. */
record Budget(long start, long deadline, long nanos, long nodes) {

    static Budget of(Duration time) {
        long start = System.nanoTime();
        return new Budget(start, start + time.toNanos() * 9 / 10, time.toNanos(), Long.MAX_VALUE);
    }

    static Budget ofNodes(long nodes) {
        return new Budget(System.nanoTime(), Long.MAX_VALUE, Long.MAX_VALUE, nodes);
    }
}
