package dev.tictactoe.server.game;

/** Per-size tables of each cell's four lines and each line's cells as bits (a column's by row). */
final class Geometry {
    static final int ROW = 0, COLUMN = 1, DIAGONAL = 2, ANTI_DIAGONAL = 3;

    /** Row and column step of each direction, towards ascending cells. */
    static final int[][] STEPS = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};

    private static final Geometry[] BY_SIZE = new Geometry[Rules.MAX_SIZE + 1];

    static {
        for (int n = Rules.MIN_SIZE; n <= Rules.MAX_SIZE; n++) {
            BY_SIZE[n] = new Geometry(n);
        }
    }

    final int size;
    final int lineCount;

    /** Four ints per cell: row, column, diagonal line index, anti-diagonal line index. */
    final int[] cellInfo;

    final int[] lineMask;

    private Geometry(int n) {
        size = n;
        lineCount = 6 * n - 2;
        cellInfo = new int[4 * n * n];
        lineMask = new int[lineCount];
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < n; c++) {
                int g = 4 * (r * n + c);
                int diagonal = 2 * n + (r - c + n - 1);
                int anti = 4 * n - 1 + (r + c);
                cellInfo[g] = r;
                cellInfo[g + 1] = c;
                cellInfo[g + 2] = diagonal;
                cellInfo[g + 3] = anti;
                lineMask[r] |= 1 << c;
                lineMask[n + c] |= 1 << r;
                lineMask[diagonal] |= 1 << c;
                lineMask[anti] |= 1 << c;
            }
        }
    }

    static Geometry of(int size) {
        return BY_SIZE[size];
    }
}
