package dev.tictactoe.server.bot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Rules;

import org.junit.jupiter.api.Test;

import java.util.Arrays;

/** The numbers the evaluation's weights are fitted on. */
class EvaluationFeaturesTest {

    private static final Rules RULES = new Rules(15, 5);

    @Test
    void keysWithTheSameFourCodesInAnyOrderShareASet() {
        int[] setOf = EvaluationFeatures.setOfKey();
        assertThat(Arrays.stream(setOf).distinct().count()).isEqualTo(EvaluationFeatures.SETS);
        int ordered = Patterns.FOUR * Evaluation.DIGIT[3] + Patterns.TWO * Evaluation.DIGIT[1];
        int shuffled = Patterns.TWO * Evaluation.DIGIT[0] + Patterns.FOUR * Evaluation.DIGIT[2];
        assertThat(setOf[shuffled]).isEqualTo(setOf[ordered]);
    }

    @Test
    void everyCellIsCountedOncePerSideAndTheLastColumnSaysWhoMoves() {
        int sets = EvaluationFeatures.SETS;
        int[] oToMove = EvaluationFeatures.of(board(7, 7, 8, 9, 6, 6));
        assertThat(oToMove).hasSize(2 * sets + EvaluationFeatures.THREATS + 1);
        assertThat(Arrays.stream(oToMove, 0, sets).sum()).isEqualTo(15 * 15);
        assertThat(Arrays.stream(oToMove, sets, 2 * sets).sum()).isEqualTo(15 * 15);
        assertThat(oToMove[oToMove.length - 1]).isZero();
        assertThat(EvaluationFeatures.of(board(7, 7, 8, 9))[oToMove.length - 1]).isOne();
    }

    @Test
    void aPositionTheMoverWinsAtOnceHasNoFeatures() {
        // X has h8 i8 j8 k8 and is to move.
        assertThat(EvaluationFeatures.of(board(7, 7, 0, 0, 7, 8, 0, 1, 7, 9, 0, 2, 7, 10, 4, 1)))
                .isNull();
    }

    // Stones at (row, column) pairs, X first.
    private static Board board(int... rowColumns) {
        Board board = new Board(RULES);
        for (int i = 0; i < rowColumns.length; i += 2) {
            board.play(RULES.cell(rowColumns[i], rowColumns[i + 1]));
        }
        return board;
    }
}
