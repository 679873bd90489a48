package dev.tictactoe.server.room;

import java.util.function.LongSupplier;

/**
 * A room's time: monotonic nanoseconds for game clocks, idle claims and timers, and epoch
 * milliseconds for the times clients are shown. Everything one task of the room does happens at one
 * instant, read when the task starts ({@link #tick}); the journal records that instant with each
 * change, and a replay sets it back ({@link #replayAt}), so a replayed change sees exactly the time
 * it first saw and comes out the same.
 *
 * <p>A room keeps one monotonic time line for its whole life. A rebuilt room continues it from its
 * last recorded change ({@link #resume}): the time the server was down does not pass for game
 * clocks (nobody could move), while the wall clock, and deadlines kept on it such as a dropped
 * seat's grace, did move on. Room loop only.
 */
final class RoomTime {

    private final LongSupplier nanoTime;
    private final LongSupplier epochMillis;

    /** Added to {@link #nanoTime}: zero for a new room, the continuation for a rebuilt one. */
    private long offset;

    private boolean replaying;
    private long nanos;
    private long millis;

    RoomTime(LongSupplier nanoTime, LongSupplier epochMillis) {
        this.nanoTime = nanoTime;
        this.epochMillis = epochMillis;
        tick();
    }

    /** A task starts: it happens now. Does nothing during a replay. */
    void tick() {
        if (!replaying) {
            nanos = nanoTime.getAsLong() + offset;
            millis = epochMillis.getAsLong();
        }
    }

    /** The current task's instant on the room's monotonic line. */
    long nanos() {
        return nanos;
    }

    /** The current task's instant on the wall clock, in epoch milliseconds. */
    long millis() {
        return millis;
    }

    /** Now on the room's monotonic line, for timer delays; the replayed instant during a replay. */
    long nanosNow() {
        return replaying ? nanos : nanoTime.getAsLong() + offset;
    }

    boolean replaying() {
        return replaying;
    }

    /** From now until {@link #resume}, the room's time is this recorded instant. */
    void replayAt(long atNanos, long atMillis) {
        replaying = true;
        nanos = atNanos;
        millis = atMillis;
    }

    /**
     * Ends a replay: the monotonic line goes on from the last replayed instant, and the current
     * instant is now. Returns how many milliseconds the wall clock moved since that instant (the
     * downtime, and whatever passed between the last change and the stop), never less than zero.
     */
    long resume() {
        if (!replaying) {
            return 0;
        }
        long recordedMillis = millis;
        replaying = false;
        offset = nanos - nanoTime.getAsLong();
        tick();
        return Math.max(0, millis - recordedMillis);
    }
}
