package dev.tictactoe.server.bot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Boards;
import dev.tictactoe.server.game.Rules;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.TreeSet;

/** PERFECT on 3×3, checked exhaustively against an independent minimax. */
class PerfectClassicTest {

    private static final Duration BUDGET = Duration.ofMillis(200);
    private final Bot bot = new Bot();
    private final Minimax minimax = new Minimax();

    @ParameterizedTest
    @EnumSource(Seat.class)
    void keepsTheExactValueInEveryReachablePosition(Seat first) {
        int[] positions = {0};
        walk(
                new Board(Rules.CLASSIC, first),
                board -> {
                    int value = minimax.value(board);
                    for (long seed = 0; seed < 3; seed++) {
                        BotMove move = bot.choose(board, BotLevel.PERFECT, BUDGET, seed);
                        assertThat(move.exact()).isTrue();
                        assertThat(move.score()).as("value of\n%s", board).isEqualTo(value);
                        // Wins when it can, fastest; never gives up a draw; loses slowest.
                        assertThat(minimax.valueOfMove(board, move.cell()))
                                .as("move %d in\n%s", move.cell(), board)
                                .isEqualTo(value);
                    }
                    positions[0]++;
                });
        assertThat(positions[0]).isEqualTo(4520); // non-terminal positions reachable from one start
    }

    @ParameterizedTest
    @EnumSource(Seat.class)
    void neverLosesAgainstAnyOpponent(Seat botMark) {
        int[] games = {0};
        playAll(new Board(Rules.CLASSIC), botMark, 17, games);
        assertThat(games[0]).isPositive();
    }

    // Every sequence of opponent moves, the bot answering with its seed.
    private void playAll(Board board, Seat botMark, long seed, int[] games) {
        if (board.isOver()) {
            assertThat(board.winner()).as("game\n%s", board).isNotEqualTo(botMark.opponent());
            games[0]++;
            return;
        }
        if (board.toMove() == botMark) {
            board.play(bot.choose(board, BotLevel.PERFECT, BUDGET, seed).cell());
            playAll(board, botMark, seed, games);
            board.undo();
            return;
        }
        for (int cell = 0; cell < 9; cell++) {
            if (board.isEmpty(cell)) {
                board.play(cell);
                playAll(board, botMark, seed, games);
                board.undo();
            }
        }
    }

    @Test
    void seedsBreakTiesDeterministically() {
        Board empty = new Board(Rules.CLASSIC);
        Set<Integer> firstMoves = new TreeSet<>();
        for (long seed = 0; seed < 64; seed++) {
            int cell = bot.choose(empty, BotLevel.PERFECT, BUDGET, seed).cell();
            assertThat(bot.choose(empty, BotLevel.PERFECT, BUDGET, seed).cell()).isEqualTo(cell);
            firstMoves.add(cell);
        }
        // Every first move draws, so the seed may pick any of them.
        assertThat(firstMoves).hasSizeGreaterThan(4);
    }

    @Test
    void doesNotTouchTheCallersBoard() {
        Board board = Boards.replay(Rules.CLASSIC, Seat.X, 0, 4);
        String before = Minimax.key(board);
        bot.choose(board, BotLevel.PERFECT, BUDGET, 1);
        assertThat(Minimax.key(board)).isEqualTo(before);
        assertThat(board.moves()).containsExactly(0, 4);
    }

    private static void walk(Board board, java.util.function.Consumer<Board> visit) {
        walk(board, visit, new HashSet<>());
    }

    private static void walk(
            Board board, java.util.function.Consumer<Board> visit, Set<String> seen) {
        if (board.isOver() || !seen.add(Minimax.key(board))) {
            return;
        }
        visit.accept(board);
        for (int cell = 0; cell < 9; cell++) {
            if (board.isEmpty(cell)) {
                board.play(cell);
                walk(board, visit, seen);
                board.undo();
            }
        }
    }
}
