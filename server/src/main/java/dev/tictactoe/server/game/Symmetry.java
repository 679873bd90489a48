package dev.tictactoe.server.game;

/**
 * The eight symmetries of the square board (rotations and reflections) as cell permutations,
 * and canonical keys that are equal for positions that are images of each other.
 *
 * <p>Symmetry {@code s} maps cell (r, c) of an N×N board, with m = N-1, to: 0 (r, c) identity;
 * 1 (c, m-r) quarter turn clockwise; 2 (m-r, m-c) half turn; 3 (m-c, r) quarter turn
 * anticlockwise; 4 (r, m-c) mirror left-right; 5 (m-r, c) mirror top-bottom; 6 (c, r) transpose;
 * 7 (m-c, m-r) anti-transpose.
 */
public final class Symmetry {
    /** Number of symmetries of the square. */
    public static final int COUNT = 8;

    private static final int[][][] BY_SIZE = new int[Rules.MAX_SIZE + 1][][];

    static {
        for (int n = Rules.MIN_SIZE; n <= Rules.MAX_SIZE; n++) {
            BY_SIZE[n] = permutations(n);
        }
    }

    private Symmetry() {}

    /**
     * The eight permutations for an N×N board (a fresh copy): {@code of(n)[s][cell]} is the image
     * of {@code cell} under symmetry {@code s}.
     */
    public static int[][] of(int size) {
        new Rules(size, Rules.MIN_WIN_LENGTH); // validates the size
        int[][] copy = new int[COUNT][];
        for (int s = 0; s < COUNT; s++) {
            copy[s] = BY_SIZE[size][s].clone();
        }
        return copy;
    }

    /** The image of {@code cell} under symmetry {@code s} on an N×N board. */
    public static int apply(int s, int cell, int size) {
        return BY_SIZE[size][s][cell];
    }

    /** The symmetry that undoes {@code s}. */
    public static int inverse(int s) {
        return switch (s) {
            case 1 -> 3;
            case 3 -> 1;
            default -> s;
        };
    }

    /** The board with every move mapped by symmetry {@code s} (same first player). */
    public static Board transform(Board board, int s) {
        int[] perm = BY_SIZE[board.rules().size()][s];
        Board image = new Board(board.rules(), board.first());
        for (int ply = 0; ply < board.moveCount(); ply++) {
            image.play(perm[board.moveAt(ply)]);
        }
        return image;
    }

    /**
     * The least of the {@linkplain Board#hash() hashes} of the eight images of the position: equal
     * for positions that are symmetric to each other. Allocation-free.
     */
    public static long canonicalHash(Board board) {
        int[][] perms = BY_SIZE[board.rules().size()];
        long base = Zobrist.empty(board.rules(), board.toMove());
        int firstMark = board.first().ordinal();
        int moves = board.moveCount();
        long best = Long.MAX_VALUE;
        for (int[] perm : perms) {
            long h = base;
            for (int ply = 0; ply < moves; ply++) {
                int mark = firstMark ^ (ply & 1);
                h ^= Zobrist.CELL[mark * Zobrist.MAX_CELLS + perm[board.moveAt(ply)]];
            }
            best = Math.min(best, h);
        }
        return best;
    }

    /**
     * The least {@linkplain Board#key3() ternary key} over the eight images of the position,
     * for boards of at most 16 cells. Allocation-free.
     */
    public static int canonicalKey3(Board board) {
        board.key3(); // validates the board size
        int[][] perms = BY_SIZE[board.rules().size()];
        int[] pow3 = Geometry.of(board.rules().size()).pow3;
        int firstDigit = board.first().ordinal() + 1;
        int moves = board.moveCount();
        int best = Integer.MAX_VALUE;
        for (int[] perm : perms) {
            int key = 0;
            for (int ply = 0; ply < moves; ply++) {
                int digit = (ply & 1) == 0 ? firstDigit : 3 - firstDigit;
                key += digit * pow3[perm[board.moveAt(ply)]];
            }
            best = Math.min(best, key);
        }
        return best;
    }


    private static int[][] permutations(int n) {
        int m = n - 1;
        int[][] perms = new int[COUNT][n * n];
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < n; c++) {
                int cell = r * n + c;
                perms[0][cell] = r * n + c;
                perms[1][cell] = c * n + (m - r);
                perms[2][cell] = (m - r) * n + (m - c);
                perms[3][cell] = (m - c) * n + r;
                perms[4][cell] = r * n + (m - c);
                perms[5][cell] = (m - r) * n + c;
                perms[6][cell] = c * n + r;
                perms[7][cell] = (m - c) * n + (m - r);
            }
        }
        return perms;
    }
}
