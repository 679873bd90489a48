package dev.tictactoe.protocol;

import com.fasterxml.jackson.annotation.JsonValue;

import java.util.List;
import java.util.Locale;

/**
 * How strongly a bot plays, weakest first: the one list of levels both ends accept. Spelled in
 * snake_case.
 */
public enum BotLevel implements WireWord {
    /** Mostly random moves near the action. */
    EASY,
    /** Takes wins, blocks losses, otherwise builds its lines. */
    MEDIUM,
    /** A search bounded by time or nodes. */
    HARD,
    /** Exact play where the game can be solved, otherwise as hard. */
    PERFECT;

    private static final BotLevel[] ALL = values();

    /** Every spelling, in order. */
    public static final List<String> WIRE = WireWord.spellings(ALL);

    private final String wire = name().toLowerCase(Locale.ROOT);

    @JsonValue
    @Override
    public String wire() {
        return wire;
    }

    /** The word spelled {@code text}, or null. */
    public static BotLevel fromWire(String text) {
        return WireWord.find(ALL, text);
    }
}
