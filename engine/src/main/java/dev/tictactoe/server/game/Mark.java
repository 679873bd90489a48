package dev.tictactoe.server.game;

/** A player's mark; X and O alternate, whichever starts. */
public enum Mark {
    X,
    O;

    public Mark opponent() {
        return this == X ? O : X;
    }
}
