package dev.tictactoe.protocol;

import com.fasterxml.jackson.annotation.JsonValue;

import java.util.List;
import java.util.Locale;

/** Who sits in a seat: a person or a bot. Spelled in snake_case. */
public enum PlayerKind implements WireWord {
    /** A person on a connection. */
    HUMAN,
    /** A bot of some level. */
    BOT;

    private static final PlayerKind[] ALL = values();

    /** Every spelling, in order. */
    public static final List<String> WIRE = WireWord.spellings(ALL);

    private final String wire = name().toLowerCase(Locale.ROOT);

    @JsonValue
    @Override
    public String wire() {
        return wire;
    }

    /** The word spelled {@code text}, or null. */
    public static PlayerKind fromWire(String text) {
        return WireWord.find(ALL, text);
    }
}
