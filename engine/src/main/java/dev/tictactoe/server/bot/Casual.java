package dev.tictactoe.server.bot;

import dev.tictactoe.protocol.BotLevel;

import java.util.SplittableRandom;
import java.util.stream.IntStream;

/** The EASY and MEDIUM levels: one-ply rules of thumb, no search. */
final class Casual {

    private Casual() {}

    /** A random cell near the stones; half the time it takes a win, half the time it blocks one. */
    static BotMove easy(Position pos, SplittableRandom random) {
        int me = pos.side;
        int win = pos.winningCell(me);
        if (win >= 0 && random.nextBoolean()) {
            return new BotMove(win, BotLevel.EASY, false, Bot.WIN - 1, 1, 0, "takes the win");
        }
        int block = pos.winningCell(1 - me);
        if (block >= 0 && random.nextBoolean()) {
            return new BotMove(block, BotLevel.EASY, false, 0, 1, 0, "blocks a line");
        }
        boolean anywhere = pos.moveCount == 0 || pos.cells <= 36;
        int[] cells =
                IntStream.range(0, pos.cells)
                        .filter(c -> pos.stone[c] == 0 && (anywhere || pos.near[c] > 0))
                        .toArray();
        return new BotMove(
                cells[random.nextInt(cells.length)], BotLevel.EASY, false, 0, 0, 0, "random move");
    }

    /** Wins, else blocks, else the cell that best builds its windows and spoils the opponent's. */
    static BotMove medium(Position pos, SplittableRandom random) {
        int me = pos.side;
        int win = pos.winningCell(me);
        if (win >= 0) {
            return new BotMove(win, BotLevel.MEDIUM, false, Bot.WIN - 1, 1, 0, "takes the win");
        }
        int block = pos.winningCell(1 - me);
        if (block >= 0) {
            return new BotMove(block, BotLevel.MEDIUM, false, 0, 1, 0, "blocks a line");
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
        return new BotMove(best, BotLevel.MEDIUM, false, 0, 1, pos.empties(), "heuristic");
    }

    /** MEDIUM on pattern boards: wins, blocks, makes an open four, stops a three, or builds. */
    static BotMove medium(PatternBoard b, SplittableRandom random) {
        int me = b.side;
        int op = 1 - me;
        int[] cells = new int[2];
        if (b.winningCells(me, cells, 1) > 0) {
            return new BotMove(
                    cells[0], BotLevel.MEDIUM, false, Bot.WIN - 1, 1, 0, "takes the win");
        }
        if (b.winningCells(op, cells, 1) > 0) {
            return new BotMove(cells[0], BotLevel.MEDIUM, false, 0, 1, 0, "blocks a four");
        }
        boolean threatened = b.count[op][Patterns.OPEN_FOUR] > 0;
        int best = -1;
        int bestScore = Integer.MIN_VALUE;
        int ties = 0;
        int[] cs = new int[b.cells];
        for (int i = 0, all = CellScan.candidates(b, cs); i < all; i++) {
            int c = cs[i];
            int attack = b.best(me, c);
            int defence = b.best(op, c);
            int score;
            if (b.makesOpenFour(me, c)) {
                score = 1 << 24;
            } else if (threatened && attack < Patterns.FOUR && defence < Patterns.FOUR) {
                continue; // does nothing against the open three
            } else {
                score = b.value(me, c) * 5 / 4 + b.value(op, c);
            }
            if (score > bestScore) {
                bestScore = score;
                best = c;
                ties = 1;
            } else if (score == bestScore && random.nextInt(++ties) == 0) {
                best = c;
            }
        }
        for (int c = 0; c < b.cells && best < 0; c++) {
            best = b.stone[c] == 0 ? c : -1;
        }
        String note =
                bestScore == 1 << 24
                        ? "makes an open four"
                        : threatened ? "stops an open three" : "patterns";
        return new BotMove(best, BotLevel.MEDIUM, false, 0, 1, b.cells - b.moveCount, note);
    }
}
