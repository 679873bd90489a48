package dev.tictactoe.server.bot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tictactoe.protocol.Seat;
import dev.tictactoe.server.bot.Analysis.Judged;
import dev.tictactoe.server.bot.Analysis.Step;
import dev.tictactoe.server.bot.Analysis.Verdict;
import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Rules;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

class AnalysisTest {

    private final Bot bot = new Bot();
    private final Minimax minimax = new Minimax();
    private final Set<String> visited = new HashSet<>();

    /**
     * On 3×3 every position is exact, and every move of every reachable position is judged by its
     * value alone: a move that keeps the mover's value (win, draw or loss) is best, one that lowers
     * it is a blunder.
     */
    @Test
    void everyMoveOfEveryClassicPositionIsJudgedByItsExactValue() {
        int[] judged = new int[1];
        walk(new Board(Rules.CLASSIC), new ArrayList<>(), judged);
        assertThat(visited).hasSize(4_520); // every reachable position where the game goes on
        assertThat(judged[0]).isEqualTo(16_167); // and every move out of them
    }

    private void walk(Board board, List<Integer> played, int[] judged) {
        if (board.isOver() || !visited.add(Minimax.key(board))) {
            return;
        }
        int value = Integer.signum(minimax.value(board));
        for (int cell = 0; cell < 9; cell++) {
            if (!board.isEmpty(cell)) {
                continue;
            }
            int after = Integer.signum(minimax.valueOfMove(board, cell));
            played.add(cell);
            int[] moves = played.stream().mapToInt(Integer::intValue).toArray();
            Analysis a = Analysis.of(Rules.CLASSIC, Seat.X, moves, bot, 1);
            Judged move = a.moves().get(moves.length - 1);
            Step before = a.positions().get(moves.length - 1);
            assertThat(before.exact()).isTrue();
            assertThat(Integer.signum(before.score()) * (board.toMove() == Seat.X ? 1 : -1))
                    .as("value before %s", played)
                    .isEqualTo(value);
            assertThat(move.verdict())
                    .as("verdict of %s", played)
                    .isEqualTo(after < value ? Verdict.BLUNDER : Verdict.BEST);
            judged[0]++;
            board.play(cell);
            walk(board, played, judged);
            board.undo();
            played.remove(played.size() - 1);
        }
    }

    @Test
    void aClassicGameIsScoredForXAndEndsDecided() {
        // X centre, O on an edge (a lost position for O), X wins down the diagonal.
        Analysis a = Analysis.of(Rules.CLASSIC, Seat.X, new int[] {4, 1, 0, 8, 6, 2, 3}, bot, 1);

        assertThat(a.moves())
                .extracting(Judged::verdict)
                .containsExactly(
                        Verdict.BEST,
                        Verdict.BLUNDER,
                        Verdict.BEST,
                        Verdict.BEST,
                        Verdict.BEST,
                        Verdict.BEST,
                        Verdict.BEST);
        assertThat(a.moves().get(1).loss()).isEqualTo(Analysis.DECIDED);
        assertThat(a.positions().get(0).score()).isZero();
        assertThat(a.positions().get(2).score()).isEqualTo(Analysis.DECIDED);
        Step end = a.positions().get(7);
        assertThat(end).isEqualTo(new Step(null, true, Analysis.DECIDED, -1));
    }

    @Test
    void aGameThatStoppedBeforeTheBoardEndedKeepsItsLastPositionOpen() {
        // A resignation after two moves: the last position still has a side to move.
        Analysis a = Analysis.of(Rules.CLASSIC, Seat.O, new int[] {0, 4}, bot, 1);
        Step last = a.positions().get(2);
        assertThat(last.toMove()).isEqualTo(Seat.O);
        assertThat(last.best()).isBetween(0, 8);
        assertThat(a.moves()).extracting(Judged::mark).containsExactly(Seat.O, Seat.X);
    }

    @Test
    void ignoringAnOpenThreeOnGomokuIsABlunder() {
        // X builds an open three in the middle; O plays in the corner each time.
        int[] moves = {112, 0, 113, 1, 114, 2};
        Analysis a = Analysis.of(Rules.GOMOKU, Seat.X, moves, bot, 20_000);

        assertThat(a.moves().get(5).verdict()).isEqualTo(Verdict.BLUNDER);
        assertThat(a.positions().get(6).score()).isEqualTo(Analysis.DECIDED);
        assertThat(a.positions().get(5).exact()).isFalse();
        assertThat(a.moves())
                .filteredOn(m -> m.mark() == Seat.X)
                .extracting(Judged::verdict)
                .doesNotContain(Verdict.MISTAKE, Verdict.BLUNDER);
    }

    @Test
    void theSameGameIsJudgedTheSameEveryTime() {
        int[] moves = {112, 96, 98, 126, 82, 68, 110, 141};
        Analysis once = Analysis.of(Rules.GOMOKU, Seat.X, moves, new Bot(), 5_000);
        Analysis again = Analysis.of(Rules.GOMOKU, Seat.X, moves, new Bot(), 5_000);
        assertThat(again).isEqualTo(once);
    }

    @Test
    void anIllegalMoveIsRefused() {
        assertThatThrownBy(() -> Analysis.of(Rules.CLASSIC, Seat.X, new int[] {4, 4}, bot, 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("move 2");
        int[] pastTheEnd = {0, 3, 1, 4, 2, 5};
        assertThatThrownBy(() -> Analysis.of(Rules.CLASSIC, Seat.X, pastTheEnd, bot, 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("move 6");
    }
}
