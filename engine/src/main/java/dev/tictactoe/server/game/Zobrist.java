package dev.tictactoe.server.game;

import dev.tictactoe.protocol.Seat;

import java.util.SplittableRandom;

/** Zobrist keys from a fixed seed, so position hashes are the same in every run. */
final class Zobrist {
    private static final long SEED = 0x7A1C_7AC7_0E5EEDL;
    static final int MAX_CELLS = Rules.MAX_SIZE * Rules.MAX_SIZE;

    /** At {@code mark.ordinal() * MAX_CELLS + cell}: flat, one load fewer than nested arrays. */
    static final long[] CELL = new long[2 * MAX_CELLS];

    static final long O_TO_MOVE;

    /** One key per (size, win length), so positions of different variants do not collide. */
    private static final long[][] RULES = new long[Rules.MAX_SIZE + 1][Rules.MAX_SIZE + 1];

    static {
        SplittableRandom random = new SplittableRandom(SEED);
        for (int i = 0; i < CELL.length; i++) {
            CELL[i] = random.nextLong();
        }
        O_TO_MOVE = random.nextLong();
        for (long[] keys : RULES) {
            for (int i = 0; i < keys.length; i++) {
                keys[i] = random.nextLong();
            }
        }
    }

    private Zobrist() {}

    static long empty(Rules rules, Seat toMove) {
        return RULES[rules.size()][rules.winLength()] ^ (toMove == Seat.O ? O_TO_MOVE : 0L);
    }
}
