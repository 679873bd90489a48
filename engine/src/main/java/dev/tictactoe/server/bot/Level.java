package dev.tictactoe.server.bot;

import org.jspecify.annotations.Nullable;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** How strongly the bot plays, from beatable to game-theoretically perfect. */
public enum Level {
    EASY, // mostly random moves near the action; takes a win or blocks a loss only half the time
    MEDIUM, // always wins and blocks; otherwise builds its lines and spoils the opponent's
    HARD, // a time-bounded search with threat detection
    PERFECT; // exact play where the game can be solved in time, otherwise HARD

    /** Such as {@code bot (hard)}. */
    public String playerName() {
        return "bot (" + name().toLowerCase(Locale.ROOT) + ")";
    }

    /** The level named {@code name}, ignoring case and surrounding blanks. */
    public static Level parse(@Nullable String name) {
        for (Level level : values()) {
            if (name != null && level.name().equalsIgnoreCase(name.trim())) {
                return level;
            }
        }
        throw new IllegalArgumentException(
                "unknown bot level '"
                        + name
                        + "', expected one of "
                        + Arrays.stream(values())
                                .map(l -> l.name().toLowerCase(Locale.ROOT))
                                .collect(Collectors.joining(", ")));
    }
}
