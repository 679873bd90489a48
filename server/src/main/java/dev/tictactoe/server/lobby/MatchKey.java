package dev.tictactoe.server.lobby;

import dev.tictactoe.server.clock.TimeControl;
import dev.tictactoe.server.game.Rules;

import org.jspecify.annotations.Nullable;

/** What two players must agree on to be paired: board, win length and time control. */
public record MatchKey(Rules rules, @Nullable TimeControl timeControl) {

    public MatchKey {
        if (rules == null) {
            throw new IllegalArgumentException("rules must not be null");
        }
    }

    /** A request's key; null {@code winLength} is min(size, 5), a null or blank clock untimed. */
    public static MatchKey of(int size, @Nullable Integer winLength, @Nullable String clock) {
        Rules rules;
        try {
            rules = new Rules(size, winLength == null ? Math.min(size, 5) : winLength);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    (winLength == null ? "size: " : "size, winLength: ") + e.getMessage(), e);
        }
        TimeControl timeControl;
        try {
            timeControl = clock == null || clock.isBlank() ? null : TimeControl.parse(clock);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("clock: " + e.getMessage(), e);
        }
        return new MatchKey(rules, timeControl);
    }

    /** A short label for logs, such as {@code 15x15/5 3m+2s}. */
    @Override
    public String toString() {
        String board = rules.size() + "x" + rules.size() + "/" + rules.winLength();
        return timeControl == null ? board : board + " " + timeControl;
    }
}
