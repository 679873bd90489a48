package dev.tictactoe.protocol;

/** Why a game ended, as in a result's {@code reason}. */
public enum ResultReason implements WireWord {
    /** A line of {@code winLength} or more. */
    LINE,
    RESIGN,
    /** The board is full. */
    DRAW,
    /** No line can be completed any more (with early draws on). */
    DEAD_DRAW,
    /** A player left, did not come back within the grace, or was claimed from. */
    ABANDONED,
    /** The side to move ran out of time. */
    TIMEOUT
}
