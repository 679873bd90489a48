package dev.tictactoe.server.lobby;

import dev.tictactoe.server.clock.TimeControl;
import dev.tictactoe.server.game.Rules;

import org.jspecify.annotations.Nullable;

/** What two players must agree on to be paired: board, win length and time control. */
public record MatchKey(Rules rules, @Nullable TimeControl timeControl) {

    /** A request's key; a null or blank clock is untimed, and its refusal starts "clock: ". */
    public static MatchKey of(int size, int winLength, @Nullable String clock) {
        Rules rules = new Rules(size, winLength);
        try {
            return new MatchKey(
                    rules, clock == null || clock.isBlank() ? null : TimeControl.parse(clock));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("clock: " + e.getMessage(), e);
        }
    }

    /** A short label for logs, such as {@code 15x15/5 3m+2s}. */
    @Override
    public String toString() {
        String board = rules.size() + "x" + rules.size() + "/" + rules.winLength();
        return timeControl == null ? board : board + " " + timeControl;
    }
}
