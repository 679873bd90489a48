package dev.tictactoe.server.bot;

import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Rules;

import java.util.SplittableRandom;

/** The gomoku position: per empty cell, direction and side, the {@link Patterns} code there. */
final class PatternBoard extends SearchBoard {

    /** A rough value of each pattern code, to rank cells. */
    static final int[] VALUE = {0, 1, 4, 12, 16, 48, 56, 200, 600};

    private static final long[] KEYS =
            new SplittableRandom(0xB0A2D5EEDL).longs(2 * 19 * 19 + 1).toArray();

    /** X's table key of a (cell, direction) in the low 16 bits of {@link #keys}, O's above. */
    private static final int KEY_BITS = 16;

    private static final int KEY_MASK = (1 << KEY_BITS) - 1;

    final byte[][] pattern = new byte[2][]; // pattern[side][cell*4 + dir], for empty cells only

    /** {@code count[side][code]}: (empty cell, direction) pairs with that code. */
    final int[][] count = new int[2][Patterns.COUNT];

    final int[][] comboCount = new int[2][Combo.COUNT]; // empty cells with each Combo, by side

    // Per side, the sums of Evaluation.MOVER and Evaluation.WAITER over the cells.
    final int[] moverWorth = new int[2];
    final int[] waiterWorth = new int[2];
    long hash;

    /** {@code cellKey[side][cell]}: the cell's four codes as one {@link Evaluation} table index. */
    final int[][] cellKey = new int[2][];

    private final byte[] table;
    private final int[] keys;

    final int[] box; // the stones' box after each move: min row, max row, min col, max col

    PatternBoard(Rules rules, int firstSide) {
        super(Lines.of(rules), firstSide);
        this.table = Patterns.table(k);
        box = new int[4 * (cells + 1)];
        box[0] = size;
        box[1] = -1;
        box[2] = size;
        box[3] = -1;
        keys = new int[4 * cells];
        for (int slot = 0; slot < 4 * cells; slot++) {
            keys[slot] = lines.wallKeys[slot] | lines.wallKeys[slot] << KEY_BITS;
        }
        hash = firstSide == 1 ? KEYS[KEYS.length - 1] : 0;
        for (int s = 0; s < 2; s++) {
            pattern[s] = new byte[4 * cells];
            cellKey[s] = new int[cells];
            comboCount[s][Combo.NONE] = cells;
            moverWorth[s] = cells * Evaluation.MOVER[0];
            waiterWorth[s] = cells * Evaluation.WAITER[0];
            for (int slot = 0; slot < 4 * cells; slot++) {
                setPattern(s, slot, table[key(s, keys[slot])]);
            }
        }
    }

    static boolean handles(int k) {
        return k >= 4 && k <= Patterns.MAX_K;
    }

    static PatternBoard of(Board board) {
        return replay(board, new PatternBoard(board.rules(), board.first().ordinal()));
    }

    int worth(int s, int cell) {
        return Evaluation.ORDER[cellKey[s][cell]];
    }

    private void setPattern(int s, int slot, int code) {
        byte[] ps = pattern[s];
        int old = ps[slot];
        if (old == code) {
            return; // most cells a stone touches keep their pattern
        }
        count[s][old]--;
        ps[slot] = (byte) code;
        count[s][code]++;
        int cell = slot >> 2;
        int before = cellKey[s][cell];
        int after = before + (code - old) * Evaluation.DIGIT[slot & 3];
        cellKey[s][cell] = after;
        moverWorth[s] += Evaluation.MOVER[after] - Evaluation.MOVER[before];
        waiterWorth[s] += Evaluation.WAITER[after] - Evaluation.WAITER[before];
        int was = Combo.OF_KEY[before];
        int now = Combo.OF_KEY[after];
        if (now != was) {
            comboCount[s][was]--;
            comboCount[s][now]++;
        }
    }

    @Override
    void play(int cell) {
        int me = side;
        for (int s = 0; s < 2; s++) {
            for (int d = 0; d < 4; d++) {
                setPattern(s, 4 * cell + d, Patterns.NONE); // an occupied cell counts as nothing
            }
        }
        update(cell, me, 1);
        int r = cell / size;
        int c = cell % size;
        int at = 4 * moveCount;
        box[at + 4] = Math.min(box[at], r);
        box[at + 5] = Math.max(box[at + 1], r);
        box[at + 6] = Math.min(box[at + 2], c);
        box[at + 7] = Math.max(box[at + 3], c);
        hash ^= KEYS[2 * cell + me] ^ KEYS[KEYS.length - 1];
        place(cell);
    }

