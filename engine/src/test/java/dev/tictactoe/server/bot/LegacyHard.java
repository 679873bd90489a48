package dev.tictactoe.server.bot;

import dev.tictactoe.server.game.Board;

import java.util.SplittableRandom;

/** The HARD level as it was before the pattern engine: the baseline of the match runner. */
public final class LegacyHard {

    private static final int TABLE_BITS = 17;
    private static final int MAX_DEPTH = 60;

    private final TranspositionTable table = new TranspositionTable(TABLE_BITS);

    /**
     * Chooses a move as the old HARD did, stopping at {@code deadline} (System.nanoTime) or after
     * {@code nodeLimit} nodes, whichever comes first.
     */
    public BotMove choose(Board board, long deadline, long nodeLimit, long seed) {
        Position pos = Position.of(board);
        int me = pos.side;
        int win = pos.winningCell(me);
        if (win >= 0) {
            return new BotMove(win, Level.HARD, false, Bot.WIN - 1, 1, 0, "takes the win");
        }
        int[] blocks = new int[2];
        if (pos.winningCells(1 - me, blocks, 2) > 0) {
            return new BotMove(blocks[0], Level.HARD, false, 0, 1, 0, "blocks a line");
        }
        SplittableRandom random = new SplittableRandom(Bot.mix(seed ^ pos.hash()));
        LegacyHardSearch search =
                new LegacyHardSearch(pos, table, MAX_DEPTH, deadline, nodeLimit, random);
        LegacyHardSearch.Result r = search.run();
        return new BotMove(
                r.cell(), Level.HARD, false, r.score(), r.depth(), search.nodes, "legacy");
    }
}
