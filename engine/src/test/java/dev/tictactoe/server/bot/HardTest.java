package dev.tictactoe.server.bot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Boards;
import dev.tictactoe.server.game.Rules;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;
import java.util.SplittableRandom;

/** HARD on boards too big to solve: tactics, threat sequences, determinism and its clock. */
class HardTest {
    private static final Duration BUDGET = Duration.ofMillis(200);

    private static final Duration SMALL_BUDGET = Duration.ofMillis(20);
    private static final Rules GOMOKU = new Rules(15, 5);
    private final Bot bot = new Bot();

    @ParameterizedTest(name = "{0}x{0} k={1}")
    @CsvSource({"7,4", "9,5", "15,5"})
    void alwaysTakesAWinInOneAndBlocksALossInOne(int size, int k) {
        Rules rules = new Rules(size, k);
        SplittableRandom random = new SplittableRandom(size * 100L + k);
        int wins = 0;
        int blocks = 0;
        for (int game = 0; game < 60 && (wins < 25 || blocks < 25); game++) {
            Board board = new Board(rules, game % 2 == 0 ? Seat.X : Seat.O);
            while (!board.isOver()) {
                Seat me = board.toMove();
                boolean canWin = anyWinningCell(board, me) >= 0;
                int threat = anyWinningCell(board, me.opponent());
                if (canWin || threat >= 0) {
                    BotMove move = bot.choose(board, BotLevel.HARD, SMALL_BUDGET, game);
                    if (canWin) {
                        assertThat(Boards.wouldWin(board, move.cell(), me))
                                .as("takes the win in\n%s", board)
                                .isTrue();
                        wins++;
                    } else {
                        // With several threats the game is lost, but it still blocks one.
                        assertThat(Boards.wouldWin(board, move.cell(), me.opponent()))
                                .as("blocks in\n%s", board)
                                .isTrue();
                        blocks++;
                    }
                }
                board.play(randomNear(board, random));
            }
        }
        assertThat(wins).isGreaterThanOrEqualTo(10);
        assertThat(blocks).isGreaterThanOrEqualTo(10);
    }

    @Test
    void makesAnOpenFourFromAnOpenThree() {
        // X: three in row 7 with both ends open; O's stones far away.
        Board board = gomoku("X 7 5", "O 0 0", "X 7 6", "O 0 14", "X 7 7", "O 14 0");
        BotMove move = bot.choose(board, BotLevel.HARD, BUDGET, 1);
        assertThat(move.cell()).isIn(GOMOKU.cell(7, 4), GOMOKU.cell(7, 8));
        assertThat(move.score()).isGreaterThan(Bot.WIN_THRESHOLD);
    }

    @Test
    void playsAFourThree() {
        // (7,8) makes a four in row 7 (closed on the left) and an open three in column 8.
        Board board =
                gomoku(
                        "X 7 5", "O 7 4", "X 7 6", "O 0 0", "X 7 7", "O 0 14", "X 5 8", "O 14 0",
                        "X 6 8", "O 14 14");
        BotMove move = bot.choose(board, BotLevel.HARD, BUDGET, 1);
        assertThat(move.cell()).isEqualTo(GOMOKU.cell(7, 8));
        assertThat(move.score()).isGreaterThan(Bot.WIN_THRESHOLD);
        assertThat(move.note()).contains("continuous fours");
    }

    @Test
    void playsADoubleOpenThree() {
        // (7,8) makes open threes in row 7 and in column 8 at once: O can stop only one.
        Board board =
                gomoku("X 7 6", "O 0 0", "X 7 7", "O 0 14", "X 5 8", "O 14 0", "X 6 8", "O 14 14");
        BotMove move = bot.choose(board, BotLevel.HARD, BUDGET, 1);
        assertThat(move.cell()).isEqualTo(GOMOKU.cell(7, 8));
        assertThat(move.score()).isGreaterThan(Bot.WIN_THRESHOLD);
    }

    @Test
    void blocksAnOpenThreeBeforeItBecomesAnOpenFour() {
        // O has an open three in row 7; X must stop it at one end now or lose.
        Board board = gomoku("X 0 0", "O 7 5", "X 0 14", "O 7 6", "X 14 0", "O 7 7");
        BotMove move = bot.choose(board, BotLevel.HARD, BUDGET, 3);
        assertThat(move.cell())
                .isIn(GOMOKU.cell(7, 4), GOMOKU.cell(7, 8), GOMOKU.cell(7, 3), GOMOKU.cell(7, 9));
    }

    @ParameterizedTest(name = "first stone at ({0},{1})")
    @CsvSource({"7,7", "3,10", "0,0", "14,6"})
    void answersTheFirstStoneNextToIt(int row, int col) {
        // A second stone two cells off leaves the first player a free hand (Rapfi's evaluation of
        // the position is 200-300 points better for X than after a touching one).
        Board board = gomoku("X " + row + " " + col);
        for (long seed = 1; seed <= 6; seed++) {
            int reply = bot.chooseWithNodes(board, BotLevel.HARD, 100_000, seed).cell();
            assertThat(Math.abs(reply / GOMOKU.size() - row))
                    .as("seed %d", seed)
                    .isLessThanOrEqualTo(1);
            assertThat(Math.abs(reply % GOMOKU.size() - col))
                    .as("seed %d", seed)
                    .isLessThanOrEqualTo(1);
        }
    }

