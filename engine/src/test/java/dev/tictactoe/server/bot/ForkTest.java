package dev.tictactoe.server.bot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Boards;
import dev.tictactoe.server.game.Rules;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;
import java.util.Set;
import java.util.TreeSet;

/**
 * Named 3×3 positions where a natural-looking reply loses to a fork. Cells are numbered 0–8 row by
 * row; moves alternate from X.
 */
class ForkTest {
    private static final Duration BUDGET = Duration.ofMillis(200);

    private final Bot bot = new Bot();
    private final Minimax minimax = new Minimax();

    @ParameterizedTest(name = "{0}: after {1} only {2} hold")
    @CsvSource(
            delimiter = ';',
            value = {
                // A corner reply loses to the third corner; only an edge forces X to answer.
                "opposite corners; 0 4 8; 1 3 5 7",
                // Answering a corner anywhere but the centre loses (after 0: X8, O7, X2 forks on 4
                // and 5).
                "corner opening; 6; 4",
                "centre opening; 4; 0 2 6 8",
                // After X's centre and opposite corner, an edge lets X fork.
                "centre then opposite corner; 4 0 8; 2 6",
                "edge opening; 1; 0 2 4 7",
                // X threatens to fork on 0 (row 0 and column 0): O must take it or force X
                // elsewhere.
                "two edges; 1 4 3; 0 2 6",
                "knight's move; 0 4 7; 3 5 6 8",
            })
    void choosesOnlyMovesThatHoldAndNeverLoses(String name, String moves, String holding) {
        Board board = Boards.replay(Rules.CLASSIC, Seat.X, parse(moves));
        Set<Integer> expected = new TreeSet<>();
        for (int c : parse(holding)) {
            expected.add(c);
        }
        // The oracle agrees which replies hold the value of the position...
        Set<Integer> holds = new TreeSet<>();
        int value = minimax.value(board);
        for (int cell = 0; cell < 9; cell++) {
            if (board.isEmpty(cell) && minimax.valueOfMove(board, cell) == value) {
                holds.add(cell);
            }
        }
        assertThat(holds).as(name).isEqualTo(expected);
        // ... the bot picks one of them for any seed, and never loses whatever follows.
        Seat botMark = board.toMove();
        for (long seed = 0; seed < 16; seed++) {
            assertThat(expected).contains(bot.choose(board, BotLevel.PERFECT, BUDGET, seed).cell());
            assertNeverLoses(board, botMark, seed);
        }
    }

    private void assertNeverLoses(Board board, Seat botMark, long seed) {
        if (board.isOver()) {
            assertThat(board.winner()).as("game\n%s", board).isNotEqualTo(botMark.opponent());
            return;
        }
        if (board.toMove() == botMark) {
            board.play(bot.choose(board, BotLevel.PERFECT, BUDGET, seed).cell());
            assertNeverLoses(board, botMark, seed);
            board.undo();
            return;
        }
        for (int cell = 0; cell < 9; cell++) {
            if (board.isEmpty(cell)) {
                board.play(cell);
                assertNeverLoses(board, botMark, seed);
                board.undo();
            }
        }
    }

    private static int[] parse(String cells) {
        return java.util.Arrays.stream(cells.trim().split("\\s+"))
                .mapToInt(Integer::parseInt)
                .toArray();
    }
}
