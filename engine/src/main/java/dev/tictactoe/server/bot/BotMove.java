package dev.tictactoe.server.bot;

/**
 * The bot's choice: {@code exact} when proven; {@code score} for the mover, {@link Bot#WIN} - d a
 * win d plies ahead (this move counted), its negation a loss, heuristics inside ±{@link
 * Bot#WIN_THRESHOLD}; {@code note} a short account such as "solved: draw".
 */
public record BotMove(
        int cell, Level level, boolean exact, int score, int depth, long nodes, String note) {}
