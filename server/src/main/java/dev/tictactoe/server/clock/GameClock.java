package dev.tictactoe.server.clock;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;

import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.Snapshot;

import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.OptionalLong;

/** Both sides' time in one game under a {@link TimeControl}; a checkpoint keeps its fields. */
@JsonAutoDetect(fieldVisibility = JsonAutoDetect.Visibility.ANY)
public final class GameClock {

    private static final long NANOS_PER_MILLI = 1_000_000;

    private final TimeControl control;

    /** Game clock of X and O (by ordinal) at the start of the current turn. */
    private long[] remaining = new long[2];

    private @Nullable Seat turn;
    private long turnStarted;
    private boolean started;
    private @Nullable Seat flagged;
    // Epoch milliseconds are derived from the start instant so the view never jitters.
    private long anchorNanos;
    private long anchorEpochMillis;

    @JsonCreator
    public GameClock(@JsonProperty("control") TimeControl control) {
        this.control = control;
        remaining[0] = control.base().toNanos();
        remaining[1] = remaining[0];
    }

    /** The wall clock moved {@code millis} while the game's time stood still (a restart). */
    public void wallClockMoved(long millis) {
        anchorEpochMillis += millis;
    }

    /** Starts {@code first}'s time; {@code nowEpochMillis} is the same instant, for clients. */
    public void start(Seat first, long nowNanos, long nowEpochMillis) {
        if (started) {
            throw new IllegalStateException("the clock has already started");
        }
        started = true;
        turn = first;
        turnStarted = nowNanos;
        anchorNanos = nowNanos;
        anchorEpochMillis = nowEpochMillis;
    }

    public @Nullable Seat turn() {
        return turn;
    }

    /** The time {@code seat} spent on its move; null if it had run out and the clock stops. */
    public @Nullable Duration moved(Seat seat, long now) {
        return endTurn(seat, seat.opponent(), now, control.increment().toNanos());
    }

    /** A takeback: the running side is charged, {@code toMove}'s turn starts; null as moved. */
    public @Nullable Duration undone(Seat toMove, long now) {
        return endTurn(turn, toMove, now, 0);
    }

    /** The side to move if its time is up at {@code now} (the clock then stops), else null. */
    public @Nullable Seat flag(long now) {
        if (turn == null || now - turnStarted < limit(turn)) {
            return null;
        }
        return stopFlagged(turn);
    }

    /** The game ended some other way: the side to move is charged up to now, and it stops. */
    public void stop(long now) {
        if (turn == null) {
            return;
        }
        charge(turn, Math.min(Math.max(0, now - turnStarted), limit(turn)));
        turn = null;
    }

    /** When the side to move runs out ({@code System.nanoTime()}); empty when none runs. */
    public OptionalLong deadline() {
        return turn == null ? OptionalLong.empty() : OptionalLong.of(turnStarted + limit(turn));
    }

    /** The clock for the snapshot, changed only when a turn starts or the clock stops. */
    public Snapshot.Clock view() {
        Long x = control.hasGameClock() ? Math.ceilDiv(remaining[0], NANOS_PER_MILLI) : null;
        Long o = control.hasGameClock() ? Math.ceilDiv(remaining[1], NANOS_PER_MILLI) : null;
        Long startedAt = started ? epochMillis(turnStarted) : null;
        Long deadlineAt = turn == null ? null : epochMillis(turnStarted + limit(turn));
        return new Snapshot.Clock(control.toString(), x, o, turn, startedAt, deadlineAt, flagged);
    }

    private @Nullable Duration endTurn(@Nullable Seat seat, Seat next, long now, long bonus) {
        if (flagged != null) {
            // Whatever arrives after the flag is too late, even if it was sent in time.
            return null;
        }
        Seat running = turn;
        if (running == null) {
            throw new IllegalStateException(
                    started ? "the clock has stopped" : "the clock has not started");
        }
        if (seat != running) {
            throw new IllegalStateException(
                    "it is " + running + "'s time that runs, not " + seat + "'s");
        }
        // A time from before the turn started costs nothing rather than giving time.
        long spent = Math.max(0, now - turnStarted);
        if (spent >= limit(running)) {
            stopFlagged(running);
            return null;
        }
        charge(running, spent);
        if (control.hasGameClock()) {
            remaining[running.ordinal()] += bonus;
        }
        turn = next;
        turnStarted = now;
        return Duration.ofNanos(spent);
    }

    /** The longest {@code seat}'s turn may last: game clock and per-move limit. */
    private long limit(Seat seat) {
        if (!control.hasGameClock()) {
            return control.perMove().toNanos();
        }
        long game = remaining[seat.ordinal()];
        return control.hasMoveLimit() ? Math.min(game, control.perMove().toNanos()) : game;
    }

    private void charge(Seat seat, long spent) {
        if (control.hasGameClock()) {
            remaining[seat.ordinal()] -= spent;
        }
    }

    private Seat stopFlagged(Seat seat) {
        charge(seat, limit(seat));
        flagged = seat;
        turn = null;
        return seat;
    }

    private long epochMillis(long nanos) {
        return anchorEpochMillis + Math.floorDiv(nanos - anchorNanos, NANOS_PER_MILLI);
    }
}
