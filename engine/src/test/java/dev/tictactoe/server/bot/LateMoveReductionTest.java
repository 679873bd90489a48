package dev.tictactoe.server.bot;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LateMoveReductionTest {

    @Test
    void aLateQuietMoveDeepEnoughIsReducedByOnePly() {
        PatternBoard board = UntimedSearch.twoInARow();
        GomokuSearch search = UntimedSearch.over(board, 8);
        board.play(12 * 15 + 12); // X plays far off: no threat
        assertThat(search.reduction(GomokuSearch.LMR_FROM, GomokuSearch.LMR_DEPTH)).isEqualTo(1);
    }

    @Test
    void earlyMovesAndShallowNodesAreNotReduced() {
        PatternBoard board = UntimedSearch.twoInARow();
        GomokuSearch search = UntimedSearch.over(board, 8);
        board.play(12 * 15 + 12);
        assertThat(search.reduction(GomokuSearch.LMR_FROM - 1, GomokuSearch.LMR_DEPTH)).isZero();
        assertThat(search.reduction(GomokuSearch.LMR_FROM, GomokuSearch.LMR_DEPTH - 1)).isZero();
    }

    @Test
    void aMoveThatLeavesAnOpenThreeIsNotReduced() {
        PatternBoard board = UntimedSearch.twoInARow();
        GomokuSearch search = UntimedSearch.over(board, 8);
        board.play(7 * 15 + 7); // X makes an open three
        assertThat(search.reduction(GomokuSearch.LMR_FROM + 5, GomokuSearch.LMR_DEPTH + 3))
                .isZero();
    }
}
