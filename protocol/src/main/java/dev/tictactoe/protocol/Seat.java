package dev.tictactoe.protocol;

/** The two seats of a room, spelled by their mark: {@code "X"} and {@code "O"}. */
public enum Seat implements WireWord {
    X,
    O;

    @Override
    public String wire() {
        return name();
    }

    /** The opponent's seat. */
    public Seat opponent() {
        return this == X ? O : X;
    }
}
