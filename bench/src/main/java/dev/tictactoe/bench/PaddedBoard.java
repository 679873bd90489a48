package dev.tictactoe.bench;

import dev.tictactoe.server.game.Rules;

/**
 * The representation the engine did not keep, for comparison: one padded multi-word bitboard per
 * player (N+1 bits per row, the spare bit always clear so runs stop at the row's end). The win
 * check walks bit by bit from the new stone in the four directions; when the whole board fits one
 * long (up to 7×7) it instead tests for k in a row anywhere with k-1 shift-ands per direction. Does
 * the same bookkeeping as {@code Board.play/undo} (checks, move list).
 */
final class PaddedBoard {
    private final int cells;
    private final int winLength;
    private final int limit;
    private final int[] steps;
    private final int[] index;
    private final long[] x;
    private final long[] o;
    private final boolean oneWord;
    private final int[] moves;
    private int count;

    private int winner = -1;

    PaddedBoard(Rules rules) {
        int n = rules.size();
        int stride = n + 1;
        cells = rules.cells();
        winLength = rules.winLength();
        limit = n * stride;
        steps = new int[] {1, stride, stride + 1, stride - 1};
        index = new int[cells];
        for (int cell = 0; cell < cells; cell++) {
            index[cell] = cell / n * stride + cell % n;
        }
        int words = (limit + 63) >>> 6;
        x = new long[words];
        o = new long[words];
        oneWord = words == 1;
        moves = new int[cells];
    }

    boolean play(int cell) {
        if (cell < 0 || cell >= cells) {
            throw new IllegalArgumentException("cell must be 0.." + (cells - 1) + ", was " + cell);
        }
        if (winner >= 0) {
            throw new IllegalStateException("the game is over");
        }
        int i = index[cell];
        int word = i >>> 6;
        long bit = 1L << i;
        if (((x[word] | o[word]) & bit) != 0) {
            throw new IllegalStateException("cell " + cell + " is taken");
        }
        int mark = count & 1;
        long[] own = mark == 0 ? x : o;
        own[word] |= bit;
        moves[count++] = cell;
        boolean won = oneWord ? anyRun(own[0]) : runThrough(own, i);
        if (won) {
            winner = mark;
        }
        return won;
    }

    void undo() {
        int cell = moves[--count];
        int i = index[cell];
        long[] own = (count & 1) == 0 ? x : o;
        own[i >>> 6] &= ~(1L << i);
        winner = -1;
    }

    int winner() {
        return winner;
    }

    /** k in a row anywhere; a new one can only pass through the last stone. */
    private boolean anyRun(long b) {
        for (int step : steps) {
            long m = b;
            for (int j = 1; j < winLength && m != 0; j++) {
                m &= b >>> (j * step);
            }
            if (m != 0) {
                return true;
            }
        }
        return false;
    }

    private boolean runThrough(long[] b, int i) {
        for (int step : steps) {
            if (1 + walk(b, i, step) + walk(b, i, -step) >= winLength) {
                return true;
            }
        }
        return false;
    }

    private int walk(long[] b, int i, int step) {
        int run = 0;
        for (int j = i + step;
                run < winLength - 1 && j >= 0 && j < limit && (b[j >>> 6] & (1L << j)) != 0;
                j += step) {
            run++;
        }
        return run;
    }
}
