package dev.tictactoe.server.room;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;

import dev.tictactoe.protocol.Seat;
import dev.tictactoe.server.clock.GameClock;
import dev.tictactoe.server.clock.IdleClaim;
import dev.tictactoe.server.clock.TimeControl;

import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.OptionalLong;

/** The current game's clock or idle claim, and the instant of the command at hand. */
@JsonAutoDetect(fieldVisibility = JsonAutoDetect.Visibility.ANY)
final class TurnTime {

    private final @Nullable TimeControl control;
    final Duration idleAfter;
    @Nullable GameClock clock;
    @Nullable IdleClaim idle;

    transient long now;
    private transient long nowMillis;

    @JsonCreator
    TurnTime(
            @JsonProperty("control") @Nullable TimeControl control,
            @JsonProperty("idleAfter") Duration idleAfter) {
        this.control = control;
        this.idleAfter = idleAfter;
    }

    void at(long nanos, long millis) {
        now = nanos;
        nowMillis = millis;
    }

    /** A game starts: both clocks full and the first mover's time running, or the idle time. */
    void gameStarted(Seat first) {
        turnStarted();
        if (control != null) {
            clock = new GameClock(control);
            clock.start(first, now, nowMillis);
        }
    }

    /** In an untimed game every turn restarts the idle time. */
    void turnStarted() {
        if (control == null) {
            idle = new IdleClaim(now, nowMillis, idleAfter);
        }
    }

    void moved(Seat seat) {
        if (clock != null) {
            clock.moved(seat, now);
        }
        turnStarted();
    }

    void undone(Seat toMove) {
        if (clock != null) {
            clock.undone(toMove, now);
        }
        turnStarted();
    }

    void stop() {
        if (clock != null) {
            clock.stop(now);
        }
    }

    @Nullable Seat outOfTime() {
        if (clock == null) {
            return null;
        }
        OptionalLong deadline = clock.deadline();
        return deadline.isPresent() && now >= deadline.getAsLong() ? clock.turn() : null;
    }

    /** The wall clock moved {@code millis} while game time stood still; true if shown times did. */
    boolean wallClockMoved(long millis) {
        boolean moved = false;
        if (clock != null && clock.turn() != null) {
            clock.wallClockMoved(millis);
            moved = true;
        }
        if (idle != null) {
            idle =
                    new IdleClaim(
                            idle.turnStartedNanos(), idle.turnStartedAt() + millis, idle.after());
            moved = true;
        }
        return moved;
    }
}
