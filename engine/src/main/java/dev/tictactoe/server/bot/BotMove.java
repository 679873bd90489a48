package dev.tictactoe.server.bot;

/** The bot's choice; {@code score} for the mover, {@link Bot#WIN} - d a win d plies ahead. */
public record BotMove(
        int cell, Level level, boolean exact, int score, int depth, long nodes, String note) {}
