package dev.tictactoe.server.bot;

/** Cells of a {@link PatternBoard} near the stones that win, threaten or are candidates at all. */
final class CellScan {
    private CellScan() {}

    /** Fills {@code out} with the candidates where a makes minA or more, or d makes minD. */
    static int cellsAtLeast(PatternBoard b, int a, int minA, int d, int minD, int[] out) {
        int left = 0;
        for (int code = minA; code < Patterns.COUNT; code++) {
            left += b.count[a][code];
        }
        for (int code = minD; code < Patterns.COUNT; code++) {
            left += b.count[d][code];
        }
        if (left == 0 || b.moveCount == 0) {
            return 0;
        }
        byte[] pa = b.pattern[a];
        byte[] pd = b.pattern[d];
        int[] box = b.box;
        int size = b.size;
        int at = 4 * b.moveCount;
        int r1 = Math.min(size - 1, box[at + 1] + Lines.NEAR);
        int c0 = Math.max(0, box[at + 2] - Lines.NEAR);
        int c1 = Math.min(size - 1, box[at + 3] + Lines.NEAR);
        int n = 0;
        for (int r = Math.max(0, box[at] - Lines.NEAR); r <= r1; r++) {
            for (int c = r * size + c0, end = r * size + c1; c <= end; c++) {
                if (b.stone[c] == 0 && b.near[c] > 0) {
                    int lines =
                            PatternBoard.linesAtLeast(pa, c, minA)
                                    + PatternBoard.linesAtLeast(pd, c, minD);
                    if (lines > 0) {
                        out[n++] = c;
                        left -= lines;
                        if (left == 0) {
                            return n;
                        }
                    }
                }
            }
        }
        return n;
    }

    /** Fills {@code out} with the empty cells near a stone (the centre of an empty board). */
    static int candidates(PatternBoard b, int[] out) {
        int size = b.size;
        if (b.moveCount == 0) {
            out[0] = (size / 2) * size + size / 2;
            return 1;
        }
        int[] box = b.box;
        int at = 4 * b.moveCount;
        int r1 = Math.min(size - 1, box[at + 1] + Lines.NEAR);
        int c0 = Math.max(0, box[at + 2] - Lines.NEAR);
        int c1 = Math.min(size - 1, box[at + 3] + Lines.NEAR);
        int n = 0;
        for (int r = Math.max(0, box[at] - Lines.NEAR); r <= r1; r++) {
            for (int c = r * size + c0, end = r * size + c1; c <= end; c++) {
                if (b.stone[c] == 0 && b.near[c] > 0) {
                    out[n++] = c;
                }
            }
        }
        return n;
    }
}
