package dev.tictactoe.server.bot;

import dev.tictactoe.server.game.Board;

/** HARD's search to exactly a number of plies with no clock, for the bench's timings. */
public final class FixedDepth {

    private FixedDepth() {}

    /** The move {@code bot} plays at HARD on {@code board}, searched {@code depth} plies. */
    public static BotMove search(Bot bot, Board board, int depth, long seed) {
        Position pos = Position.of(board);
        return bot.hard(board, pos, depth, Budget.ofNodes(Long.MAX_VALUE), Bot.random(seed, pos));
    }
}
