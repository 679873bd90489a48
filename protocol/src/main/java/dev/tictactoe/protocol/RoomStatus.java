package dev.tictactoe.protocol;

/** A room's game status: waiting for a second player, playing, or over. */
public enum RoomStatus implements WireWord {
    WAITING,
    PLAYING,
    /** The game has ended; a rematch may start the next. */
    OVER
}
