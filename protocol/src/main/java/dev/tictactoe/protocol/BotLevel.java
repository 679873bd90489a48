package dev.tictactoe.protocol;

import org.jspecify.annotations.Nullable;

import java.util.List;
import java.util.Locale;

/** How strongly a bot plays, weakest first: the one list of levels the engine and both ends use. */
public enum BotLevel implements WireWord {
    EASY, // mostly random moves near the action; takes a win or blocks a loss only half the time
    MEDIUM, // always wins and blocks; otherwise builds its lines and spoils the opponent's
    HARD, // a search bounded by time or nodes, with threat detection
    PERFECT; // exact where the game can be solved in time, otherwise as hard

    /** Every spelling, in order. */
    public static final List<String> WIRE = WireWord.spellings(values());

    /** The level named {@code name}, ignoring case and surrounding blanks. */
    public static BotLevel parse(@Nullable String name) {
        BotLevel level =
                name == null ? null : WireWord.find(values(), name.trim().toLowerCase(Locale.ROOT));
        if (level == null) {
            throw new IllegalArgumentException(
                    "unknown bot level '%s', expected one of %s"
                            .formatted(name, String.join(", ", WIRE)));
        }
        return level;
    }

    /** Such as {@code bot (hard)}. */
    public String playerName() {
        return "bot (" + wire() + ")";
    }
}
