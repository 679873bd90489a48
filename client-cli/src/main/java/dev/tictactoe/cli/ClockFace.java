package dev.tictactoe.cli;

import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.Snapshot;

import org.jspecify.annotations.Nullable;

/** The clocks of a timed room at one instant, from the snapshot's clock and the time since. */
record ClockFace(
        String control,
        @Nullable Long x,
        @Nullable Long o,
        @Nullable Seat running,
        @Nullable Long moveLeft,
        @Nullable Seat flagged) {

    /** How a limit per move is written in a time control. */
    static final String PER_MOVE = "/move";

    /** The clocks at {@code now} (epoch ms by the server's clock); null for an untimed room. */
    static @Nullable ClockFace at(Snapshot.@Nullable Clock clock, long now) {
        if (clock == null) {
            return null;
        }
        Seat running = clock.running();
        long elapsed =
                running != null && clock.turnStartedAt() != null
                        ? Math.max(0, now - clock.turnStartedAt())
                        : 0;
        Long x = left(clock.x(), Seat.X, running, elapsed, clock.flagged());
        Long o = left(clock.o(), Seat.O, running, elapsed, clock.flagged());
        Long moveLeft = null;
        if (running != null && clock.deadlineAt() != null && clock.control().contains(PER_MOVE)) {
            moveLeft = Math.max(0, clock.deadlineAt() - now);
        }
        return new ClockFace(clock.control(), x, o, running, moveLeft, clock.flagged());
    }

    private static @Nullable Long left(
            @Nullable Long atTurnStart,
            Seat seat,
            @Nullable Seat running,
            long elapsed,
            @Nullable Seat flagged) {
        if (atTurnStart == null) {
            return null;
        }
        return seat == flagged
                ? 0
                : seat == running ? Math.max(0, atTurnStart - elapsed) : atTurnStart;
    }

    @Nullable Long left(@Nullable Seat seat) {
        return seat == Seat.X ? x : seat == Seat.O ? o : null;
    }

    /** A clock reading: m:ss, or h:mm:ss from an hour, rounded up to the second as clocks are. */
    static String format(long millis) {
        long s = Math.max(0, (millis + 999) / 1000);
        return s >= 3600
                ? "%d:%02d:%02d".formatted(s / 3600, s / 60 % 60, s % 60)
                : "%d:%02d".formatted(s / 60, s % 60);
    }
}
