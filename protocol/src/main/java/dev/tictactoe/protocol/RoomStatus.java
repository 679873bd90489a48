package dev.tictactoe.protocol;

import com.fasterxml.jackson.annotation.JsonValue;

import java.util.List;
import java.util.Locale;

/** A room's game status: waiting for a second player, playing, or over. Spelled in snake_case. */
public enum RoomStatus implements WireWord {
    /** Waiting for a second player. */
    WAITING,
    /** A game is in progress. */
    PLAYING,
    /** The game has ended; a rematch may start the next. */
    OVER;

    private static final RoomStatus[] ALL = values();

    /** Every spelling, in order. */
    public static final List<String> WIRE = WireWord.spellings(ALL);

    private final String wire = name().toLowerCase(Locale.ROOT);

    @JsonValue
    @Override
    public String wire() {
        return wire;
    }

    /** The word spelled {@code text}, or null. */
    public static RoomStatus fromWire(String text) {
        return WireWord.find(ALL, text);
    }
}
