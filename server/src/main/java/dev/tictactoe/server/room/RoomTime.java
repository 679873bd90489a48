package dev.tictactoe.server.room;

import java.util.function.LongSupplier;

/**
 * A room's time: monotonic nanoseconds for clocks and timers, epoch milliseconds for what clients
 * see. A task happens at one instant, read when it starts ({@link #tick}) and journaled with each
 * change; a replay sets it back ({@link #replayAt}). A rebuilt room continues its monotonic line
 * from its last change ({@link #resume}): downtime does not pass for game clocks, while the wall
 * clock (and a seat's grace on it) moved on. Room loop only.
 */
final class RoomTime {

    private final LongSupplier nanoTime;
    private final LongSupplier epochMillis;

    /** Added to {@link #nanoTime}: zero for a new room, the continuation for a rebuilt one. */
    private long offset;

    /** The current task's instant; read-only outside this class. */
    long nanos;

    long millis;
    boolean replaying;

    RoomTime(LongSupplier nanoTime, LongSupplier epochMillis) {
        this.nanoTime = nanoTime;
        this.epochMillis = epochMillis;
        tick();
    }

    void tick() {
        if (!replaying) {
            nanos = nanoTime.getAsLong() + offset;
            millis = epochMillis.getAsLong();
        }
    }

    /** Now on the room's monotonic line, for timer delays; the replayed instant during a replay. */
    long nanosNow() {
        return replaying ? nanos : nanoTime.getAsLong() + offset;
    }

    /** Until {@link #resume}. */
    void replayAt(long atNanos, long atMillis) {
        replaying = true;
        nanos = atNanos;
        millis = atMillis;
    }

    /**
     * Ends a replay: the monotonic line goes on from the last replayed instant. Returns how far the
     * wall clock moved since that instant, never less than zero.
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
