package dev.tictactoe.server.bot;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class NearHorizonPruningTest {

    // X on (7,5) (7,6) and O far away; X to move: a quiet position.
    private static PatternBoard quiet() {
        PatternBoard board = new PatternBoard(15, 5, 0);
        board.play(7 * 15 + 5);
        board.play(2 * 15 + 2);
        board.play(7 * 15 + 6);
        board.play(2 * 15 + 12);
        return board;
    }

    // O on (3,5) (3,6) (3,7), an open three, and X scattered; X to move and must answer it.
    private static PatternBoard openThreeToAnswer() {
        PatternBoard board = new PatternBoard(15, 5, 0);
        int[] moves = {7 * 15 + 7, 3 * 15 + 5, 11 * 15 + 2, 3 * 15 + 6, 11 * 15 + 12, 3 * 15 + 7};
        for (int cell : moves) {
            board.play(cell);
        }
        return board;
    }

    @Test
    void aQuietNodeFarAboveBetaReturnsItsStaticValueUnsearched() {
        PatternBoard board = quiet();
        GomokuSearch search = UntimedSearch.over(board, 8);
        int eval = search.evaluate();
        int beta = eval - 2 * GomokuSearch.FUTILITY_MARGIN;
        assertThat(search.search(2, 1, beta - 1, beta)).isEqualTo(eval);
        assertThat(search.nodes).isEqualTo(1);
    }

    @Test
    void aQuietNodeFarBelowAlphaOnlyLooksForFours() {
        PatternBoard board = quiet();
        GomokuSearch search = UntimedSearch.over(board, 8);
        int eval = search.evaluate();
        int alpha = eval + 2 * GomokuSearch.RAZOR_MARGIN + 1;
        assertThat(search.search(2, 1, alpha, alpha + 1)).isEqualTo(eval);
        assertThat(search.nodes).isEqualTo(1);
    }

    @Test
    void aNodeJustOutsideTheMarginIsSearched() {
        PatternBoard board = quiet();
        GomokuSearch search = UntimedSearch.over(board, 8);
        int beta = search.evaluate() - 2 * GomokuSearch.FUTILITY_MARGIN + 1;
        search.search(2, 1, beta - 1, beta);
        assertThat(search.nodes).isGreaterThan(1);
    }

    @Test
    void aNodeWithAWideWindowIsSearched() {
        PatternBoard board = quiet();
        GomokuSearch search = UntimedSearch.over(board, 8);
        int eval = search.evaluate();
        search.search(
                1, 1, eval - 10 * GomokuSearch.RAZOR_MARGIN, eval - GomokuSearch.FUTILITY_MARGIN);
        assertThat(search.nodes).isGreaterThan(1);
    }

    @Test
    void anOpenThreeOfTheOpponentIsAlwaysAnswered() {
        PatternBoard board = openThreeToAnswer();
        assertThat(board.count[1][Patterns.OPEN_FOUR]).isPositive();
        GomokuSearch search = UntimedSearch.over(board, 8);
        int beta = search.evaluate() - 2 * GomokuSearch.FUTILITY_MARGIN;
        search.search(2, 1, beta - 1, beta);
        assertThat(search.nodes).isGreaterThan(1);
    }

    @Test
    void deeperNodesAreNotCutShort() {
        PatternBoard board = quiet();
        GomokuSearch search = UntimedSearch.over(board, 8);
        int depth = GomokuSearch.PRUNE_DEPTH + 1;
        int beta = search.evaluate() - depth * GomokuSearch.FUTILITY_MARGIN - 1000;
        search.search(depth, 1, beta - 1, beta);
        assertThat(search.nodes).isGreaterThan(1);
    }
}
