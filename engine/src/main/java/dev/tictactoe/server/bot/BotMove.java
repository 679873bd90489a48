package dev.tictactoe.server.bot;

import dev.tictactoe.protocol.BotLevel;

/** The bot's choice; {@code score} for the mover, {@link Bot#WIN} - d a win d plies ahead. */
public record BotMove(
        int cell, BotLevel level, boolean exact, int score, int depth, long nodes, String note) {}
