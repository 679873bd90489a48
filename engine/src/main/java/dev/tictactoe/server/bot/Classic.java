package dev.tictactoe.server.bot;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Rules;

/** 3×3 solved when the class loads: every position's value and the moves that keep it. */
final class Classic {

    private static final int STATES = 19683; // 3^9
    private static final int[] POW3 = {1, 3, 9, 27, 81, 243, 729, 2187, 6561};
    private static final int[][] LINES = {
        {0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}
    };
    private static final int UNKNOWN = Integer.MIN_VALUE;

    /** By key of the mover's (1) and the opponent's (2) marks: the mover's value, as Solver's. */
    private static final int[] VALUE = new int[STATES];

    /** Bit c set when moving to cell c keeps the value. */
    private static final short[] BEST = new short[STATES];

    static {
        java.util.Arrays.fill(VALUE, UNKNOWN);
        for (int key = 0; key < STATES; key++) {
            solve(key);
        }
    }

    /** A best move, the seed choosing among the equal ones. */
    static BotMove move(Board board, long seed) {
        boolean xToMove = board.toMove() == Seat.X;
        int marks = 0; // X 1, O 2
        for (int c = 0; c < 9; c++) {
            Seat mark = board.at(c);
            marks += mark == null ? 0 : (mark.ordinal() + 1) * POW3[c];
        }
        int key = xToMove ? marks : swap(marks);
        int index = (xToMove ? 0 : STATES) + marks;
        int best = BEST[key];
        int pick = (int) Long.remainderUnsigned(Bot.mix(seed ^ index), Integer.bitCount(best));
        for (int i = 0; i < pick; i++) {
            best &= best - 1;
        }
        int cell = Integer.numberOfTrailingZeros(best);
        String note = "solved: " + Solver.value(VALUE[key]);
        return new BotMove(
                cell, BotLevel.PERFECT, true, VALUE[key], 9 - board.moveCount(), 0, note);
    }

    private Classic() {}

    static boolean handles(Rules rules) {
        return rules.size() == 3;
    }

    private static int solve(int key) {
        if (VALUE[key] != UNKNOWN) {
            return VALUE[key];
        }
        int best = Integer.MIN_VALUE;
        int bestSet = 0;
        boolean any = false;
        if (!hasLine(key, 1) && !hasLine(key, 2)) {
            for (int c = 0; c < 9; c++) {
                if (digit(key, c) != 0) {
                    continue;
                }
                any = true;
                int after = key + POW3[c];
                int v = hasLine(after, 1) ? Bot.WIN - 1 : Bot.parentValue(solve(swap(after)));
                if (v > best) {
                    best = v;
                    bestSet = 1 << c;
                } else if (v == best) {
                    bestSet |= 1 << c;
                }
            }
        }
        VALUE[key] = any ? best : 0;
        BEST[key] = (short) bestSet;
        return VALUE[key];
    }

    private static int digit(int key, int cell) {
        return key / POW3[cell] % 3;
    }

    // The same marks seen from the other side.
    private static int swap(int key) {
        int out = 0;
        for (int c = 0; c < 9; c++) {
            int d = digit(key, c);
            out += (d == 0 ? 0 : 3 - d) * POW3[c];
        }
        return out;
    }

    private static boolean hasLine(int key, int d) {
        for (int[] line : LINES) {
            if (digit(key, line[0]) == d && digit(key, line[1]) == d && digit(key, line[2]) == d) {
                return true;
            }
        }
        return false;
    }
}
