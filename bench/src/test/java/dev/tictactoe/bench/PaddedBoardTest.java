package dev.tictactoe.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Rules;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

/** The benchmark's alternative representation must agree with the engine to be a fair rival. */
class PaddedBoardTest {

    @Test
    void agreesWithTheEngineInRandomGames() {
        SplittableRandom random = new SplittableRandom(9);
        int[] empty = new int[Rules.MAX_SIZE * Rules.MAX_SIZE];
        for (int n = Rules.MIN_SIZE; n <= Rules.MAX_SIZE; n++) {
            for (int k = 3; k <= Math.min(n, 6); k++) {
                Rules rules = new Rules(n, k);
                for (int game = 0; game < 5; game++) {
                    Board board = new Board(rules);
                    PaddedBoard padded = new PaddedBoard(rules);
                    while (!board.isOver()) {
                        int cell = empty[random.nextInt(board.legalMoves(empty))];
                        assertThat(padded.play(cell)).isEqualTo(board.play(cell));
                        if (random.nextInt(4) == 0) {
                            board.undo();
                            padded.undo();
                            assertThat(padded.winner()).isEqualTo(-1);
                        }
                    }
                }
            }
        }
    }
}
