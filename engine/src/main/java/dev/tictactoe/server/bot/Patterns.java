package dev.tictactoe.server.bot;

import java.util.concurrent.ConcurrentHashMap;

/**
 * What a stone on an empty cell would make along one line, for one side: the pattern codes and, per
 * win length k, a table from the line around the cell to its code. The line is the k-1 cells on
 * each side, read as base-3 digits (0 empty, 1 own stone, 2 the opponent's stone or the edge),
 * nearest-left cell at digit k-2, nearest-right at digit k-1. Tables exist for k up to {@link
 * #MAX_K}; longer lines are left to the window-counting search.
 */
final class Patterns {

    /** Nothing: no k-cell window through the cell can still be completed. */
    static final int NONE = 0;

    /** A window is still open, nothing more. */
    static final int ONE = 1;

    /** One more stone makes a three (closed). */
    static final int TWO = 2;

    /** One more stone makes an open three. */
    static final int OPEN_TWO = 3;

    /** Makes a three that can become a four but not an open four. */
    static final int THREE = 4;

    /** Makes an open three: one more stone gives an open four. */
    static final int OPEN_THREE = 5;

    /** Makes a four: one cell left to complete the line. */
    static final int FOUR = 6;

    /** Makes an open four (two cells complete it): the opponent cannot stop both. */
    static final int OPEN_FOUR = 7;

    /** Completes k in a row. */
    static final int FIVE = 8;

    static final int COUNT = 9;

    /** Longest win length with a table (3^10 entries at k=6). */
    static final int MAX_K = 6;

    private static final ConcurrentHashMap<Integer, byte[]> TABLES = new ConcurrentHashMap<>();

    private Patterns() {}

    /** The table for win length {@code k} (3..{@link #MAX_K}), built on first use. */
    static byte[] table(int k) {
        if (k < 3 || k > MAX_K) {
            throw new IllegalArgumentException("no pattern table for k=" + k);
        }
        return TABLES.computeIfAbsent(k, Patterns::build);
    }

    /** The digit index of the neighbour {@code offset} cells away (offset ±1..±(k-1)). */
    static int digit(int offset, int k) {
        return offset < 0 ? offset + k - 1 : offset + k - 2;
    }

    private static byte[] build(int k) {
        int digits = 2 * k - 2;
        int size = 1;
        for (int i = 0; i < digits; i++) {
            size *= 3;
        }
        byte[] table = new byte[size];
        int[] line = new int[2 * k - 1];
        for (int key = 0; key < size; key++) {
            int rest = key;
            for (int d = 0; d < digits; d++) {
                int offset = d < k - 1 ? d - (k - 1) : d - (k - 2);
                line[k - 1 + offset] = rest % 3;
                rest /= 3;
            }
            line[k - 1] = 1;
            table[key] = (byte) classify(line, k, 2);
        }
        return table;
    }

    /**
     * The pattern of the own stone in the middle of {@code line}, allowing {@code extra} more own
     * stones to show what it can grow into.
     */
    static int classify(int[] line, int k, int extra) {
        int centre = k - 1;
        int completions = 0;
        int firstCompletion = -1;
        boolean open = false;
        for (int start = 0; start + k <= line.length; start++) {
            int mine = 0;
            int empty = -1;
            boolean blocked = false;
            for (int i = start; i < start + k; i++) {
                if (line[i] == 2) {
                    blocked = true;
                    break;
                }
                if (line[i] == 1) {
                    mine++;
                } else {
                    empty = i;
                }
            }
            if (blocked) {
                continue;
            }
            open = true;
            if (mine == k) {
                return FIVE;
            }
            if (mine == k - 1 && empty != firstCompletion) {
                if (firstCompletion < 0) {
                    firstCompletion = empty;
                    completions = 1;
                } else {
                    completions = 2;
                }
            }
        }
        if (completions >= 2) {
            return OPEN_FOUR;
        }
        if (completions == 1) {
            return FOUR;
        }
        if (!open) {
            return NONE;
        }
        int best = ONE;
        if (extra > 0) {
            for (int i = 0; i < line.length; i++) {
                if (line[i] != 0 || i == centre) {
                    continue;
                }
                line[i] = 1;
                int grown = classify(line, k, extra - 1);
                line[i] = 0;
                best = Math.max(best, weaker(grown));
                if (best == OPEN_THREE) {
                    break;
                }
            }
        }
        return best;
    }

    // What a pattern one stone short of `grown` is.
    private static int weaker(int grown) {
        return switch (grown) {
            case OPEN_FOUR -> OPEN_THREE;
            case FOUR -> THREE;
            case OPEN_THREE -> OPEN_TWO;
            case THREE -> TWO;
            default -> ONE;
        };
    }
}
