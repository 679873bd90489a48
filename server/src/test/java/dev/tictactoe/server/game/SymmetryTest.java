package dev.tictactoe.server.game;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class SymmetryTest {

    @Test
    void mapsTheClassicBoardAsDocumented() {
        int[][] perms = Symmetry.of(3);
        assertThat(perms).hasNumberOfRows(Symmetry.COUNT);
        assertThat(perms[0]).containsExactly(0, 1, 2, 3, 4, 5, 6, 7, 8);
        // Quarter turn clockwise: the top-left corner goes to the top-right.
        assertThat(perms[1]).containsExactly(2, 5, 8, 1, 4, 7, 0, 3, 6);
        assertThat(perms[2]).containsExactly(8, 7, 6, 5, 4, 3, 2, 1, 0);
        assertThat(perms[4]).containsExactly(2, 1, 0, 5, 4, 3, 8, 7, 6);
        assertThat(perms[6]).containsExactly(0, 3, 6, 1, 4, 7, 2, 5, 8);
    }

    @Test
    void givesEightDistinctPermutationsThatFormAGroup() {
        for (int n = Rules.MIN_SIZE; n <= Rules.MAX_SIZE; n++) {
            int[][] perms = Symmetry.of(n);
            Set<String> distinct = new HashSet<>();
            for (int s = 0; s < Symmetry.COUNT; s++) {
                assertThat(IntStream.of(perms[s]).sorted().toArray())
                        .containsExactly(IntStream.range(0, n * n).toArray());
                distinct.add(Arrays.toString(perms[s]));
                for (int cell = 0; cell < n * n; cell++) {
                    int image = Symmetry.apply(s, cell, n);
                    assertThat(image).isEqualTo(perms[s][cell]);
                    assertThat(Symmetry.apply(Symmetry.inverse(s), image, n)).isEqualTo(cell);
                }
            }
            assertThat(distinct).hasSize(Symmetry.COUNT);
        }
    }

    @Test
    void returnsCopiesOfItsTables() {
        Symmetry.of(3)[1][0] = 7;
        assertThat(Symmetry.of(3)[1][0]).isEqualTo(2);
        assertThatThrownBy(() -> Symmetry.of(2)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void symmetricPositionsShareTheirCanonicalKeys() {
        SplittableRandom random = new SplittableRandom(7);
        for (Rules rules : List.of(Rules.CLASSIC, new Rules(4, 3), new Rules(4, 4), new Rules(8, 5),
                Rules.GOMOKU)) {
            for (int trial = 0; trial < 30; trial++) {
                Board board = new Board(rules, trial % 2 == 0 ? Mark.X : Mark.O);
                int plies = 1 + random.nextInt(Math.min(rules.cells(), 12));
                BoardTest.randomPlies(board, plies, random);
                long canonical = Symmetry.canonicalHash(board);
                Set<Long> hashes = new HashSet<>();
                for (int s = 0; s < Symmetry.COUNT; s++) {
                    Board image = Symmetry.transform(board, s);
                    assertThat(image.winner()).isEqualTo(board.winner());
                    hashes.add(image.hash());
                    assertThat(Symmetry.canonicalHash(image)).isEqualTo(canonical);
                    if (rules.cells() <= 16) {
                        assertThat(Symmetry.canonicalKey3(image))
                                .isEqualTo(Symmetry.canonicalKey3(board));
                    }
                }
                assertThat(hashes).contains(board.hash());
                assertThat(canonical).isEqualTo(Collections.min(hashes));
            }
        }
    }

    @Test
    void canonicalKeysTellAsymmetricNeighboursApart() {
        // X in a corner and X on an edge are different positions up to symmetry.
        assertThat(Symmetry.canonicalHash(Board.replay(Rules.CLASSIC, Mark.X, 0)))
                .isNotEqualTo(Symmetry.canonicalHash(Board.replay(Rules.CLASSIC, Mark.X, 1)));
        assertThat(Symmetry.canonicalKey3(Board.replay(Rules.CLASSIC, Mark.X, 0)))
                .isEqualTo(Symmetry.canonicalKey3(Board.replay(Rules.CLASSIC, Mark.X, 8)))
                .isNotEqualTo(Symmetry.canonicalKey3(Board.replay(Rules.CLASSIC, Mark.X, 1)));
    }
}
