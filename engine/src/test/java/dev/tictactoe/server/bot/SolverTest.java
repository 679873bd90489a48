package dev.tictactoe.server.bot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Rules;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The solver reproduces the known values of small games (first player X). */
class SolverTest {

    @ParameterizedTest(name = "{0}x{0} k={1}: {2}")
    @CsvSource({"3,3,draw", "4,3,win", "4,4,draw"})
    void solvesKnownGames(int size, int k, String expected) {
        for (boolean distance : new boolean[] {false, true}) {
            Position pos = Position.of(new Board(new Rules(size, k)));
            Solver solver =
                    new Solver(
                            pos,
                            new TranspositionTable(18),
                            distance,
                            Long.MAX_VALUE,
                            Long.MAX_VALUE);
            long t0 = System.nanoTime();
            int value = solver.solve();
            System.out.printf(
                    "%dx%d k=%d distance=%s: %d (%s) nodes %d in %d ms%n",
                    size,
                    size,
                    k,
                    distance,
                    value,
                    "solved: " + Solver.value(value),
                    solver.nodes,
                    (System.nanoTime() - t0) / 1_000_000);
            assertThat(solver.aborted).isFalse();
            assertThat(Integer.signum(value)).isEqualTo(expected.equals("win") ? 1 : 0);
        }
    }
}
