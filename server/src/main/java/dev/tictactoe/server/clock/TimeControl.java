package dev.tictactoe.server.clock;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

import dev.tictactoe.protocol.Durations;
import dev.tictactoe.server.settings.Check;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.stream.Stream;

/** A time control: a game clock with increment, a limit per move, or both. */
public record TimeControl(Duration base, Duration increment, Duration perMove) {

    /** Shortest game clock: shorter is over before the first move is seen. */
    public static final Duration MIN_BASE = Duration.ofSeconds(10);

    public static final Duration MAX_BASE = Duration.ofHours(3);
    public static final Duration MAX_INCREMENT = Duration.ofMinutes(3);

    /** Shortest limit per move: a move needs a round trip and a human reaction. */
    public static final Duration MIN_PER_MOVE = Duration.ofSeconds(1);

    public static final Duration MAX_PER_MOVE = Duration.ofHours(1);

    public static final int MAX_TEXT_LENGTH = 40;

    public TimeControl {
        if (base.isZero() && perMove.isZero()) {
            throw new IllegalArgumentException(
                    "a time control needs a game clock, a limit per move, or both");
        }
        if (!base.isZero()) {
            Check.requireWithin("base time", base, MIN_BASE, MAX_BASE);
        }
        Check.requireWithin("increment", increment, Duration.ZERO, MAX_INCREMENT);
        if (base.isZero() && !increment.isZero()) {
            throw new IllegalArgumentException("an increment needs a game clock");
        }
        if (!perMove.isZero()) {
            Check.requireWithin("time per move", perMove, MIN_PER_MOVE, MAX_PER_MOVE);
        }
        if (Stream.of(base, increment, perMove)
                .anyMatch(d -> !d.truncatedTo(ChronoUnit.MILLIS).equals(d))) {
            throw new IllegalArgumentException("times are whole milliseconds");
        }
    }

    public boolean hasGameClock() {
        return !base.isZero();
    }

    public boolean hasMoveLimit() {
        return !perMove.isZero();
    }

    /** Reads {@code BASE[+INCREMENT]}, {@code LIMIT/move}, or both, comma-separated. */
    @JsonCreator // a journaled room keeps its time control as the canonical text
    public static TimeControl parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException(
                    "expected a time control like \"3m+2s\" or \"20s/move\", got nothing");
        }
        if (text.length() > MAX_TEXT_LENGTH) {
            throw new IllegalArgumentException(
                    "a time control is at most " + MAX_TEXT_LENGTH + " characters");
        }
        Duration base = null;
        Duration increment = Duration.ZERO;
        Duration perMove = null;
        for (String raw : text.split(",", -1)) {
            String part = raw.strip().toLowerCase(Locale.ROOT);
            if (part.isEmpty()) {
                throw new IllegalArgumentException("an empty part in \"" + text + "\"");
            }
            if (part.endsWith("/move")) {
                if (perMove != null) {
                    throw new IllegalArgumentException("two limits per move in \"" + text + "\"");
                }
                perMove =
                        duration(
                                part.substring(0, part.length() - "/move".length()),
                                "a limit before \"/move\"",
                                text);
            } else {
                if (base != null) {
                    throw new IllegalArgumentException("two game clocks in \"" + text + "\"");
                }
                int plus = part.indexOf('+');
                base =
                        duration(
                                plus < 0 ? part : part.substring(0, plus),
                                "a base time before \"+\"",
                                text);
                if (plus >= 0) {
                    increment =
                            duration(part.substring(plus + 1), "an increment after \"+\"", text);
                }
            }
        }
        return new TimeControl(
                base == null ? Duration.ZERO : base,
                increment,
                perMove == null ? Duration.ZERO : perMove);
    }

    // One duration of a time control's text; `what` names it when it is missing.
    private static Duration duration(String part, String what, String text) {
        String t = part.strip();
        if (t.isEmpty()) {
            throw new IllegalArgumentException("missing " + what + " in \"" + text + "\"");
        }
        return Durations.parse(t);
    }

    /** The canonical text, which {@link #parse} reads back to an equal time control. */
    @Override
    @JsonValue
    public String toString() {
        String clock =
                !hasGameClock()
                        ? ""
                        : Durations.format(base)
                                + (increment.isZero() ? "" : "+" + Durations.format(increment));
        String limit = hasMoveLimit() ? Durations.format(perMove) + "/move" : "";
        return clock.isEmpty() || limit.isEmpty() ? clock + limit : clock + "," + limit;
    }
}
