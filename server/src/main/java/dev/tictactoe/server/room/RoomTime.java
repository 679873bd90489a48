package dev.tictactoe.server.room;

import dev.tictactoe.server.clock.GameClock;

import io.netty.util.concurrent.ScheduledFuture;

import org.jspecify.annotations.Nullable;

import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;

/** A room's instant, monotonic and wall clock, continued after a restart, and its timers. */
final class RoomTime {

    private final Room room;

    /** Added to the context's nanoTime: zero for a new room, the continuation for a rebuilt one. */
    private long offset;

    /** The current task's instant; read-only outside this class. */
    long nanos;

    long millis;
    boolean replaying;
    private @Nullable ScheduledFuture<?> emptyTimer;
    private @Nullable ScheduledFuture<?> clockTimer;
    private long clockTimerDeadline;

    /** Since when (epoch ms) nobody has been connected; null while somebody is. */
    @Nullable Long emptySince;

    RoomTime(Room room) {
        this.room = room;
        tick();
    }

    void tick() {
        if (!replaying) {
            nanos = room.context.nanoTime().getAsLong() + offset;
            millis = room.context.epochMillis().getAsLong();
        }
    }

    /** Until {@link #resume}. */
    void replayAt(long atNanos, long atMillis) {
        replaying = true;
        nanos = atNanos;
        millis = atMillis;
    }

    /** Ends a replay; how far the wall clock moved since its last instant, at least zero. */
    long resume() {
        long recordedMillis = millis;
        replaying = false;
        offset = nanos - room.context.nanoTime().getAsLong();
        tick();
        return Math.max(0, millis - recordedMillis);
    }

    /** Ends a timed game whose side to move has run out, before the task at hand counts. */
    void flagIfDue() {
        if (!room.closed && room.core.outOfTime(nanos, millis)) {
            room.run(new Change.TimedOut());
        }
    }

    /** Keeps the one clock timer at the running side's deadline, or none. */
    void rescheduleClock() {
        GameClock clock = room.core.match.time.clock;
        OptionalLong deadline =
                clock == null || room.closed ? OptionalLong.empty() : clock.deadline();
        if (clockTimer != null
                && (deadline.isEmpty() || deadline.getAsLong() != clockTimerDeadline)) {
            clockTimer.cancel(false);
            clockTimer = null;
        }
        if (clockTimer == null && deadline.isPresent()) {
            clockTimerDeadline = deadline.getAsLong();
            // The task does nothing itself: every task checks the clock first. A replay's delay
            // counts from the replayed instant.
            long now = replaying ? nanos : room.context.nanoTime().getAsLong() + offset;
            clockTimer = room.schedule(() -> clockTimer = null, clockTimerDeadline - now);
        }
    }

    /** Nobody has been connected since {@code since} (epoch ms): the room goes that long after. */
    void startEmpty(long since) {
        cancelEmpty();
        emptySince = since;
        var ttl = room.context.limits().emptyRoomTtl();
        long left = Math.max(0, since + ttl.toMillis() - millis);
        emptyTimer =
                room.schedule(
                        () -> {
                            if (room.feed.members.isEmpty() && !room.closed) {
                                room.expire("after " + ttl + " with nobody connected");
                            }
                        },
                        TimeUnit.MILLISECONDS.toNanos(left));
    }

    void cancelEmpty() {
        emptySince = null;
        if (emptyTimer != null) {
            emptyTimer.cancel(false);
            emptyTimer = null;
        }
    }

    /** Since when nobody has been connected as of the change at hand, whether timers ran or not. */
    @Nullable Long emptyAsOfNow() {
        return room.core.occupied() ? null : emptySince != null ? emptySince : millis;
    }
}
