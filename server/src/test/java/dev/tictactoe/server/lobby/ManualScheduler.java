package dev.tictactoe.server.lobby;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** A scheduler driven by hand: tasks run when the test advances the time past them. */
final class ManualScheduler implements Matchmaker.Scheduler {

    static final long SECOND = 1_000_000_000L;

    /**
     * The time now, in the queue's {@code System.nanoTime()} time base; starts below zero to catch
     * sign bugs.
     */
    long now = -7 * SECOND;

    final List<Task> tasks = new ArrayList<>();

    record Task(long at, Runnable run, boolean[] cancelled) {}

    @Override
    public Runnable schedule(Runnable task, long delayNanos) {
        Task t = new Task(now + delayNanos, task, new boolean[1]);
        tasks.add(t);
        return () -> t.cancelled()[0] = true;
    }

    long pending() {
        return tasks.stream().filter(t -> !t.cancelled()[0]).count();
    }

    void advanceTo(long time) {
        while (true) {
            Task next =
                    tasks.stream()
                            .filter(t -> t.at() - time <= 0)
                            .min(Comparator.comparingLong(t -> t.at() - time))
                            .orElse(null);
            if (next == null) {
                now = time;
                return;
            }
            tasks.remove(next);
            now = next.at();
            if (!next.cancelled()[0]) {
                next.run().run();
            }
        }
    }

    void advanceBy(long nanos) {
        advanceTo(now + nanos);
    }
}
