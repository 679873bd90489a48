package dev.tictactoe.server.lobby;

import org.jspecify.annotations.Nullable;

import java.util.OptionalLong;
import java.util.function.LongSupplier;

/**
 * One timer at the queue's next deadline, so the queue needs no thread or sweep; {@link #poke()}
 * after every enqueue, as a short bot delay may bring it forward. Safe from any thread.
 */
public final class MatchTimer {

    /** Runs {@code task} once after {@code delayNanos}; returns how to cancel it. */
    @FunctionalInterface
    public interface Scheduler {
        Runnable schedule(Runnable task, long delayNanos);
    }

    private final MatchQueue queue;
    private final Scheduler scheduler;
    private final LongSupplier nanoTime;
    private @Nullable Runnable cancelPending;
    private long pendingAt;

    /** Which timer is the current one: a cancelled timer that runs anyway is ignored. */
    private long generation;

    public MatchTimer(MatchQueue queue, Scheduler scheduler, LongSupplier nanoTime) {
        this.queue = queue;
        this.scheduler = scheduler;
        this.nanoTime = nanoTime;
    }

    /** Makes sure the timer is set for the queue's next deadline, moving it forward if needed. */
    public synchronized void poke() {
        OptionalLong next = queue.nextDeadline();
        if (next.isEmpty()) {
            return;
        }
        long at = next.getAsLong();
        if (cancelPending != null && pendingAt - at <= 0) {
            return;
        }
        if (cancelPending != null) {
            cancelPending.run();
        }
        pendingAt = at;
        long mine = ++generation;
        cancelPending =
                scheduler.schedule(() -> fire(mine), Math.max(0, at - nanoTime.getAsLong()));
    }

    public synchronized void stop() {
        if (cancelPending != null) {
            cancelPending.run();
            cancelPending = null;
        }
        generation++;
    }

    private void fire(long timer) {
        long now = nanoTime.getAsLong();
        synchronized (this) {
            if (timer != generation) {
                return;
            }
            cancelPending = null;
        }
        // Outside this lock: the queue's listener answers requests and may enqueue or poke again.
        queue.expireBotFill(now);
        queue.timeout(now);
        poke();
    }
}
