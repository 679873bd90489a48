package dev.tictactoe.protocol;

/** Who sits in a seat: a person or a bot. */
public enum PlayerKind implements WireWord {
    HUMAN,
    BOT
}
