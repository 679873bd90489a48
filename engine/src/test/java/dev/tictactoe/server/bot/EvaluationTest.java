package dev.tictactoe.server.bot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.server.game.Rules;

import org.junit.jupiter.api.Test;

class EvaluationTest {

    // X on (7,5) (7,6) (5,7) (6,7): a stone on (7,7) makes two open threes; O has nothing.
    private static PatternBoard doubleThreeForX() {
        PatternBoard board = new PatternBoard(Rules.GOMOKU, 0);
        for (int cell : new int[] {7 * 15 + 5, 5 * 15 + 7, 7 * 15 + 6, 6 * 15 + 7}) {
            board.play(cell);
            board.pass();
        }
        return board;
    }

    private static int evaluate(PatternBoard board) {
        return UntimedSearch.over(board, 4).evaluate();
    }

    // The table index of a cell whose four lines have these codes.
    private static int key(int... codes) {
        int key = 0;
        for (int d = 0; d < codes.length; d++) {
            key += codes[d] * Evaluation.DIGIT[d];
        }
        return key;
    }

    @Test
    void aDoubleThreeToPlayIsWorthMoreToTheSideWhoseMoveItIs() {
        PatternBoard board = doubleThreeForX();
        int xToMove = evaluate(board);
        board.pass();
        int oToMove = evaluate(board);
        assertThat(xToMove).isPositive();
        assertThat(oToMove).isNegative();
        assertThat(xToMove).isGreaterThan(-oToMove);
    }

    @Test
    void anOpenThreeOfTheOpponentCostsMoreThanTheDoubleThreeItCameFrom() {
        PatternBoard board = doubleThreeForX();
        board.pass(); // O to move, X threatens the double three
        int before = evaluate(board);
        board.pass();
        board.play(7 * 15 + 7); // X makes both threes open; O to move
        assertThat(evaluate(board)).isLessThan(before);
    }

    @Test
    void aQuietPositionIsWorthItsCellsAndTheTempo() {
        PatternBoard board = new PatternBoard(Rules.GOMOKU, 0);
        board.play(7 * 15 + 7);
        board.play(8 * 15 + 8);
        int cells = (board.moverWorth[0] + board.waiterWorth[1]) / Evaluation.SCALE;
        assertThat(evaluate(board)).isEqualTo(cells + Evaluation.TEMPO);
    }

    @Test
    void aCellIsWorthMoreTheStrongerItsLines() {
        int one = key(Patterns.ONE, Patterns.ONE, Patterns.ONE, Patterns.ONE);
        int openTwo = key(Patterns.OPEN_TWO, Patterns.ONE, Patterns.ONE, Patterns.ONE);
        int doubleThree = key(Patterns.OPEN_THREE, Patterns.OPEN_THREE, Patterns.ONE, Patterns.ONE);
        int five = key(Patterns.FIVE, Patterns.ONE, Patterns.ONE, Patterns.ONE);
        assertThat(Evaluation.MOVER[doubleThree]).isGreaterThan(Evaluation.MOVER[openTwo]);
        assertThat(Evaluation.MOVER[openTwo]).isGreaterThan(Evaluation.MOVER[one]);
        assertThat(Evaluation.WAITER[five]).isLessThan(Evaluation.WAITER[doubleThree]);
        assertThat(Evaluation.WAITER[doubleThree]).isLessThan(Evaluation.WAITER[one]);
    }

    @Test
    void theTablesDoNotDependOnTheOrderOfTheLines() {
        int a = key(Patterns.OPEN_THREE, Patterns.TWO, Patterns.ONE, Patterns.FOUR);
        int b = key(Patterns.FOUR, Patterns.ONE, Patterns.OPEN_THREE, Patterns.TWO);
        assertThat(Evaluation.MOVER[a]).isEqualTo(Evaluation.MOVER[b]);
        assertThat(Evaluation.WAITER[a]).isEqualTo(Evaluation.WAITER[b]);
    }

    @Test
    void movesAreOrderedByTheCellsWorthNeverBelowNothing() {
        for (int key = 0; key < Evaluation.KEYS; key++) {
            assertThat(Evaluation.ORDER[key])
                    .isEqualTo(Math.max(0, Evaluation.MOVER[key]) / Evaluation.SCALE);
        }
        PatternBoard board = doubleThreeForX();
        int doubleThree = 7 * 15 + 7;
        int far = 0; // a corner, no stone in reach
        assertThat(board.worth(0, doubleThree)).isGreaterThan(board.worth(0, 7 * 15 + 4));
        assertThat(board.worth(0, 7 * 15 + 4)).isGreaterThan(board.worth(0, far));
        assertThat(board.worth(1, doubleThree)).isLessThan(board.worth(0, doubleThree));
    }
}