    @Override
    void undo() {
        int cell = lift();
        int me = side;
        update(cell, me, -1);
        hash ^= KEYS[2 * cell + me] ^ KEYS[KEYS.length - 1];
        for (int s = 0; s < 2; s++) {
            for (int d = 0; d < 4; d++) {
                setPattern(s, 4 * cell + d, table[key(s, keys[4 * cell + d])]);
            }
        }
    }

    /** Lets the other side move twice in a row (threat detection); undo with another pass. */
    void pass() {
        side = 1 - side;
        hash ^= KEYS[KEYS.length - 1];
    }

    // A stone appears (1) or goes (-1): each cell on its lines changes a digit, by 1 or 2 by side.
    private void update(int cell, int owner, int sign) {
        int digits = owner == 0 ? 1 | 2 << KEY_BITS : 2 | 1 << KEY_BITS;
        for (int d = 0; d < 4; d++) {
            int[] cs = lines.lineCells[4 * cell + d];
            int[] ws = lines.lineWeights[4 * cell + d];
            for (int i = 0; i < cs.length; i++) {
                int e = cs[i];
                int slot = 4 * e + d;
                int both = keys[slot] += sign * ws[i] * digits;
                if (stone[e] == 0) {
                    setPattern(0, slot, table[both & KEY_MASK]);
                    setPattern(1, slot, table[both >>> KEY_BITS]);
                }
            }
        }
    }

    private static int key(int s, int both) {
        return s == 0 ? both & KEY_MASK : both >>> KEY_BITS;
    }

    int[] lineCells(int cell, int d) {
        return lines.lineCells[4 * cell + d];
    }

    int best(int s, int cell) {
        byte[] ps = pattern[s];
        int b = 4 * cell;
        return Math.max(Math.max(ps[b], ps[b + 1]), Math.max(ps[b + 2], ps[b + 3]));
    }

    /** The {@link #VALUE}s of the four patterns {@code s} would make on empty {@code cell}. */
    int value(int s, int cell) {
        byte[] p = pattern[s];
        int base = 4 * cell;
        return VALUE[p[base]] + VALUE[p[base + 1]] + VALUE[p[base + 2]] + VALUE[p[base + 3]];
    }

    /** How many of the four lines through empty {@code cell} reach {@code code} or more. */
    static int linesAtLeast(byte[] ps, int cell, int code) {
        int b = 4 * cell;
        return (ps[b] >= code ? 1 : 0)
                + (ps[b + 1] >= code ? 1 : 0)
                + (ps[b + 2] >= code ? 1 : 0)
                + (ps[b + 3] >= code ? 1 : 0);
    }

    /** Whether a stone of {@code s} on empty {@code cell} wins next move whatever the reply. */
    boolean makesOpenFour(int s, int cell) {
        return best(s, cell) >= Patterns.OPEN_FOUR
                || linesAtLeast(pattern[s], cell, Patterns.FOUR) >= 2;
    }

    @Override
    long hash() {
        return hash;
    }

    @Override
    int winningCells(int s, int[] out, int limit) {
        int left = count[s][Patterns.FIVE];
        byte[] ps = pattern[s];
        int n = 0;
        // A completing cell always touches a stone of its line.
        int at = 4 * moveCount;
        for (int r = Math.max(0, box[at] - 1), r1 = Math.min(size - 1, box[at + 1] + 1);
                r <= r1 && n < limit && left > 0;
                r++) {
            int c1 = r * size + Math.min(size - 1, box[at + 3] + 1);
            for (int c = r * size + Math.max(0, box[at + 2] - 1);
                    c <= c1 && n < limit && left > 0;
                    c++) {
                if (stone[c] == 0 && near[c] > 0) {
                    int lines = linesAtLeast(ps, c, Patterns.FIVE);
                    if (lines > 0) {
                        out[n++] = c;
                        left -= lines;
                    }
                }
            }
        }
        return n;
    }

    @Override
    boolean canWin(int s) {
        return count[s][Patterns.FIVE] > 0;
    }

    boolean full() {
        return moveCount == cells;
    }
}
