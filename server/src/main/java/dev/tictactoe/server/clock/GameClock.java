package dev.tictactoe.server.clock;

import dev.tictactoe.server.game.Mark;

import java.time.Duration;
import java.util.OptionalLong;

/**
 * Both sides' time in one game under a {@link TimeControl}. Times are {@code System.nanoTime()}
 * values handed in by the caller; nothing here reads a clock, so a clock runs out exactly at {@link
 * #deadline()} and not a nanosecond earlier or later.
 *
 * <p>The side to move runs out when its turn has lasted as long as its game clock or the limit per
 * move, whichever is shorter: at that instant, not after. A move ends the turn, charges the time
 * spent and adds the increment; a takeback ({@link #undone}) ends the turn without an increment and
 * gives no time back. A new game gets a new clock.
 */
public final class GameClock {

    private static final long NANOS_PER_MILLI = 1_000_000;

    private final TimeControl control;
    private final long perMove;
    private final long increment;

    /** Game clock of X and O (by ordinal) at the start of the current turn; unused without one. */
    private final long[] remaining = new long[2];

    private Mark turn;
    private long turnStarted;
    private boolean started;
    private Mark flagged;
    // Epoch milliseconds are derived from the start instant so the view never jitters.
    private long anchorNanos;
    private long anchorEpochMillis;

    /**
     * Everything a clock holds, to keep it across a restart: each side's game clock at the start of
     * the current turn, the side whose time runs and since when, the seat that ran out, and the
     * instant that maps the clock's times to the wall clock.
     */
    public record State(
            long xRemaining,
            long oRemaining,
            Mark turn,
            long turnStarted,
            boolean started,
            Mark flagged,
            long anchorNanos,
            long anchorEpochMillis) {}

    public GameClock(TimeControl control) {
        this.control = control;
        this.perMove = control.perMove().toNanos();
        this.increment = control.increment().toNanos();
        remaining[0] = control.base().toNanos();
        remaining[1] = remaining[0];
    }

    /** A clock exactly as {@link #state()} found it; its times are on the same monotonic base. */
    public static GameClock restore(TimeControl control, State state) {
        GameClock clock = new GameClock(control);
        clock.remaining[0] = state.xRemaining();
        clock.remaining[1] = state.oRemaining();
        clock.turn = state.turn();
        clock.turnStarted = state.turnStarted();
        clock.started = state.started();
        clock.flagged = state.flagged();
        clock.anchorNanos = state.anchorNanos();
        clock.anchorEpochMillis = state.anchorEpochMillis();
        return clock;
    }

    public State state() {
        return new State(
                remaining[0],
                remaining[1],
                turn,
                turnStarted,
                started,
                flagged,
                anchorNanos,
                anchorEpochMillis);
    }

    /**
     * The wall clock moved on by {@code millis} while the game's time stood still (the server was
     * down and its monotonic times continue where they stopped): the times shown move with the wall
     * clock, so the side to move gets its deadline that much later.
     */
    public void wallClockMoved(long millis) {
        anchorEpochMillis += millis;
    }

    public TimeControl control() {
        return control;
    }

    /**
     * Starts {@code first}'s time at {@code nowNanos}; {@code nowEpochMillis} is the same instant
     * on the wall clock, used only to show times to clients.
     */
    public void start(Mark first, long nowNanos, long nowEpochMillis) {
        if (started) {
            throw new IllegalStateException("the clock has already started");
        }
        started = true;
        turn = first;
        turnStarted = nowNanos;
        anchorNanos = nowNanos;
        anchorEpochMillis = nowEpochMillis;
    }

    /** Whether a side's time is running. */
    public boolean running() {
        return turn != null;
    }

    /** The seat whose time is running, or null. */
    public Mark turn() {
        return turn;
    }

    /** The seat that ran out of time, or null. */
    public Mark flagged() {
        return flagged;
    }

    /**
     * {@code seat}, the side to move, moved at {@code now}: its time is charged, the increment
     * added and the other side's turn begins. If {@code seat} had already run out (at the deadline
     * itself, too), the move does not count: the clock stops and says so, and every later call says
     * the same.
     */
    public MoveTiming moved(Mark seat, long now) {
        return endTurn(seat, seat.opponent(), now, increment);
    }

