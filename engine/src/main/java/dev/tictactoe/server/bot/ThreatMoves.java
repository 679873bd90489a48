package dev.tictactoe.server.bot;

/** The moves of a {@link Threats} search: the attacker's threats and the defences, best first. */
final class ThreatMoves {
    private final PatternBoard b;
    private final int[] area;
    private final int[] seen;
    private int stamp;

    ThreatMoves(PatternBoard b) {
        this.b = b;
        area = new int[b.cells];
        seen = new int[b.cells];
    }

    int threats(int att, int def, int[] out, int[] score, boolean withThrees) {
        int min = withThrees ? Patterns.OPEN_THREE : Patterns.FOUR;
        int n = 0;
        int[] cs = area;
        int all = CellScan.cellsAtLeast(b, att, min, def, Patterns.COUNT, cs);
        for (int i = 0; i < all; i++) {
            int c = cs[i];
            int best = b.best(att, c);
            n = insert(out, score, n, c, best * 4096 + b.value(att, c) + b.value(def, c));
        }
        return n;
    }

    /** Cells that may stop a threatened open four, and the defender's own fours. */
    int defences(int att, int def, int[] out, int[] score) {
        int n = 0;
        int mark = ++stamp;
        byte[] pa = b.pattern[att];
        int[] cs = area;
        int all = CellScan.cellsAtLeast(b, def, Patterns.FOUR, att, Patterns.OPEN_FOUR, cs);
        for (int i = 0; i < all; i++) {
            int c = cs[i];
            if (b.best(def, c) >= Patterns.FOUR) {
                n = addDefence(c, mark, att, def, out, score, n);
            }
            for (int d = 0; d < 4; d++) {
                if (pa[4 * c + d] != Patterns.OPEN_FOUR) {
                    continue;
                }
                n = addDefence(c, mark, att, def, out, score, n);
                for (int e : b.lineCells(c, d)) {
                    if (b.stone[e] == 0 && pa[4 * e + d] >= Patterns.FOUR) {
                        n = addDefence(e, mark, att, def, out, score, n);
                    }
                }
            }
        }
        return n;
    }

    private int addDefence(int c, int mark, int att, int def, int[] out, int[] score, int n) {
        if (seen[c] == mark) {
            return n;
        }
        seen[c] = mark;
        return insert(out, score, n, c, b.best(att, c) * 4096 + b.value(att, c) + b.value(def, c));
    }

    /** Inserts {@code c} into the list sorted by descending score; returns the new length. */
    static int insert(int[] out, int[] score, int n, int c, int s) {
        int j = n;
        while (j > 0 && score[j - 1] < s) {
            out[j] = out[j - 1];
            score[j] = score[j - 1];
            j--;
        }
        out[j] = c;
        score[j] = s;
        return n + 1;
    }
}
