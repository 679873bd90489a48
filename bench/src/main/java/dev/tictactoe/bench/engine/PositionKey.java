package dev.tictactoe.bench.engine;

import dev.tictactoe.protocol.Seat;
import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Rules;

import java.util.SplittableRandom;

/**
 * A Zobrist key of a board's marks, side to move and rules, the same for any move order and run:
 * the fingerprint seeds each position's move with it, so its keys must never change.
 */
final class PositionKey {
    private static final int MAX_CELLS = Rules.MAX_SIZE * Rules.MAX_SIZE;
    private static final long[] CELL = new long[2 * MAX_CELLS];
    private static final long O_TO_MOVE;
    private static final long[][] RULES = new long[Rules.MAX_SIZE + 1][Rules.MAX_SIZE + 1];

    static {
        SplittableRandom random = new SplittableRandom(0x7A1C_7AC7_0E5EEDL);
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

    private PositionKey() {}

    static long of(Board board) {
        Rules rules = board.rules();
        long key = RULES[rules.size()][rules.winLength()];
        key ^= board.first() == Seat.O ? O_TO_MOVE : 0L;
        int[] moves = board.moves();
        for (int ply = 0; ply < moves.length; ply++) {
            int mark = board.first().ordinal() ^ (ply & 1);
            key ^= CELL[mark * MAX_CELLS + moves[ply]] ^ O_TO_MOVE;
        }
        return key;
    }
}
