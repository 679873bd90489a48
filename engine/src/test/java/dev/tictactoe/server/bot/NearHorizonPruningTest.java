package dev.tictactoe.server.bot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.server.game.Rules;

import org.junit.jupiter.api.Test;

class NearHorizonPruningTest {

    private static final int FUTILITY = GomokuSearch.FUTILITY_MARGIN;
    private static final int RAZOR = GomokuSearch.RAZOR_MARGIN;

    /** What one call of the search returned, and how many nodes it visited. */
    private record Outcome(int value, long nodes) {}

    private static Outcome search(PatternBoard board, int depth, int alpha, int beta) {
        GomokuSearch search = UntimedSearch.over(board, 8);
        int value = search.search(depth, 1, alpha, beta);
        return new Outcome(value, search.nodes);
    }

    private static int evaluate(PatternBoard board) {
        return UntimedSearch.over(board, 8).evaluate();
    }

    // O on (3,5) (3,6) (3,7), an open three, and X scattered; X to move and must answer it.
    private static PatternBoard openThreeToAnswer() {
        PatternBoard board = new PatternBoard(Rules.GOMOKU, 0);
        int[] moves = {7 * 15 + 7, 3 * 15 + 5, 11 * 15 + 2, 3 * 15 + 6, 11 * 15 + 12, 3 * 15 + 7};
        for (int cell : moves) {
            board.play(cell);
        }
        return board;
    }

    @Test
    void aQuietNodeFarAboveBetaReturnsItsStaticValueUnsearched() {
        PatternBoard board = UntimedSearch.twoInARow();
        int eval = evaluate(board);
        int beta = eval - 2 * FUTILITY;
        assertThat(search(board, 2, beta - 1, beta)).isEqualTo(new Outcome(eval, 1));
    }

    @Test
    void aQuietNodeFarBelowAlphaOnlyLooksForFours() {
        PatternBoard board = UntimedSearch.twoInARow();
        int eval = evaluate(board);
        int alpha = eval + 2 * RAZOR + 1;
        assertThat(search(board, 2, alpha, alpha + 1)).isEqualTo(new Outcome(eval, 1));
    }

    @Test
    void aNodeJustInsideTheMarginIsSearched() {
        PatternBoard board = UntimedSearch.twoInARow();
        int beta = evaluate(board) - 2 * FUTILITY + 1;
        assertThat(search(board, 2, beta - 1, beta).nodes()).isGreaterThan(1);
    }

    @Test
    void aNodeWithAWideWindowIsSearched() {
        PatternBoard board = UntimedSearch.twoInARow();
        int eval = evaluate(board);
        assertThat(search(board, 1, eval - 10 * RAZOR, eval - FUTILITY).nodes()).isGreaterThan(1);
    }

    @Test
    void deeperNodesAreNotCutShort() {
        PatternBoard board = UntimedSearch.twoInARow();
        int depth = GomokuSearch.PRUNE_DEPTH + 1;
        int beta = evaluate(board) - depth * FUTILITY - 1000;
        assertThat(search(board, depth, beta - 1, beta).nodes()).isGreaterThan(1);
    }

    @Test
    void anOpenThreeOfTheOpponentIsAlwaysAnswered() {
        PatternBoard board = openThreeToAnswer();
        assertThat(board.count[1][Patterns.OPEN_FOUR]).isPositive();
        int beta = evaluate(board) - 2 * FUTILITY;
        assertThat(search(board, 2, beta - 1, beta).nodes()).isGreaterThan(1);
    }
}
