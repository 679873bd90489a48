package dev.tictactoe.server.bot;

import java.util.SplittableRandom;

/** The EASY and MEDIUM levels: one-ply rules of thumb, no search. */
final class Casual {

    private Casual() {}

    /**
     * A random cell near the stones (any cell on small boards), except that half the time it
     * takes a win in one and half the time it blocks the opponent's.
     */
    static BotMove easy(Position pos, SplittableRandom random) {
        int me = pos.side;
        int win = pos.winningCell(me);
        if (win >= 0 && random.nextBoolean()) {
            return new BotMove(win, Level.EASY, false, Bot.WIN - 1, 1, 0, "takes the win");
        }
        int block = pos.winningCell(1 - me);
        if (block >= 0 && random.nextBoolean()) {
            return new BotMove(block, Level.EASY, false, 0, 1, 0, "blocks a line");
        }
        int[] cells = new int[pos.cells];
        int n = 0;
        boolean anywhere = pos.moveCount == 0 || pos.cells <= 36;
        for (int c = 0; c < pos.cells; c++) {
            if (pos.stone[c] == 0 && (anywhere || pos.nearStones[c] > 0)) {
                cells[n++] = c;
            }
        }
        return new BotMove(cells[random.nextInt(n)], Level.EASY, false, 0, 0, 0, "random move");
    }

    /**
     * Takes a win in one, else blocks a loss in one, else the cell that best extends its own open
     * windows and spoils the opponent's; ties broken at random.
     */
    static BotMove medium(Position pos, SplittableRandom random) {
        int me = pos.side;
        int win = pos.winningCell(me);
        if (win >= 0) {
            return new BotMove(win, Level.MEDIUM, false, Bot.WIN - 1, 1, 0, "takes the win");
        }
        int block = pos.winningCell(1 - me);
        if (block >= 0) {
            return new BotMove(block, Level.MEDIUM, false, 0, 1, 0, "blocks a line");
        }
        int best = -1;
        int bestScore = Integer.MIN_VALUE;
        int ties = 0;
        for (int c = 0; c < pos.cells; c++) {
            if (pos.stone[c] != 0) {
                continue;
            }
            int score = pos.cellScore(c, me) - pos.lines.centreDistance[c];
            if (score > bestScore) {
                bestScore = score;
                best = c;
                ties = 1;
            } else if (score == bestScore && random.nextInt(++ties) == 0) {
                best = c; // reservoir sampling: each tied cell equally likely
            }
        }
        return new BotMove(best, Level.MEDIUM, false, 0, 1, pos.empties(), "heuristic");
    }
}
