package dev.tictactoe.server.bot;

import java.util.SplittableRandom;

/** A gomoku search over a hand-built position for tests: no clock, a small table, seed 1. */
final class UntimedSearch {

    private UntimedSearch() {}

    static GomokuSearch over(PatternBoard board, int maxDepth) {
        return new GomokuSearch(
                board,
                new TranspositionTable(10),
                maxDepth,
                Long.MAX_VALUE,
                1000,
                new SplittableRandom(1));
    }
}
