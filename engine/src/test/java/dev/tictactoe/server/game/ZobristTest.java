package dev.tictactoe.server.game;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.protocol.Seat;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;

class ZobristTest {

    @Test
    void samePositionByAnyMoveOrderHasTheSameHash() {
        SplittableRandom random = new SplittableRandom(5);
        Random shuffler = new Random(5);
        List<Rules> variants =
                List.of(Rules.CLASSIC, new Rules(7, 4), Rules.GOMOKU, new Rules(19, 5));
        for (Rules rules : variants) {
            for (int trial = 0; trial < 20; trial++) {
                Board board = new Board(rules, trial % 2 == 0 ? Seat.X : Seat.O);
                BoardTest.randomPlies(board, Math.min(rules.cells() - 1, 30), random);
                if (board.winner() != null) {
                    continue; // a reordered game might end earlier
                }
                List<Integer> firsts = new ArrayList<>();
                List<Integer> seconds = new ArrayList<>();
                for (int ply = 0; ply < board.moveCount(); ply++) {
                    (ply % 2 == 0 ? firsts : seconds).add(board.moveAt(ply));
                }
                Collections.shuffle(firsts, shuffler);
                Collections.shuffle(seconds, shuffler);
                Board other = new Board(rules, board.first());
                for (int ply = 0; ply < board.moveCount(); ply++) {
                    other.play((ply % 2 == 0 ? firsts : seconds).get(ply / 2));
                }
                assertThat(other.toString()).isEqualTo(board.toString());
                assertThat(other.hash()).isEqualTo(board.hash());
            }
        }
    }

    @Test
    void undoRestoresTheHashAllTheWayBack() {
        SplittableRandom random = new SplittableRandom(6);
        Board board = new Board(Rules.GOMOKU);
        long[] hashes = new long[Rules.GOMOKU.cells() + 1];
        int[] empty = new int[Rules.GOMOKU.cells()];
        hashes[0] = board.hash();
        while (!board.isOver()) {
            board.play(empty[random.nextInt(board.legalMoves(empty))]);
            hashes[board.moveCount()] = board.hash();
        }
        while (board.moveCount() > 0) {
            board.undo();
            assertThat(board.hash()).isEqualTo(hashes[board.moveCount()]);
        }
    }

    @Test
    void theSideToMoveIsPartOfThePosition() {
        Board xToMove = Boards.replay(Rules.CLASSIC, Seat.X, 4, 0);
        Board oToMove = Boards.replay(Rules.CLASSIC, Seat.O, 0, 4);
        assertThat(oToMove.toString()).isEqualTo(xToMove.toString());
        assertThat(oToMove.hash()).isNotEqualTo(xToMove.hash());
    }

    @Test
    void variantsDoNotShareHashes() {
        assertThat(new Board(new Rules(5, 4)).hash())
                .isNotEqualTo(new Board(new Rules(5, 5)).hash());
        assertThat(Boards.replay(new Rules(5, 4), Seat.X, 12).hash())
                .isNotEqualTo(Boards.replay(new Rules(5, 3), Seat.X, 12).hash());
    }

    @Test
    void hashesAreTheSameInEveryRun() {
        // Pinned values: tables of solved positions may be keyed by these hashes.
        long[] hashes = {
            new Board(Rules.CLASSIC).hash(),
            Boards.replay(Rules.CLASSIC, Seat.X, 4, 0).hash(),
            Boards.replay(Rules.GOMOKU, Seat.O, 112, 113).hash()
        };
        assertThat(hashes).containsExactly(EMPTY_CLASSIC, CLASSIC_4_0, GOMOKU_112_113);
    }

    private static final long EMPTY_CLASSIC = 6115279973222638192L;
    private static final long CLASSIC_4_0 = 5348982993860284499L;
    private static final long GOMOKU_112_113 = -8506722338499866571L;
}
