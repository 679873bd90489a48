package dev.tictactoe.server.bot;

/**
 * An independent, slow search for wins by continuous fours on a plain grid (0 empty, 1 X, 2 O),
 * written straight from the rules: the attacker only makes fours (a stone after which one more
 * completes k in a row); the defender must block, unless it can complete a line of its own first.
 * Depth counts the attacker's free moves; a block it is forced to make costs nothing but must
 * itself be a four.
 */
final class NaiveFours {

    private static final int[][] STEPS = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};

    private NaiveFours() {}

    /**
     * Whether side {@code att} (0 X, 1 O), to move, wins by fours within {@code depth} free fours.
     */
    static boolean wins(int[] g, int size, int k, int att, int depth) {
        int def = 1 - att;
        if (winningCells(g, size, k, att, 1)[0] >= 0) {
            return true;
        }
        int[] theirs = winningCells(g, size, k, def, 2);
        if (theirs[1] >= 0) {
            return false;
        }
        if (theirs[0] >= 0) {
            g[theirs[0]] = att + 1;
            boolean won =
                    winningCells(g, size, k, att, 1)[0] >= 0
                            && defenderLoses(g, size, k, def, depth);
            g[theirs[0]] = 0;
            return won;
        }
        for (int c = 0; c < g.length; c++) {
            if (g[c] != 0) {
                continue;
            }
            g[c] = att + 1;
            int[] mine = winningCells(g, size, k, att, 2);
            boolean won =
                    mine[1] >= 0
                            || (mine[0] >= 0
                                    && depth > 0
                                    && defenderLoses(g, size, k, def, depth - 1));
            g[c] = 0;
            if (won) {
                return true;
            }
        }
        return false;
    }

    /** {@code def} to move facing a four of the attacker: does every answer lose? */
    static boolean defenderLoses(int[] g, int size, int k, int def, int depth) {
        int att = 1 - def;
        if (winningCells(g, size, k, def, 1)[0] >= 0) {
            return false;
        }
        int[] mine = winningCells(g, size, k, att, 2);
        if (mine[0] < 0) {
            return false;
        }
        if (mine[1] >= 0) {
            return true;
        }
        g[mine[0]] = def + 1;
        boolean won = wins(g, size, k, att, depth);
        g[mine[0]] = 0;
        return won;
    }

    // Up to `limit` empty cells where side s would make k in a row; -1 where there are none.
    private static int[] winningCells(int[] g, int size, int k, int s, int limit) {
        int[] out = {-1, -1};
        int n = 0;
        for (int c = 0; c < g.length && n < limit; c++) {
            if (g[c] == 0 && longestRun(g, size, c, s + 1) >= k) {
                out[n++] = c;
            }
        }
        return out;
    }

    private static int longestRun(int[] g, int size, int cell, int mark) {
        int best = 0;
        for (int[] d : STEPS) {
            int run = 1;
            for (int sign = -1; sign <= 1; sign += 2) {
                int r = cell / size + sign * d[0];
                int c = cell % size + sign * d[1];
                while (r >= 0 && r < size && c >= 0 && c < size && g[r * size + c] == mark) {
                    run++;
                    r += sign * d[0];
                    c += sign * d[1];
                }
            }
            best = Math.max(best, run);
        }
        return best;
    }
}
