package dev.tictactoe.protocol;

import com.fasterxml.jackson.annotation.JsonValue;

import java.util.List;
import java.util.Locale;

/**
 * The quick phrases a player may send the room: a closed list, so there is no free text to
 * moderate. Spelled in snake_case.
 */
public enum QuickPhrase implements WireWord {
    HELLO,
    GOOD_LUCK,
    NICE_MOVE,
    OOPS,
    THANKS,
    WELL_PLAYED,
    GOOD_GAME,
    REMATCH;

    private static final QuickPhrase[] ALL = values();

    /** Every spelling, in order. */
    public static final List<String> WIRE = WireWord.spellings(ALL);

    private final String wire = name().toLowerCase(Locale.ROOT);

    @JsonValue
    @Override
    public String wire() {
        return wire;
    }

    /** The phrase spelled {@code text}, or null. */
    public static QuickPhrase fromWire(String text) {
        return WireWord.find(ALL, text);
    }
}
