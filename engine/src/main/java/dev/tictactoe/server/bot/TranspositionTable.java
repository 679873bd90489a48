package dev.tictactoe.server.bot;

import java.util.Arrays;

/** Search results, two a bucket, stored as (key ^ data, data) so a torn read is a miss. */
final class TranspositionTable {

    static final int UPPER = 1;
    static final int LOWER = 2;
    static final int EXACT = 3;
    static final int NO_MOVE = 1023;
    private static final int GENERATIONS = 1 << 12;
    private static final int DECIDED = Bot.WIN_THRESHOLD; // a score past ± this is a win or loss
    private final long[] slots;
    private final int mask;
    private int generation;

    /** A table of {@code 2^log2Buckets} buckets of two entries (32 bytes a bucket). */
    TranspositionTable(int log2Buckets) {
        slots = new long[4 << log2Buckets];
        mask = (1 << log2Buckets) - 1;
    }

    /** Forgets every entry: only entries of the current generation are found. */
    void newSearch() {
        generation = (generation + 1) % GENERATIONS;
        if (generation == 0) {
            Arrays.fill(slots, 0L);
            generation = 1;
        }
    }

    /** The data of the entry for {@code key}, or 0 if none. */
    long probe(long key) {
        int base = bucket(key);
        for (int i = base; i < base + 4; i += 2) {
            long data = slots[i + 1];
            if ((slots[i] ^ data) == key && data != 0 && generationOf(data) == generation) {
                return data;
            }
        }
        return 0;
    }

    void store(long key, int score, int flag, int depth, int move) {
        long data = pack(score, flag, depth, move, generation);
        int base = bucket(key);
        long deepData = slots[base + 1];
        boolean deepMine = (slots[base] ^ deepData) == key;
        boolean deepStale = deepData == 0 || generationOf(deepData) != generation;
        int at = deepMine || deepStale || depthOf(deepData) <= depth ? base : base + 2;
        slots[at] = key ^ data;
        slots[at + 1] = data;
    }

    private int bucket(long key) {
        return ((int) (key ^ (key >>> 32)) & mask) << 2;
    }

    private static long pack(int score, int flag, int depth, int move, int generation) {
        return (score & 0xFFFF_FFFFL)
                | ((long) flag << 32)
                | ((long) Math.min(depth, 255) << 34)
                | ((long) move << 42)
                | ((long) generation << 52);
    }

    /** A win or loss as distance from this node, for the table; {@link #fromTable} undoes it. */
    static int toTable(int score, int ply) {
        return score > DECIDED ? score + ply : score < -DECIDED ? score - ply : score;
    }

    static int fromTable(int score, int ply) {
        return score > DECIDED ? score - ply : score < -DECIDED ? score + ply : score;
    }

    static int score(long data) {
        return (int) data;
    }

    static int flag(long data) {
        return (int) (data >>> 32) & 3;
    }

    static int depthOf(long data) {
        return (int) (data >>> 34) & 255;
    }

    static int move(long data) {
        return (int) (data >>> 42) & 1023;
    }

    private static int generationOf(long data) {
        return (int) (data >>> 52) & (GENERATIONS - 1);
    }
}
