package dev.tictactoe.server.metrics;

import io.micrometer.core.instrument.Timer;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.EventExecutorGroup;

import java.util.concurrent.TimeUnit;

/** How late each event loop runs a task scheduled for a known instant: what a player feels. */
final class EventLoopLag implements Runnable {

    static final long PERIOD_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final Timer lag;

    /** When the loop should run this next: a fixed delay counts from the end of the last run. */
    private long due = System.nanoTime() + PERIOD_NANOS;

    private EventLoopLag(Timer lag) {
        this.lag = lag;
    }

    static void watch(EventExecutorGroup group, Timer lag) {
        for (EventExecutor loop : group) {
            loop.scheduleWithFixedDelay(
                    new EventLoopLag(lag), PERIOD_NANOS, PERIOD_NANOS, TimeUnit.NANOSECONDS);
        }
    }

    @Override
    public void run() {
        lag.record(Math.max(0, System.nanoTime() - due), TimeUnit.NANOSECONDS);
        due = System.nanoTime() + PERIOD_NANOS;
    }
}