    /**
     * A takeback was applied at {@code now} and {@code toMove} is to move: the side whose time was
     * running is charged up to now (no increment, nothing given back) and {@code toMove}'s turn
     * starts afresh.
     */
    public MoveTiming undone(Mark toMove, long now) {
        return endTurn(turn, toMove, now, 0);
    }

    /**
     * Checks the side to move at {@code now}: if its time is up, the clock stops and that seat is
     * returned; otherwise null (a timer that fired early should be scheduled again at {@link
     * #deadline()}).
     */
    public Mark flag(long now) {
        if (turn == null || now - turnStarted < limit(turn)) {
            return null;
        }
        return stopFlagged(turn);
    }

    /**
     * The game ended some other way at {@code now} (resignation, a winning move already passed to
     * {@link #moved}, a player leaving): the side to move is charged up to now, at most all its
     * time, and the clock stops. Calling it on a stopped clock does nothing.
     */
    public void stop(long now) {
        if (turn == null) {
            return;
        }
        charge(turn, Math.min(Math.max(0, now - turnStarted), limit(turn)));
        turn = null;
    }

    /**
     * When the side to move runs out, as a {@code System.nanoTime()} value: the room schedules its
     * one timer for this instant. Empty when no time is running.
     */
    public OptionalLong deadline() {
        return turn == null ? OptionalLong.empty() : OptionalLong.of(turnStarted + limit(turn));
    }

    /**
     * How long {@code seat} can still think at {@code now}: the side to move until its deadline,
     * the other side on its next turn if it started now. Zero once run out.
     */
    public Duration remaining(Mark seat, long now) {
        if (seat == turn) {
            return Duration.ofNanos(Math.max(0, limit(seat) - (now - turnStarted)));
        }
        if (seat == flagged) {
            return Duration.ZERO;
        }
        return Duration.ofNanos(limit(seat));
    }

    /** The clock for the snapshot: nothing in it changes until a turn starts or the clock stops. */
    public ClockView view() {
        Long x = control.hasGameClock() ? Math.ceilDiv(remaining[0], NANOS_PER_MILLI) : null;
        Long o = control.hasGameClock() ? Math.ceilDiv(remaining[1], NANOS_PER_MILLI) : null;
        Long startedAt = started ? epochMillis(turnStarted) : null;
        Long deadlineAt = turn == null ? null : epochMillis(turnStarted + limit(turn));
        return new ClockView(control.toString(), x, o, turn, startedAt, deadlineAt, flagged);
    }

    private MoveTiming endTurn(Mark seat, Mark next, long now, long bonus) {
        if (flagged != null) {
            // Whatever arrives after the flag is too late, even if it was sent in time.
            return new MoveTiming.Flagged(flagged);
        }
        requireRunning();
        if (seat != turn) {
            throw new IllegalStateException(
                    "it is " + turn + "'s time that runs, not " + seat + "'s");
        }
        // A time from before the turn started (handed in out of order) costs nothing rather than
        // giving time.
        long spent = Math.max(0, now - turnStarted);
        if (spent >= limit(seat)) {
            stopFlagged(seat);
            return new MoveTiming.Flagged(seat);
        }
        charge(seat, spent);
        if (control.hasGameClock()) {
            remaining[seat.ordinal()] += bonus;
        }
        turn = next;
        turnStarted = now;
        return new MoveTiming.InTime(Duration.ofNanos(spent));
    }

    /** The longest {@code seat}'s turn may last from its start: game clock and per-move limit. */
    private long limit(Mark seat) {
        if (!control.hasGameClock()) {
            return perMove;
        }
        long game = remaining[seat.ordinal()];
        return control.hasMoveLimit() ? Math.min(game, perMove) : game;
    }

    private void charge(Mark seat, long spent) {
        if (control.hasGameClock()) {
            remaining[seat.ordinal()] -= spent;
        }
    }

    private Mark stopFlagged(Mark seat) {
        charge(seat, limit(seat));
        flagged = seat;
        turn = null;
        return seat;
    }

    private void requireRunning() {
        if (turn == null) {
            throw new IllegalStateException(
                    started ? "the clock has stopped" : "the clock has not started");
        }
    }

    private long epochMillis(long nanos) {
        return anchorEpochMillis + Math.floorDiv(nanos - anchorNanos, NANOS_PER_MILLI);
    }
}
