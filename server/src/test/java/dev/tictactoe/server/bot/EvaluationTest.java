package dev.tictactoe.server.bot;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class EvaluationTest {

    // X on (7,5) (7,6) (5,7) (6,7): a stone on (7,7) makes two open threes; O has nothing.
    private static PatternBoard doubleThreeForX() {
        PatternBoard board = new PatternBoard(15, 5, 0);
        for (int cell : new int[] {7 * 15 + 5, 5 * 15 + 7, 7 * 15 + 6, 6 * 15 + 7}) {
            board.play(cell);
            board.pass();
        }
        return board;
    }

    private static int evaluate(PatternBoard board) {
        return UntimedSearch.over(board, 4).evaluate();
    }

    @Test
    void aDoubleThreeToPlayIsWorthAlmostAWin() {
        PatternBoard board = doubleThreeForX();
        int patterns = board.value[0] * 6 / 5 - board.value[1];
        assertThat(evaluate(board)).isEqualTo(patterns + GomokuSearch.DOUBLE_THREE_MOVE);
    }

    @Test
    void theOpponentsDoubleThreeMustBeTakenAway() {
        PatternBoard board = doubleThreeForX();
        board.pass(); // O to move
        int patterns = board.value[1] * 6 / 5 - board.value[0];
        assertThat(evaluate(board)).isEqualTo(patterns - GomokuSearch.COMBO_TO_ANSWER);
    }

    @Test
    void anOpenThreeOfTheOpponentCostsMoreThanTheDoubleThreeItCameFrom() {
        PatternBoard board = doubleThreeForX();
        board.play(7 * 15 + 7); // X makes both threes open; O to move
        int patterns = board.value[1] * 6 / 5 - board.value[0];
        assertThat(evaluate(board))
                .isLessThanOrEqualTo(patterns - GomokuSearch.OPEN_THREE_TO_ANSWER);
    }
}
