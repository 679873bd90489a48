package dev.tictactoe.server.bot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Rules;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * What a seed guarantees: the same position, level and seed give the same move. EASY, MEDIUM and
 * PERFECT on small boards never look at the clock, so their time budget does not matter; HARD, and
 * PERFECT where it cannot solve, stop on time and replay only with a node budget.
 */
class BotSeedTest {
    private static final Duration BUDGET = Duration.ofMillis(200);

    private static final long NODES = 20_000;

    @ParameterizedTest(name = "{0}x{0} k={1}")
    @CsvSource({"3,3", "4,4", "7,5", "15,5", "10,6", "6,3"})
    void easyAndMediumChooseTheSameMoveWhateverTheirTimeBudget(int size, int k) {
        Rules rules = new Rules(size, k);
        for (long seed = 0; seed < 6; seed++) {
            Board board = position(rules, (int) seed, seed);
            for (BotLevel level : new BotLevel[] {BotLevel.EASY, BotLevel.MEDIUM}) {
                BotMove hurried = new Bot().choose(board, level, Duration.ofNanos(1), seed);
                BotMove leisurely = new Bot().choose(board, level, Duration.ofSeconds(5), seed);
                assertThat(leisurely.cell())
                        .as("%s, seed %d, on%n%s", level, seed, board)
                        .isEqualTo(hurried.cell());
            }
        }
    }

    @ParameterizedTest(name = "{0}x{0} k={1}")
    @CsvSource({"3,3", "4,4", "4,3"})
    void perfectSolvesSmallBoardsWithoutLookingAtTheClock(int size, int k) {
        Rules rules = new Rules(size, k);
        for (long seed = 0; seed < 6; seed++) {
            Board board = position(rules, (int) seed % 3, seed);
            BotMove hurried = new Bot().choose(board, BotLevel.PERFECT, Duration.ofNanos(1), seed);
            BotMove leisurely =
                    new Bot().choose(board, BotLevel.PERFECT, Duration.ofSeconds(5), seed);
            assertThat(hurried.exact()).isTrue();
            assertThat(leisurely.cell())
                    .as("seed %d on%n%s", seed, board)
                    .isEqualTo(hurried.cell());
        }
    }

    @ParameterizedTest(name = "{0}x{0} k={1}")
    @CsvSource({"3,3", "5,3", "8,4", "15,5", "10,6"})
    void hardAndPerfectReplayWithANodeBudgetEvenOnABotThatSearchedElsewhereMeanwhile(
            int size, int k) {
        Rules rules = new Rules(size, k);
        for (long seed = 0; seed < 3; seed++) {
            Board board = position(rules, 2 + 2 * (int) seed, seed);
            Board elsewhere = position(rules, 3 + 2 * (int) seed, seed + 100);
            for (BotLevel level : new BotLevel[] {BotLevel.HARD, BotLevel.PERFECT}) {
                Bot bot = new Bot();
                BotMove first = bot.chooseWithNodes(board, level, NODES, seed);
                // The same instance and thread, its tables now full of another search.
                bot.chooseWithNodes(elsewhere, level, NODES, seed);
                BotMove again = bot.chooseWithNodes(board, level, NODES, seed);
                BotMove fresh = new Bot().chooseWithNodes(board, level, NODES, seed);
                assertThat(again).as("%s, seed %d, on%n%s", level, seed, board).isEqualTo(first);
                assertThat(fresh.cell()).isEqualTo(first.cell());
            }
        }
    }

    @Test
    void theSeedChoosesAmongEquallyGoodMoves() {
        Board classic = new Board(Rules.CLASSIC);
        Board gomoku = new Board(new Rules(15, 5));
        Set<Integer> perfect = new HashSet<>();
        Set<Integer> easy = new HashSet<>();
        for (long seed = 0; seed < 16; seed++) {
            perfect.add(new Bot().choose(classic, BotLevel.PERFECT, BUDGET, seed).cell());
            easy.add(new Bot().choose(gomoku, BotLevel.EASY, BUDGET, seed).cell());
        }
        // Every opening of 3x3 draws, so a perfect bot may open anywhere; the seed picks where.
        assertThat(perfect).hasSizeGreaterThan(1);
        assertThat(easy).hasSizeGreaterThan(1);
    }

    /**
     * A seeded position with {@code stones} stones (a third of the board at most) and no win in
     * one.
     */
    private static Board position(Rules rules, int stones, long seed) {
        int n = Math.min(stones, rules.cells() / 3);
        return n == 0
                ? new Board(rules)
                : HardTest.randomPosition(rules, n, new SplittableRandom(seed));
    }
}
