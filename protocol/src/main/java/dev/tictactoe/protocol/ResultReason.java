package dev.tictactoe.protocol;

import com.fasterxml.jackson.annotation.JsonValue;

import java.util.List;
import java.util.Locale;

/** Why a game ended, as in a result's {@code reason}. Spelled in snake_case. */
public enum ResultReason implements WireWord {
    /** A line of {@code winLength} or more. */
    LINE,
    /** A player resigned. */
    RESIGN,
    /** The board is full. */
    DRAW,
    /** No line can be completed any more (with early draws on). */
    DEAD_DRAW,
    /** A player left, did not come back within the grace, or was claimed from. */
    ABANDONED,
    /** The side to move ran out of time. */
    TIMEOUT;

    private static final ResultReason[] ALL = values();

    /** Every spelling, in order. */
    public static final List<String> WIRE = WireWord.spellings(ALL);

    private final String wire = name().toLowerCase(Locale.ROOT);

    @JsonValue
    @Override
    public String wire() {
        return wire;
    }

    /** The word spelled {@code text}, or null. */
    public static ResultReason fromWire(String text) {
        return WireWord.find(ALL, text);
    }
}
