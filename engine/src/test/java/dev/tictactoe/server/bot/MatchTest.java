package dev.tictactoe.server.bot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Rules;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;
import java.util.SplittableRandom;

/** Whole games between levels, seeded so they replay. */
class MatchTest {
    private static final Duration BUDGET = Duration.ofMillis(200);

    private final Bot bot = new Bot();

    @ParameterizedTest(name = "{0}x{0} k={1}, HARD with {2} nodes")
    @CsvSource({"15,5,20000,5,1", "9,5,20000,0,0"})
    void hardBeatsMedium(int size, int k, long nodes, int minWins, int maxLosses) {
        Rules rules = new Rules(size, k);
        int wins = 0;
        int losses = 0;
        for (int game = 0; game < 6; game++) {
            Seat hard = game % 2 == 0 ? Seat.X : Seat.O;
            Board board = new Board(rules);
            long seed = 1000L * size + game;
            board.play(rules.cell(size / 2, size / 2 - game / 2)); // three openings, each both ways
            while (!board.isOver()) {
                BotMove move =
                        board.toMove() == hard
                                ? bot.chooseWithNodes(board, BotLevel.HARD, nodes, seed)
                                : bot.choose(board, BotLevel.MEDIUM, Duration.ZERO, seed);
                board.play(move.cell());
            }
            if (board.winner() == hard) {
                wins++;
            } else if (board.winner() != null) {
                losses++;
            }
        }
        assertThat(wins).as("HARD's wins").isGreaterThanOrEqualTo(minWins);
        assertThat(losses).as("HARD's losses").isLessThanOrEqualTo(maxLosses);
    }

    @Test
    void mediumBeatsEasy() {
        Rules rules = new Rules(7, 4);
        int wins = 0;
        for (int game = 0; game < 10; game++) {
            Seat medium = game % 2 == 0 ? Seat.X : Seat.O;
            Board board = new Board(rules);
            while (!board.isOver()) {
                BotLevel level = board.toMove() == medium ? BotLevel.MEDIUM : BotLevel.EASY;
                board.play(bot.choose(board, level, Duration.ZERO, game).cell());
            }
            if (board.winner() == medium) {
                wins++;
            }
        }
        assertThat(wins).isGreaterThanOrEqualTo(7);
    }

    @ParameterizedTest(name = "4x4 k={0}")
    @CsvSource({"3", "4"})
    void perfectNeverLosesOnFourByFourAndWinsWhenItCan(int k) {
        Rules rules = new Rules(4, k);
        SplittableRandom random = new SplittableRandom(k);
        for (int game = 0; game < 12; game++) {
            Seat perfect = game % 2 == 0 ? Seat.X : Seat.O;
            BotLevel other = BotLevel.values()[game % 3];
            Board board = new Board(rules);
            while (!board.isOver()) {
                BotLevel level = board.toMove() == perfect ? BotLevel.PERFECT : other;
                board.play(
                        bot.choose(board, level, Duration.ofMillis(20), random.nextLong()).cell());
            }
            if (k == 4) {
                assertThat(board.winner())
                        .as("PERFECT as %s against %s:\n%s", perfect, other, board)
                        .isNotEqualTo(perfect.opponent());
            } else if (perfect == Seat.X) {
                // 4x4 k=3 is a first-player win (as O, PERFECT starts from a lost position).
                assertThat(board.winner())
                        .as("PERFECT as X against %s:\n%s", other, board)
                        .isEqualTo(Seat.X);
            }
        }
    }

    @ParameterizedTest(name = "4x4 k={0}")
    @CsvSource({"3", "4"})
    void perfectKeepsTheExactValueOnFourByFour(int k) {
        // Positions a few moves from the end, checked against the independent minimax.
        Rules rules = new Rules(4, k);
        SplittableRandom random = new SplittableRandom(40 + k);
        Minimax minimax = new Minimax();
        int checked = 0;
        while (checked < 40) {
            Board board = new Board(rules, random.nextBoolean() ? Seat.X : Seat.O);
            int stones = random.nextInt(6, 12);
            while (board.moveCount() < stones && !board.isOver()) {
                board.play(PositionTest.randomEmpty(board, random));
            }
            if (board.isOver()) {
                continue;
            }
            int value = minimax.value(board);
            BotMove move = bot.choose(board, BotLevel.PERFECT, BUDGET, checked);
            assertThat(move.exact()).isTrue();
            assertThat(move.score()).as("value of\n%s", board).isEqualTo(value);
            assertThat(minimax.valueOfMove(board, move.cell()))
                    .as("move %d in\n%s", move.cell(), board)
                    .isEqualTo(value);
            checked++;
        }
    }

    @Test
    void perfectSolvesFourByFourFromTheStart() {
        BotMove win = bot.choose(new Board(new Rules(4, 3)), BotLevel.PERFECT, BUDGET, 0);
        assertThat(win.exact()).isTrue();
        assertThat(win.score()).isGreaterThan(Bot.WIN_THRESHOLD);
        BotMove draw = bot.choose(new Board(new Rules(4, 4)), BotLevel.PERFECT, BUDGET, 0);
        assertThat(draw.exact()).isTrue();
        assertThat(draw.note()).isEqualTo("solved: draw");
    }
}
