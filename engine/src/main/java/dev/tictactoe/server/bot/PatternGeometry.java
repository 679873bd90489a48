package dev.tictactoe.server.bot;

import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;

/** The fixed tables of one (size, k) for a {@link PatternBoard}: line neighbours and edges. */
final class PatternGeometry {
    static final int[][] STEPS = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};

    /** Cells within this Chebyshev distance of a stone are candidate moves. */
    static final int NEAR = 2;

    private static final ConcurrentHashMap<Integer, PatternGeometry> CACHE =
            new ConcurrentHashMap<>();

    /** Per cell and direction: the neighbours on the line, and this cell's digit weight in each. */
    final int[][] lineCells;

    final int[][] lineWeights;
    final int[][] nearCells;

    /** The key of each (cell, direction) on the empty board: the edges as blocked digits. */
    final int[] wallKeys;

    static PatternGeometry of(int size, int k) {
        return CACHE.computeIfAbsent(size * 100 + k, key -> new PatternGeometry(size, k));
    }

    private PatternGeometry(int size, int k) {
        int cells = size * size;
        int[] pow3 = new int[2 * k - 2];
        pow3[0] = 1;
        for (int i = 1; i < pow3.length; i++) {
            pow3[i] = 3 * pow3[i - 1];
        }
        lineCells = new int[4 * cells][];
        lineWeights = new int[4 * cells][];
        nearCells = nearCells(size);
        wallKeys = new int[4 * cells];
        for (int c = 0; c < cells; c++) {
            int r = c / size;
            int col = c % size;
            for (int d = 0; d < 4; d++) {
                int[] cs = new int[2 * k - 2];
                int[] ws = new int[2 * k - 2];
                int n = 0;
                for (int o = -(k - 1); o <= k - 1; o++) {
                    int rr = r + o * STEPS[d][0];
                    int cc = col + o * STEPS[d][1];
                    if (o == 0) {
                        continue;
                    }
                    if (rr < 0 || rr >= size || cc < 0 || cc >= size) {
                        wallKeys[4 * c + d] += 2 * pow3[Patterns.digit(o, k)];
                    } else {
                        cs[n] = rr * size + cc;
                        ws[n++] = pow3[Patterns.digit(-o, k)];
                    }
                }
                lineCells[4 * c + d] = Arrays.copyOf(cs, n);
                lineWeights[4 * c + d] = Arrays.copyOf(ws, n);
            }
        }
    }

    /** Each cell's neighbours within {@link #NEAR}, the cell itself left out. */
    static int[][] nearCells(int size) {
        int[][] near = new int[size * size][];
        for (int r = 0; r < size; r++) {
            for (int c = 0; c < size; c++) {
                int[] list = new int[(2 * NEAR + 1) * (2 * NEAR + 1)];
                int n = 0;
                for (int dr = -NEAR; dr <= NEAR; dr++) {
                    for (int dc = -NEAR; dc <= NEAR; dc++) {
                        int rr = r + dr;
                        int cc = c + dc;
                        if ((dr != 0 || dc != 0) && rr >= 0 && rr < size && cc >= 0 && cc < size) {
                            list[n++] = rr * size + cc;
                        }
                    }
                }
                near[r * size + c] = Arrays.copyOf(list, n);
            }
        }
        return near;
    }
}