    @ParameterizedTest(name = "{0}x{0} k={1}")
    @CsvSource({"7,4,3", "9,5,3", "15,5,3"})
    void fixedDepthSearchIsDeterministic(int size, int k, int depth) {
        Board board = randomPosition(new Rules(size, k), 12, new SplittableRandom(size));
        BotMove first = toDepth(bot, board, depth);
        BotMove again = toDepth(bot, board, depth);
        BotMove fresh = toDepth(new Bot(), board, depth);
        assertThat(again).isEqualTo(first);
        assertThat(fresh).isEqualTo(first);
        assertThat(first.nodes()).isPositive();
    }

    @Test
    void theClockStopsTheSearchWithALegalMove() {
        // An opening with nothing forced, so the search runs until the clock stops it. How close
        // it keeps to the budget is measured by the bot benchmark, not asserted here.
        Board board = gomoku("X 7 7", "O 7 8", "X 8 7", "O 6 6");
        for (int i = 0; i < 3; i++) {
            BotMove move = bot.choose(board, BotLevel.HARD, Duration.ofMillis(50), i);
            assertThat(board.isEmpty(move.cell())).isTrue();
            assertThat(move.depth()).isGreaterThanOrEqualTo(1);
            assertThat(move.score()).isBetween(-Bot.WIN_THRESHOLD, Bot.WIN_THRESHOLD);
            assertThat(move.exact()).isFalse();
        }
    }

    @Test
    void perfectFallsBackToHardWhenItCannotSolve() {
        // 34 cells empty: near enough the end to try, too far to finish in 1,000 nodes.
        Board board = randomPosition(new Rules(6, 4), 2, new SplittableRandom(5));
        BotMove move = bot.chooseWithNodes(board, BotLevel.PERFECT, 3_000, 0);
        assertThat(move.exact()).isFalse();
        assertThat(move.note()).startsWith("not solvable within budget, played as hard");
        assertThat(board.isEmpty(move.cell())).isTrue();
    }

    @Test
    void perfectPlaysAsHardFarFromTheEndOfABigBoard() {
        // Two far corners: no opening the book answers, 223 cells empty.
        Board board = new Board(new Rules(15, 5));
        board.play(GOMOKU.cell(0, 0));
        board.play(GOMOKU.cell(14, 14));
        BotMove move = bot.chooseWithNodes(board, BotLevel.PERFECT, 3_000, 0);
        BotMove hard = bot.chooseWithNodes(board, BotLevel.HARD, 3_000, 0);
        assertThat(move.exact()).isFalse();
        assertThat(move.note()).startsWith("too far from the end to solve, played as hard");
        assertThat(move.cell()).isEqualTo(hard.cell());
        assertThat(move.nodes()).isEqualTo(hard.nodes());
    }

    /** Plays "X row col" / "O row col" moves in order. */
    static Board gomoku(String... moves) {
        Board board = new Board(GOMOKU, moves[0].startsWith("X") ? Seat.X : Seat.O);
        for (String m : moves) {
            String[] p = m.split(" ");
            assertThat(board.toMove().name()).isEqualTo(p[0]);
            board.play(GOMOKU.cell(Integer.parseInt(p[1]), Integer.parseInt(p[2])));
        }
        return board;
    }

    /** A position after {@code stones} random moves near the centre, with no line on it. */
    static Board randomPosition(Rules rules, int stones, SplittableRandom random) {
        while (true) {
            Board board = new Board(rules);
            int centre = rules.size() / 2;
            int spread = Math.max(2, rules.size() / 4);
            while (board.moveCount() < stones && !board.isOver()) {
                int r =
                        Math.clamp(
                                centre + random.nextInt(-spread, spread + 1), 0, rules.size() - 1);
                int c =
                        Math.clamp(
                                centre + random.nextInt(-spread, spread + 1), 0, rules.size() - 1);
                int cell = rules.cell(r, c);
                if (board.isEmpty(cell)) {
                    board.play(cell);
                }
            }
            if (!board.isOver()
                    && anyWinningCell(board, Seat.X) < 0
                    && anyWinningCell(board, Seat.O) < 0) {
                return board;
            }
        }
    }

    static int anyWinningCell(Board board, Seat mark) {
        for (int c = 0; c < board.rules().cells(); c++) {
            if (board.isEmpty(c) && Boards.wouldWin(board, c, mark)) {
                return c;
            }
        }
        return -1;
    }

    // A random empty cell next to a stone (so lines actually form), or anywhere on an empty board.
    private static int randomNear(Board board, SplittableRandom random) {
        int size = board.rules().size();
        int[] cells = new int[board.rules().cells()];
        int n = 0;
        for (int c = 0; c < cells.length; c++) {
            if (board.isEmpty(c) && (board.moveCount() == 0 || hasNeighbour(board, c, size))) {
                cells[n++] = c;
            }
        }
        return cells[random.nextInt(n)];
    }

    private static boolean hasNeighbour(Board board, int cell, int size) {
        int r = cell / size;
        int c = cell % size;
        for (int dr = -1; dr <= 1; dr++) {
            for (int dc = -1; dc <= 1; dc++) {
                int rr = r + dr;
                int cc = c + dc;
                if (rr >= 0
                        && rr < size
                        && cc >= 0
                        && cc < size
                        && !board.isEmpty(rr * size + cc)) {
                    return true;
                }
            }
        }
        return false;
    }

    // HARD's search to exactly `depth` plies, with no clock.
    private static BotMove toDepth(Bot bot, Board board, int depth) {
        Position pos = Position.of(board);
        return bot.hard(board, pos, depth, Budget.ofNodes(Long.MAX_VALUE), Bot.random(42, pos));
    }
}
