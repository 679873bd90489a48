package dev.tictactoe.server.bot;

import dev.tictactoe.server.game.Rules;

import java.util.SplittableRandom;

/** A gomoku search over a hand-built position for tests: no clock, a small table, seed 1. */
final class UntimedSearch {

    private UntimedSearch() {}

    /** X on (7,5) (7,6) and O far away, X to move: a quiet position with nothing to answer. */
    static PatternBoard twoInARow() {
        PatternBoard board = new PatternBoard(Rules.GOMOKU, 0);
        board.play(7 * 15 + 5);
        board.play(2 * 15 + 2);
        board.play(7 * 15 + 6);
        board.play(2 * 15 + 12);
        return board;
    }

    static GomokuSearch over(PatternBoard board, int maxDepth) {
        return new GomokuSearch(
                board,
                new TranspositionTable(10),
                maxDepth,
                Budget.ofNodes(1000),
                new SplittableRandom(1));
    }
}
