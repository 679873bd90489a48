package dev.tictactoe.server.store;

/**
 * Lets a store thread on a core shared with the event loops give way to a waiting move between its
 * steps, at most once per {@link #INTERVAL_NANOS}: a move then waits for the step under way and at
 * most that long of others, and a burst of small steps is not a system call (and on a busy core a
 * switch) each. One per thread; not thread-safe (a race only moves a yield).
 */
final class YieldPacer {

    /** The longest a move waits behind this thread's work between two yields, in nanoseconds. */
    static final long INTERVAL_NANOS = 50_000;

    private long last = System.nanoTime();

    /** Yields if the last yield was {@link #INTERVAL_NANOS} ago or more. */
    void pace() {
        long now = System.nanoTime();
        if (now - last >= INTERVAL_NANOS) {
            Thread.yield();
            last = System.nanoTime();
        }
    }
}
