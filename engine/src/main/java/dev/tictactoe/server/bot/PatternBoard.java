package dev.tictactoe.server.bot;

import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Mark;

import java.util.SplittableRandom;

/**
 * The gomoku engine's position: for every empty cell, direction and side, the {@link Patterns} code
 * of the stone that side would put there, kept up to date on every move and undo (a move changes
 * only the 2(k-1) cells around it on each of its four lines). From them come counts of each pattern
 * per side, a running evaluation and quick answers to "can this side win at once / make a four /
 * make an open four". Sides are 0 (X) and 1 (O). Not thread-safe: one per search. Kept whole on
 * purpose: the incremental updates on move and undo are the engine's hot path and share its private
 * arrays.
 */
final class PatternBoard {

    static final int[][] STEPS = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};

    /** Cells within this Chebyshev distance of a stone are candidate moves. */
    static final int NEAR = 2;

    /** A rough value of one (cell, direction) pattern for its side, by code, to rank cells. */
    static final int[] VALUE = {0, 1, 4, 12, 16, 48, 56, 200, 600};

    private static final long[] KEYS = new long[2 * 19 * 19 + 1];

    static {
        SplittableRandom random = new SplittableRandom(0xB0A2D5EEDL);
        for (int i = 0; i < KEYS.length; i++) {
            KEYS[i] = random.nextLong();
        }
    }

    final int size;
    final int k;
    final int cells;

    /** 0 empty, 1 X, 2 O. */
    final byte[] stone;

    /** {@code pattern[side][cell*4 + dir]}; meaningful for empty cells only. */
    final byte[][] pattern = new byte[2][];

    /** {@code count[side][code]}: (empty cell, direction) pairs with that pattern. */
    final int[][] count = new int[2][Patterns.COUNT];

    /**
     * Combinations a stone would make on an empty cell over its four lines, for one side, weakest
     * first: an open three, a four, two open threes, a four and an open three, and a win next move
     * (an open four or two fours).
     */
    static final int COMBO_NONE = 0;

    static final int COMBO_THREE = 1;
    static final int COMBO_FOUR = 2;
    static final int COMBO_DOUBLE_THREE = 3;
    static final int COMBO_FOUR_THREE = 4;
    static final int COMBO_OPEN_FOUR = 5;
    static final int COMBO_FIVE = 6;
    static final int COMBOS = 7;

    /** {@code comboCount[side][combo]}: empty cells with that combination. */
    final int[][] comboCount = new int[2][COMBOS];

    /** The combination a stone of side {@code s} would make on empty {@code cell}. */
    int combo(int s, int cell) {
        return COMBO_OF_KEY[cellKey[s][cell]];
    }

    /** The {@link Evaluation} table index of {@code cell} for side {@code s}; 0 if occupied. */
    int tableIndex(int s, int cell) {
        return cellKey[s][cell];
    }

    /**
     * What empty {@code cell} is worth to side {@code s} if it were to move, in the evaluation's
     * units: the evaluation's own judgement of the cell, used to order moves.
     */
    int worth(int s, int cell) {
        return Evaluation.ORDER[cellKey[s][cell]];
    }

    /**
     * {@code cellKey[side][cell]}: the cell's four codes as one {@link Evaluation} table index, so
     * a changed code updates its cell's combination and worth with one addition and lookups.
     */
    private final int[][] cellKey = new int[2][];

    /** The combination of each key: what a stone of that side on the cell would make. */
    private static final byte[] COMBO_OF_KEY = new byte[Evaluation.KEYS];

    static {
        for (int key = 0; key < Evaluation.KEYS; key++) {
            int fives = 0;
            int fours = 0;
            int threes = 0;
            for (int d = 0; d < 4; d++) {
                int code = Evaluation.code(key, d);
                fives += code == Patterns.FIVE ? 1 : 0;
                fours += code == Patterns.OPEN_FOUR ? 2 : code == Patterns.FOUR ? 1 : 0;
                threes += code == Patterns.OPEN_THREE ? 1 : 0;
            }
            COMBO_OF_KEY[key] = (byte) comboOf(fives, fours, threes);
        }
    }

    /**
     * {@code moverWorth[side]}: the sum over the cells of {@link Evaluation#MOVER} for that side,
     * its worth when it is to move; {@code waiterWorth[side]}, of {@link Evaluation#WAITER}, when
     * the other side is.
     */
    final int[] moverWorth = new int[2];

    final int[] waiterWorth = new int[2];

    /** Stones within {@link #NEAR} of each cell. */
    final int[] near;

    final int[] moves;
    int moveCount;
    int side;
    long hash;

    private final byte[] table;

    /**
     * Per (cell, direction): the table keys of both sides in one int, X's in the low 16 bits and
     * O's above (3^10 keys fit in 16 bits), so a stone updates both with one addition.
     */
    private final int[] keys;

    private static final int KEY_BITS = 16;
    private static final int KEY_MASK = (1 << KEY_BITS) - 1;
    private final Geometry g;

    /** Bounding box of the stones after each move: minimum row, maximum row, min col, max col. */
    private final int[] box;

    PatternBoard(int size, int k, int firstSide) {
        this.size = size;
        this.k = k;
        this.cells = size * size;
        this.table = Patterns.table(k);
        this.g = Geometry.of(size, k);
        stone = new byte[cells];
        near = new int[cells];
        moves = new int[cells];
        box = new int[4 * (cells + 1)];
        box[0] = size;
        box[1] = -1;
        box[2] = size;
        box[3] = -1;
        side = firstSide;
        keys = new int[4 * cells];
        for (int slot = 0; slot < 4 * cells; slot++) {
            keys[slot] = g.wallKeys[slot] | g.wallKeys[slot] << KEY_BITS;
        }
        hash = firstSide == 1 ? KEYS[KEYS.length - 1] : 0;
        for (int s = 0; s < 2; s++) {
            pattern[s] = new byte[4 * cells];
            cellKey[s] = new int[cells];
            comboCount[s][COMBO_NONE] = cells;
            moverWorth[s] = cells * Evaluation.MOVER[0];
            waiterWorth[s] = cells * Evaluation.WAITER[0];
            for (int slot = 0; slot < 4 * cells; slot++) {
                setPattern(s, slot, table[key(s, keys[slot])]);
            }
        }
    }

    /** The fixed tables of one (size, k): each cell's line neighbours, neighbourhood and edges. */
    private static final class Geometry {
        private static final java.util.concurrent.ConcurrentHashMap<Integer, Geometry> CACHE =
                new java.util.concurrent.ConcurrentHashMap<>();

        /**
         * Per cell and direction: the neighbours on the line, and this cell's digit weight in each.
         */
        final int[][] lineCells;

        final int[][] lineWeights;
        final int[][] nearCells;

        /** The key of each (cell, direction) on the empty board: the edges as blocked digits. */
        final int[] wallKeys;

        static Geometry of(int size, int k) {
            return CACHE.computeIfAbsent(size * 100 + k, key -> new Geometry(size, k));
        }

        private Geometry(int size, int k) {
            int cells = size * size;
            int[] pow3 = new int[2 * k - 2];
            pow3[0] = 1;
            for (int i = 1; i < pow3.length; i++) {
                pow3[i] = 3 * pow3[i - 1];
            }
            lineCells = new int[4 * cells][];
            lineWeights = new int[4 * cells][];
            nearCells = new int[cells][];
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
                            // Seen from that neighbour, this cell lies at offset -o.
                            cs[n] = rr * size + cc;
                            ws[n++] = pow3[Patterns.digit(-o, k)];
                        }
                    }
                    lineCells[4 * c + d] = java.util.Arrays.copyOf(cs, n);
                    lineWeights[4 * c + d] = java.util.Arrays.copyOf(ws, n);
                }
                int[] list = new int[(2 * NEAR + 1) * (2 * NEAR + 1)];
                int n = 0;
                for (int dr = -NEAR; dr <= NEAR; dr++) {
                    for (int dc = -NEAR; dc <= NEAR; dc++) {
                        int rr = r + dr;
                        int cc = col + dc;
                        if ((dr != 0 || dc != 0) && rr >= 0 && rr < size && cc >= 0 && cc < size) {
                            list[n++] = rr * size + cc;
                        }
                    }
                }
                nearCells[c] = java.util.Arrays.copyOf(list, n);
            }
        }
    }

    /** Whether the engine handles this variant (a pattern table exists for its k). */
    static boolean handles(int k) {
        return k >= 4 && k <= Patterns.MAX_K;
    }

    /** The position of {@code board}, replayed from its move list. */
    static PatternBoard of(Board board) {
        PatternBoard p =
                new PatternBoard(
                        board.rules().size(),
                        board.rules().winLength(),
                        board.first() == Mark.X ? 0 : 1);
        for (int cell : board.moves()) {
            p.play(cell);
        }
        return p;
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
        int was = COMBO_OF_KEY[before];
        int now = COMBO_OF_KEY[after];
        if (now != was) {
            comboCount[s][was]--;
            comboCount[s][now]++;
        }
    }

    /**
     * The combination a stone makes with {@code fives}, {@code fours} (an open four counting two)
     * and {@code threes} (open ones) over its four lines.
     */
    private static int comboOf(int fives, int fours, int threes) {
        if (fives > 0) {
            return COMBO_FIVE;
        }
        if (fours >= 2) {
            return COMBO_OPEN_FOUR;
        }
        if (fours == 1) {
            return threes > 0 ? COMBO_FOUR_THREE : COMBO_FOUR;
        }
        return threes >= 2 ? COMBO_DOUBLE_THREE : threes == 1 ? COMBO_THREE : COMBO_NONE;
    }

    /** Plays {@code cell} for the side to move (the caller knows it is empty and legal). */
    void play(int cell) {
        int me = side;
        for (int s = 0; s < 2; s++) {
            for (int d = 0; d < 4; d++) {
                setPattern(s, 4 * cell + d, Patterns.NONE); // an occupied cell counts as nothing
            }
        }
        stone[cell] = (byte) (me + 1);
        update(cell, me, 1);
        for (int n : g.nearCells[cell]) {
            near[n]++;
        }
        int r = cell / size;
        int c = cell % size;
        int at = 4 * moveCount;
        box[at + 4] = Math.min(box[at], r);
        box[at + 5] = Math.max(box[at + 1], r);
        box[at + 6] = Math.min(box[at + 2], c);
        box[at + 7] = Math.max(box[at + 3], c);
        hash ^= KEYS[2 * cell + me] ^ KEYS[KEYS.length - 1];
        moves[moveCount++] = cell;
        side = 1 - me;
    }

    /** Takes back the last move. */
    void undo() {
        int cell = moves[--moveCount];
        int me = 1 - side;
        side = me;
        stone[cell] = 0;
        update(cell, me, -1);
        for (int n : g.nearCells[cell]) {
            near[n]--;
        }
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

    // A stone of `owner` appears (sign 1) or goes (-1) at `cell`: every cell whose line window
    // covers it sees one digit change, 1 for the owner and 2 for the other side.
    private void update(int cell, int owner, int sign) {
        // The owner's digit becomes 1, the other side's 2.
        int digits = owner == 0 ? 1 | 2 << KEY_BITS : 2 | 1 << KEY_BITS;
        for (int d = 0; d < 4; d++) {
            int[] cs = g.lineCells[4 * cell + d];
            int[] ws = g.lineWeights[4 * cell + d];
            for (int i = 0; i < cs.length; i++) {
                int e = cs[i];
                int slot = 4 * e + d;
                int weight = ws[i];
                int both = keys[slot] += sign * weight * digits;
                if (stone[e] == 0) {
                    setPattern(0, slot, table[both & KEY_MASK]);
                    setPattern(1, slot, table[both >>> KEY_BITS]);
                }
            }
        }
    }

    // Side s's key out of a packed pair.
    private static int key(int s, int both) {
        return s == 0 ? both & KEY_MASK : both >>> KEY_BITS;
    }

    /** The cells within k-1 of {@code cell} along direction {@code d}, inside the board. */
    int[] lineCells(int cell, int d) {
        return g.lineCells[4 * cell + d];
    }

    /** The highest pattern {@code s} would make on empty {@code cell}, over the four lines. */
    int best(int s, int cell) {
        byte[] ps = pattern[s];
        int b = 4 * cell;
        return Math.max(Math.max(ps[b], ps[b + 1]), Math.max(ps[b + 2], ps[b + 3]));
    }

    /** How many of the four lines through empty {@code cell} reach {@code code} or more for s. */
    int linesAtLeast(int s, int cell, int code) {
        byte[] ps = pattern[s];
        int b = 4 * cell;
        int n = 0;
        for (int d = 0; d < 4; d++) {
            if (ps[b + d] >= code) {
                n++;
            }
        }
        return n;
    }

    /** Whether a stone of {@code s} on empty {@code cell} wins next move whatever the reply. */
    boolean makesOpenFour(int s, int cell) {
        return best(s, cell) >= Patterns.OPEN_FOUR || linesAtLeast(s, cell, Patterns.FOUR) >= 2;
    }

    /** Whether {@code s} can complete a line with one stone. */
    boolean canWin(int s) {
        return count[s][Patterns.FIVE] > 0;
    }

    /** Fills {@code out} with up to {@code limit} distinct cells where s completes a line. */
    int winningCells(int s, int[] out, int limit) {
        if (count[s][Patterns.FIVE] == 0) {
            return 0;
        }
        int n = 0;
        // Lines left to find: once all are, the rest of the box has none.
        int left = count[s][Patterns.FIVE];
        byte[] ps = pattern[s];
        // A completing cell always touches a stone of its line, so it is near one.
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

    /**
     * Fills {@code out} with the candidate cells, in {@link #candidates} order, where {@code a}
     * makes {@code minA} or more on some line or {@code d} makes {@code minD} or more (pass {@link
     * Patterns#COUNT} for none); returns how many. The scan stops once every such (cell, direction)
     * pair on the board has been seen: threats are few, and usually found well before the end.
     */
    int cellsAtLeast(int a, int minA, int d, int minD, int[] out) {
        int[] ca = count[a];
        int[] cd = count[d];
        int left = 0;
        for (int code = minA; code < Patterns.COUNT; code++) {
            left += ca[code];
        }
        for (int code = minD; code < Patterns.COUNT; code++) {
            left += cd[code];
        }
        if (left == 0 || moveCount == 0) {
            return 0;
        }
        byte[] pa = pattern[a];
        byte[] pd = pattern[d];
        int at = 4 * moveCount;
        int r0 = Math.max(0, box[at] - NEAR);
        int r1 = Math.min(size - 1, box[at + 1] + NEAR);
        int c0 = Math.max(0, box[at + 2] - NEAR);
        int c1 = Math.min(size - 1, box[at + 3] + NEAR);
        int n = 0;
        for (int r = r0; r <= r1; r++) {
            for (int c = r * size + c0, end = r * size + c1; c <= end; c++) {
                if (stone[c] == 0 && near[c] > 0) {
                    int lines = linesAtLeast(pa, c, minA) + linesAtLeast(pd, c, minD);
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

    // How many of the four codes of `cell` in `ps` reach `code`.
    private static int linesAtLeast(byte[] ps, int cell, int code) {
        int b = 4 * cell;
        return (ps[b] >= code ? 1 : 0)
                + (ps[b + 1] >= code ? 1 : 0)
                + (ps[b + 2] >= code ? 1 : 0)
                + (ps[b + 3] >= code ? 1 : 0);
    }

    /**
     * Fills {@code out} with the candidate cells (empty and near a stone, or the centre of an empty
     * board), scanning only the stones' bounding box grown by {@link #NEAR}; returns how many.
     */
    int candidates(int[] out) {
        if (moveCount == 0) {
            out[0] = (size / 2) * size + size / 2;
            return 1;
        }
        int at = 4 * moveCount;
        int r0 = Math.max(0, box[at] - NEAR);
        int r1 = Math.min(size - 1, box[at + 1] + NEAR);
        int c0 = Math.max(0, box[at + 2] - NEAR);
        int c1 = Math.min(size - 1, box[at + 3] + NEAR);
        int n = 0;
        for (int r = r0; r <= r1; r++) {
            for (int c = r * size + c0, end = r * size + c1; c <= end; c++) {
                if (stone[c] == 0 && near[c] > 0) {
                    out[n++] = c;
                }
            }
        }
        return n;
    }

    /** Whether the board is full. */
    boolean full() {
        return moveCount == cells;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (int c = 0; c < cells; c++) {
            sb.append(stone[c] == 0 ? '.' : stone[c] == 1 ? 'X' : 'O');
            if (c % size == size - 1) {
                sb.append('\n');
            }
        }
        return sb.toString();
    }
}
