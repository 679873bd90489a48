package dev.tictactoe.protocol;

/** Why a game ended, as in a result's {@code reason}. */
public enum ResultReason implements WireWord {
    LINE, // winLength or more in a row
    RESIGN,
    DRAW, // the board is full
    DEAD_DRAW, // no line can be completed any more (with early draws on)
    ABANDONED, // a player left, did not come back within the grace, or was claimed from
    TIMEOUT
}
