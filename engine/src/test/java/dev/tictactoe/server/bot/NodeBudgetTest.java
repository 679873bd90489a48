package dev.tictactoe.server.bot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Rules;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.SplittableRandom;

/**
 * A node budget bounds the search (give or take the nodes that find it spent) and makes it replay.
 */
class NodeBudgetTest {

    @ParameterizedTest(name = "{0}x{0} k={1}, {2} nodes")
    @CsvSource({"15,5,3000", "15,5,30000", "7,5,3000", "10,6,3000"})
    void staysWithinItsNodesAndReplays(int size, int k, long nodes) {
        Rules rules = new Rules(size, k);
        for (long seed = 0; seed < 4; seed++) {
            Board board =
                    HardTest.randomPosition(rules, 6 + 2 * (int) seed, new SplittableRandom(seed));
            BotMove move = new Bot().chooseWithNodes(board, BotLevel.HARD, nodes, seed);
            assertThat(move.nodes()).isLessThanOrEqualTo(nodes + 2);
            assertThat(board.isEmpty(move.cell())).isTrue();
            assertThat(new Bot().chooseWithNodes(board, BotLevel.HARD, nodes, seed))
                    .isEqualTo(move);
        }
    }
}
