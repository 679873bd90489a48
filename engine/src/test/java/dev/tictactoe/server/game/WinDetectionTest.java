package dev.tictactoe.server.game;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.protocol.Seat;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/** The win check against {@link NaiveBoard}, on every size and the usual win lengths. */
class WinDetectionTest {

    /** Every valid (size, k) with k in 3, 4, 5 and N. */
    static List<Rules> variants() {
        List<Rules> variants = new ArrayList<>();
        for (int n = Rules.MIN_SIZE; n <= Rules.MAX_SIZE; n++) {
            for (int k : IntStream.of(3, 4, 5, n).distinct().toArray()) {
                if (k <= n) {
                    variants.add(new Rules(n, k));
                }
            }
        }
        return variants;
    }

    @Test
    void everyLineOfEveryBoardWins() {
        SplittableRandom random = new SplittableRandom(1);
        int lines = 0;
        for (Rules rules : variants()) {
            for (int[] window : new NaiveBoard(rules).windows()) {
                Seat winner = random.nextBoolean() ? Seat.X : Seat.O;
                Board board = new Board(rules, winner);
                int[] stones = shuffled(window, random);
                int[] others = otherCells(rules, window, random);
                for (int i = 0; i < stones.length; i++) {
                    boolean won = board.play(stones[i]);
                    assertThat(won)
                            .as("%s %s after %d stones", rules, board, i + 1)
                            .isEqualTo(i == stones.length - 1);
                    if (!won) {
                        // The loser has k-1 stones, never a line.
                        assertThat(board.play(others[i])).isFalse();
                    }
                }
                assertThat(board.winner()).isEqualTo(winner);
                assertThat(board.winningLine()).as("%s\n%s", rules, board).containsExactly(window);
                lines++;
            }
        }
        // Per variant: N-k+1 windows along each of N rows and N columns, (N-k+1)^2 per diagonal
        // direction.
        int expected = 0;
        for (Rules rules : variants()) {
            int w = rules.size() - rules.winLength() + 1;
            expected += 2 * rules.size() * w + 2 * w * w;
        }
        assertThat(lines).isEqualTo(expected);
    }

    @Test
    void marksThatWrapAroundARowEdgeAreNotALine() {
        SplittableRandom random = new SplittableRandom(2);
        int fakes = 0;
        for (Rules rules : variants()) {
            int n = rules.size();
            int k = rules.winLength();
            Set<String> real = new HashSet<>();
            for (int[] window : new NaiveBoard(rules).windows()) {
                real.add(Arrays.toString(window));
            }
            // Arithmetic progressions of cell numbers with the steps of a row and both diagonals
            // that are not real lines: they wrap from one row's end to the next row's start.
            for (int step : new int[] {1, n + 1, n - 1}) {
                for (int start = 0; start + step * (k - 1) < rules.cells(); start++) {
                    int[] cells = new int[k];
                    for (int i = 0; i < k; i++) {
                        cells[i] = start + step * i;
                    }
                    if (real.contains(Arrays.toString(cells))) {
                        continue;
                    }
                    Board board = new Board(rules);
                    int[] stones = shuffled(cells, random);
                    int[] others = otherCells(rules, cells, random);
                    for (int i = 0; i < k; i++) {
                        assertThat(board.play(stones[i])).as("%s\n%s", rules, board).isFalse();
                        if (i < k - 1) {
                            board.play(others[i]);
                        }
                    }
                    assertThat(board.winner()).isNull();
                    fakes++;
                }
            }
        }
        assertThat(fakes).isGreaterThan(5_000);
    }

    @Test
    void randomGamesAgreeWithTheReferenceMoveByMove() {
        SplittableRandom random = new SplittableRandom(3);
        int[] empty = new int[Rules.MAX_SIZE * Rules.MAX_SIZE];
        for (Rules rules : variants()) {
            for (int game = 0; game < 6; game++) {
                Board board = new Board(rules, game % 2 == 0 ? Seat.X : Seat.O);
                NaiveBoard naive = new NaiveBoard(rules);
                while (!board.isOver()) {
                    int count = board.legalMoves(empty);
                    assertThat(count).isEqualTo(rules.cells() - board.moveCount());
                    int cell = empty[random.nextInt(count)];
                    Seat mark = board.toMove();
                    boolean expected = wouldWinNaively(naive, cell, mark);
                    naive.set(cell, mark);
                    assertThat(board.play(cell)).as("%s\n%s", rules, board).isEqualTo(expected);
                    assertThat(board.at(cell)).isEqualTo(mark);
                    if (expected) {
                        assertThat(naive.runsThrough(cell))
                                .anySatisfy(
                                        run ->
                                                assertThat(board.winningLine())
                                                        .containsExactly(run));
                        assertThat(naive.runsThrough(cell).get(0))
                                .containsExactly(board.winningLine());
                    }
                }
                Seat last = board.toMove().opponent();
                assertThat(board.winner() != null).isEqualTo(naive.hasLine(last));
            }
        }
    }

    /** Reference for the win check: place, scan the whole board, take back. */
    private static boolean wouldWinNaively(NaiveBoard naive, int cell, Seat mark) {
        naive.set(cell, mark);
        boolean wins = naive.hasLine(mark);
        naive.set(cell, null);
        return wins;
    }

    private static int[] shuffled(int[] cells, SplittableRandom random) {
        int[] copy = cells.clone();
        for (int i = copy.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = copy[i];
            copy[i] = copy[j];
            copy[j] = t;
        }
        return copy;
    }

    /** {@code used.length - 1} distinct random cells, none of them in {@code used}. */
    private static int[] otherCells(Rules rules, int[] used, SplittableRandom random) {
        Set<Integer> taken = new HashSet<>();
        for (int cell : used) {
            taken.add(cell);
        }
        int[] others = new int[used.length - 1];
        for (int i = 0; i < others.length; i++) {
            int cell;
            do {
                cell = random.nextInt(rules.cells());
            } while (!taken.add(cell));
            others[i] = cell;
        }
        return others;
    }
}
