package dev.tictactoe.server.metrics;

import io.micrometer.core.instrument.Timer;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.EventExecutorGroup;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/** How late each event loop runs a task scheduled for a known instant: what a player feels. */
final class EventLoopLag {

    static final Duration PERIOD = Duration.ofSeconds(1);

    private EventLoopLag() {}

    static void watch(EventExecutorGroup group, Timer lag) {
        for (EventExecutor loop : group) {
            probe(loop, lag);
        }
    }

    private static void probe(EventExecutor loop, Timer lag) {
        if (loop.isShuttingDown()) {
            return;
        }
        long due = System.nanoTime() + PERIOD.toNanos();
        try {
            loop.schedule(
                    () -> {
                        lag.record(Math.max(0, System.nanoTime() - due), TimeUnit.NANOSECONDS);
                        probe(loop, lag);
                    },
                    PERIOD.toNanos(),
                    TimeUnit.NANOSECONDS);
        } catch (java.util.concurrent.RejectedExecutionException e) {
            // the loop is stopping
        }
    }
}
