package dev.tictactoe.server.bot;

import dev.tictactoe.server.game.Rules;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;

/** One variant's shared geometry: windows of k cells, line neighbours, symmetries, keys. */
final class Lines {

    static final int[][] STEPS = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};

    /** Cells within this Chebyshev distance of a stone are candidate moves. */
    static final int NEAR = 2;

    private static final ConcurrentHashMap<Rules, Lines> CACHE = new ConcurrentHashMap<>();
    // A key per cell and mark, then the side to move's.
    private static final long[] KEYS =
            new SplittableRandom(0x5EED_B07L)
                    .longs(Rules.MAX_SIZE * Rules.MAX_SIZE * 2 + 1)
                    .toArray();
    static final long SIDE_KEY = KEYS[KEYS.length - 1];

    final Rules rules;
    final int size;
    final int k;
    final int cells;

    // Window w covers cells windowCells[w*k] .. windowCells[w*k+k-1], in order.
    final int[] windowCells;
    final int windows;
    final int[][] windowsOf;
    final int[][] near; // cells within NEAR of each cell (the cell itself excluded)

    // Per cell and direction: the neighbours on the line, and this cell's digit weight in each.
    final int[][] lineCells;
    final int[][] lineWeights;

    /** Each (cell, direction)'s pattern key on the empty board: edges as blocked digits. */
    final int[] wallKeys;

    final int[][] sym; // sym[s][cell]: where symmetry s sends the cell; s = 0 is the identity

    static final int[] INVERSE = {0, 3, 2, 1, 4, 5, 6, 7}; // sym[INVERSE[s]] undoes sym[s]

    /** {@code keys[s][cell*2 + mark]}: the Zobrist key of a mark at the cell's image under s. */
    final long[][] keys;

    final int[] centreDistance; // twice the distance from the centre, so even boards are symmetric

    private Lines(Rules rules) {
        this.rules = rules;
        this.size = rules.size();
        this.k = rules.winLength();
        this.cells = size * size;
        int[] buf = new int[4 * cells * k];
        int count = 0;
        for (int r = 0; r < size; r++) {
            for (int c = 0; c < size; c++) {
                for (int[] d : STEPS) {
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
        windowCells = Arrays.copyOf(buf, count * k);
        windowsOf = new int[cells][];
        for (int c = 0; c < cells; c++) {
            int cell = c;
            windowsOf[c] =
                    IntStream.range(0, count * k)
                            .filter(i -> windowCells[i] == cell)
                            .map(i -> i / k)
                            .toArray();
        }
        lineCells = new int[4 * cells][];
        lineWeights = new int[4 * cells][];
        wallKeys = new int[4 * cells];
        near = new int[cells][];
        centreDistance = new int[cells];
        sym = new int[8][cells];
        keys = new long[8][cells * 2];
        int m = size - 1;
        for (int cell = 0; cell < cells; cell++) {
            int r = cell / size;
            int c = cell % size;
            for (int d = 0; d < 4; d++) {
                int[] cs = new int[2 * k - 2];
                int[] ws = new int[2 * k - 2];
                int n = 0;
                for (int o = -(k - 1); o <= k - 1; o++) {
                    int rr = r + o * STEPS[d][0];
                    int cc = c + o * STEPS[d][1];
                    if (o == 0) {
                        continue;
                    }
                    if (rr < 0 || rr >= size || cc < 0 || cc >= size) {
                        wallKeys[4 * cell + d] += 2 * (int) Math.pow(3, Patterns.digit(o, k));
                    } else {
                        cs[n] = rr * size + cc;
                        ws[n++] = (int) Math.pow(3, Patterns.digit(-o, k));
                    }
                }
                lineCells[4 * cell + d] = Arrays.copyOf(cs, n);
                lineWeights[4 * cell + d] = Arrays.copyOf(ws, n);
            }
            near[cell] =
                    IntStream.range(0, cells)
                            .filter(e -> Math.abs(e / size - r) <= NEAR && e != r * size + c)
                            .filter(e -> Math.abs(e % size - c) <= NEAR)
                            .toArray();
            centreDistance[cell] = Math.max(Math.abs(2 * r - m), Math.abs(2 * c - m));
            int[][] images = {
                {r, c}, {c, m - r}, {m - r, m - c}, {m - c, r},
                {r, m - c}, {m - r, c}, {c, r}, {m - c, m - r}
            };
            for (int s = 0; s < 8; s++) {
                int image = images[s][0] * size + images[s][1];
                sym[s][cell] = image;
                keys[s][cell * 2] = KEYS[image * 2];
                keys[s][cell * 2 + 1] = KEYS[image * 2 + 1];
            }
        }
    }

    static Lines of(Rules rules) {
        return CACHE.computeIfAbsent(rules, Lines::new);
    }
}
