package dev.tictactoe.server.game;

/** A player's mark; X and O alternate, whichever starts. */
public enum Mark {
    X,
    O;

    /** The other mark. */
    public Mark opponent() {
        return this == X ? O : X;
    }

    /** The mark's letter as drawn on a board. */
    public char symbol() {
        return this == X ? 'X' : 'O';
    }
}
