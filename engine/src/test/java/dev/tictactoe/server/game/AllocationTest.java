package dev.tictactoe.server.game;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.util.SplittableRandom;

/** The hot path (play with its win check, undo) must not allocate. */
class AllocationTest {

    @Test
    void playUndoAndWouldWinDoNotAllocate() {
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        Board board = new Board(Rules.GOMOKU);
        BoardTest.randomPlies(board, 12, new SplittableRandom(8));
        int[] cells = new int[Rules.GOMOKU.cells()];
        int count = board.legalMoves(cells);
        long sink = exercise(board, cells, count); // warm up, load classes
        long before = threads.getCurrentThreadAllocatedBytes();
        sink += exercise(board, cells, count);
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertThat(sink).isPositive();
        // 40,000 operations; a single allocation each would be hundreds of kilobytes.
        assertThat(allocated).isLessThan(1_000);
    }

    private static long exercise(Board board, int[] cells, int count) {
        long sink = 0;
        for (int round = 0; round < 10_000; round++) {
            int cell = cells[round % count];
            sink += board.play(cell) ? 1 : 2;
            board.undo();
            sink += board.lastMove() & 1;
        }
        return sink;
    }
}
