package dev.tictactoe.server.bot;

import java.util.concurrent.ConcurrentHashMap;

/** What a stone makes along a line, by table per k of the k-1 cells each side as base-3 digits. */
final class Patterns {

    static final int NONE = 0; // no window through the cell can still be completed

    static final int ONE = 1;
    static final int TWO = 2;
    static final int OPEN_TWO = 3;
    static final int THREE = 4; // a three that can become a four but not an open four

    static final int OPEN_THREE = 5;
    static final int FOUR = 6;
    static final int OPEN_FOUR = 7; // two cells complete it: the opponent cannot stop both
    static final int FIVE = 8; // completes k in a row

    static final int COUNT = 9;
    static final int MAX_K = 6; // longest win length with a table (3^10 entries at k=6)

    private static final ConcurrentHashMap<Integer, byte[]> TABLES = new ConcurrentHashMap<>();

    private Patterns() {}

    /** The table for win length {@code k}, built on first use. */
    static byte[] table(int k) {
        if (k < 3 || k > MAX_K) {
            throw new IllegalArgumentException("no pattern table for k=" + k);
        }
        return TABLES.computeIfAbsent(k, Patterns::build);
    }

    /** Where the neighbour {@code offset} away (0 empty, 1 own, 2 theirs or edge) is in a key. */
    static int digit(int offset, int k) {
        return offset < 0 ? offset + k - 1 : offset + k - 2;
    }

    private static byte[] build(int k) {
        int digits = 2 * k - 2;
        int size = (int) Math.pow(3, digits);
        byte[] table = new byte[size];
        int[] line = new int[2 * k - 1];
        for (int key = 0; key < size; key++) {
            int rest = key;
            for (int d = 0; d < digits; d++) {
                line[d < k - 1 ? d : d + 1] = rest % 3; // the centre, k - 1, is skipped
                rest /= 3;
            }
            line[k - 1] = 1;
            table[key] = (byte) classify(line, k, 2);
        }
        return table;
    }

    /** The code of the own stone in the middle of {@code line}, with {@code extra} more to grow. */
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
