package dev.tictactoe.server.bot;

import dev.tictactoe.server.game.Rules;

import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The fixed geometry of one variant for {@link Position}, shared: every window of k cells, the
 * windows through each cell, the 8 symmetries of the square and their hash keys.
 */
final class Lines {

    private static final ConcurrentHashMap<Rules, Lines> CACHE = new ConcurrentHashMap<>();
    private static final long[] KEYS = new long[Rules.MAX_SIZE * Rules.MAX_SIZE * 2];
    static final long SIDE_KEY;

    static {
        SplittableRandom random = new SplittableRandom(0x5EED_B07L);
        for (int i = 0; i < KEYS.length; i++) {
            KEYS[i] = random.nextLong();
        }
        SIDE_KEY = random.nextLong();
    }

    final Rules rules;
    final int size;
    final int k;
    final int cells;

    /** Window w covers cells {@code windowCells[w*k] .. windowCells[w*k+k-1]}, in order. */
    final int[] windowCells;

    final int windows;

    final int[][] windowsOf;

    /** Cells within {@link PatternGeometry#NEAR} of each cell (the cell itself excluded). */
    final int[][] near;

    /** {@code sym[s][cell]}: where symmetry s sends the cell; s = 0 is the identity. */
    final int[][] sym;

    /** {@code sym[inverse[s]]} undoes {@code sym[s]}. */
    final int[] inverse;

    /** {@code keys[s][cell*2 + mark]}: the Zobrist key of a mark at the cell's image under s. */
    final long[][] keys;

    /** Twice the Chebyshev distance from the centre, so even boards are symmetric. */
    final int[] centreDistance;

    private Lines(Rules rules) {
        this.rules = rules;
        this.size = rules.size();
        this.k = rules.winLength();
        this.cells = size * size;
        int[] buf = new int[4 * cells * k];
        int count = 0;
        for (int r = 0; r < size; r++) {
            for (int c = 0; c < size; c++) {
                for (int[] d : PatternGeometry.STEPS) {
                    int er = r + d[0] * (k - 1);
                    int ec = c + d[1] * (k - 1);
                    if (er < 0 || er >= size || ec < 0 || ec >= size) {
                        continue;
                    }
                    for (int i = 0; i < k; i++) {
                        buf[count * k + i] = (r + d[0] * i) * size + c + d[1] * i;
                    }
                    count++;
                }
            }
        }
        windows = count;
        windowCells = java.util.Arrays.copyOf(buf, count * k);
        int[] per = new int[cells];
        for (int i = 0; i < count * k; i++) {
            per[windowCells[i]]++;
        }
        windowsOf = new int[cells][];
        for (int c = 0; c < cells; c++) {
            windowsOf[c] = new int[per[c]];
            per[c] = 0;
        }
        for (int w = 0; w < count; w++) {
            for (int i = 0; i < k; i++) {
                int c = windowCells[w * k + i];
                windowsOf[c][per[c]++] = w;
            }
        }
        near = PatternGeometry.nearCells(size);
        centreDistance = new int[cells];
        for (int r = 0; r < size; r++) {
            for (int c = 0; c < size; c++) {
                centreDistance[r * size + c] =
                        Math.max(Math.abs(2 * r - (size - 1)), Math.abs(2 * c - (size - 1)));
            }
        }
        sym = new int[8][cells];
        int m = size - 1;
        for (int r = 0; r < size; r++) {
            for (int c = 0; c < size; c++) {
                int[][] images = {
                    {r, c}, {c, m - r}, {m - r, m - c}, {m - c, r},
                    {r, m - c}, {m - r, c}, {c, r}, {m - c, m - r}
                };
                for (int s = 0; s < 8; s++) {
                    sym[s][r * size + c] = images[s][0] * size + images[s][1];
                }
            }
        }
        inverse = inverses(sym, cells);
        keys = new long[8][cells * 2];
        for (int s = 0; s < 8; s++) {
            for (int c = 0; c < cells; c++) {
                keys[s][c * 2] = KEYS[sym[s][c] * 2];
                keys[s][c * 2 + 1] = KEYS[sym[s][c] * 2 + 1];
            }
        }
    }

    static Lines of(Rules rules) {
        return CACHE.computeIfAbsent(rules, Lines::new);
    }

    private static int[] inverses(int[][] sym, int cells) {
        int[] inverse = new int[8];
        for (int s = 0; s < 8; s++) {
            for (int t = 0; t < 8; t++) {
                boolean identity = true;
                for (int c = 0; c < cells && identity; c++) {
                    identity = sym[t][sym[s][c]] == c;
                }
                if (identity) {
                    inverse[s] = t;
                }
            }
        }
        return inverse;
    }
}
