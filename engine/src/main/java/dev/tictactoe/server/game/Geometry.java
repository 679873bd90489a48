package dev.tictactoe.server.game;

/**
 * Per-size tables shared by all boards of one size: each cell's four lines, each line's cells as
 * bits (by column, a column's by row); rows, then columns, diagonals and anti-diagonals.
 */
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

    static final int KEY3_MAX_CELLS = 16; // boards with at most this many cells have a Board.key3()

    final int size;
    final int lineCount;

    /** Four ints per cell: row, column, diagonal line index, anti-diagonal line index. */
    final int[] cellInfo;

    final int[] lineMask;

    /** 3^cell for boards that have a ternary key, else all 0 (so updating it needs no branch). */
    final int[] pow3;

    private Geometry(int n) {
        size = n;
        lineCount = 6 * n - 2;
        cellInfo = new int[4 * n * n];
        lineMask = new int[lineCount];
        pow3 = new int[n * n];
        if (n * n <= KEY3_MAX_CELLS) {
            pow3[0] = 1;
            for (int i = 1; i < pow3.length; i++) {
                pow3[i] = 3 * pow3[i - 1];
            }
        }
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
