package dev.tictactoe.server.room;

import dev.tictactoe.server.clock.GameClock;

import io.netty.util.concurrent.ScheduledFuture;

import org.jspecify.annotations.Nullable;

import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;

/** A room's two timers: the running clock's deadline and the empty-room time. Room loop only. */
final class RoomTimers {

    private final Room room;
    private @Nullable ScheduledFuture<?> emptyTimer;
    private @Nullable ScheduledFuture<?> clockTimer;
    private long clockTimerDeadline;

    /** Since when (epoch ms) nobody has been connected; null while somebody is. */
    @Nullable Long emptySince;

    RoomTimers(Room room) {
        this.room = room;
    }

    /** Ends a timed game whose side to move has run out, before the task at hand counts. */
    void flagIfDue() {
        if (!room.closed && room.core.outOfTime(room.time.nanos, room.time.millis)) {
            room.run(new Change.TimedOut(), null);
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
            // The task does nothing itself: every task checks the clock first.
            clockTimer =
                    room.schedule(
                            () -> clockTimer = null, clockTimerDeadline - room.time.nanosNow());
        }
    }

    /** Nobody has been connected since {@code since} (epoch ms): the room goes that long after. */
    void startEmpty(long since) {
        cancelEmpty();
        emptySince = since;
        var ttl = room.context.limits().emptyRoomTtl();
        long left = Math.max(0, since + ttl.toMillis() - room.time.millis);
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
        return room.core.occupied() ? null : emptySince != null ? emptySince : room.time.millis;
    }
}
