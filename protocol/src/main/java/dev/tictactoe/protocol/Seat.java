package dev.tictactoe.protocol;

import org.jspecify.annotations.Nullable;

import java.util.List;

/** The two seats of a room, spelled by their mark: {@code "X"} and {@code "O"}. */
public enum Seat implements WireWord {
    X,
    O;

    /** Every spelling, in order: "X", "O". */
    public static final List<String> WIRE = WireWord.spellings(values());

    @Override
    public String wire() {
        return name();
    }

    /** The opponent's seat. */
    public Seat other() {
        return this == X ? O : X;
    }

    /** The seat spelled {@code text}. */
    public static @Nullable Seat fromWire(String text) {
        return WireWord.find(values(), text);
    }
}
