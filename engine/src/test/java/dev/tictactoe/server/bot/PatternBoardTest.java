package dev.tictactoe.server.bot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.server.game.Rules;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Arrays;
import java.util.SplittableRandom;

/** The incremental patterns agree with a recount from scratch after any moves and undos. */
class PatternBoardTest {

    @ParameterizedTest(name = "{0}x{0} k={1}")
    @CsvSource({"15,5", "7,5", "9,4", "10,6", "19,5"})
    void incrementalPatternsMatchANaiveRecount(int size, int k) {
        SplittableRandom random = new SplittableRandom(size * 31L + k);
        for (int game = 0; game < 8; game++) {
            PatternBoard board = new PatternBoard(new Rules(size, k), game % 2);
            for (int step = 0; step < 40; step++) {
                if (board.moveCount > 0 && (board.full() || random.nextInt(3) == 0)) {
                    board.undo();
                } else {
                    int cell;
                    do {
                        cell = random.nextInt(board.cells);
                    } while (board.stone[cell] != 0);
                    board.play(cell);
                }
                assertMatchesRecount(board);
            }
            while (board.moveCount > 0) {
                board.undo();
            }
            assertThat(board.hash).isEqualTo(new PatternBoard(new Rules(size, k), game % 2).hash);
            assertMatchesRecount(board);
        }
    }

    @ParameterizedTest(name = "{0}x{0} k={1}")
    @CsvSource({"15,5", "9,4", "10,6"})
    void threatScansFindWhatAFullScanFinds(int size, int k) {
        SplittableRandom random = new SplittableRandom(size * 17L + k);
        int[] out = new int[size * size];
        int[] all = new int[size * size];
        for (int game = 0; game < 20; game++) {
            PatternBoard board = new PatternBoard(new Rules(size, k), game % 2);
            // Stones kept close together, so threats appear.
            int centre = (size / 2) * size + size / 2;
            for (int step = 0; step < 60 && !board.full(); step++) {
                if (board.moveCount > 0 && random.nextInt(4) == 0) {
                    board.undo();
                } else {
                    int n = CellScan.candidates(board, all);
                    board.play(board.moveCount == 0 ? centre : all[random.nextInt(n)]);
                }
                int n = CellScan.candidates(board, all);
                for (int a = 0; a < 2; a++) {
                    for (int minA = Patterns.THREE; minA <= Patterns.COUNT; minA++) {
                        for (int minD = Patterns.FOUR; minD <= Patterns.COUNT; minD++) {
                            int found = CellScan.cellsAtLeast(board, a, minA, 1 - a, minD, out);
                            int expected = 0;
                            int[] want = new int[n];
                            for (int i = 0; i < n; i++) {
                                int c = all[i];
                                if (board.best(a, c) >= minA || board.best(1 - a, c) >= minD) {
                                    want[expected++] = c;
                                }
                            }
                            assertThat(Arrays.copyOf(out, found))
                                    .containsExactly(Arrays.copyOf(want, expected));
                        }
                    }
                    for (int limit = 1; limit <= 3; limit++) {
                        int found = board.winningCells(a, out, limit);
                        int expected = 0;
                        int[] want = new int[limit];
                        for (int i = 0; i < n && expected < limit; i++) {
                            if (board.best(a, all[i]) == Patterns.FIVE) {
                                want[expected++] = all[i];
                            }
                        }
                        assertThat(Arrays.copyOf(out, found))
                                .containsExactly(Arrays.copyOf(want, expected));
                    }
                }
            }
        }
    }

    @Test
    void namesTheShapesOfGomoku() {
        // Row 7 of a 15x15 board; the pattern is what X would make by playing column 7.
        assertThat(shape("...XX.X.......")).isEqualTo(Patterns.FOUR);
        assertThat(shape("....X.X.......")).isEqualTo(Patterns.OPEN_THREE);
        assertThat(shape("....XXX.......")).isEqualTo(Patterns.OPEN_FOUR);
        assertThat(shape("...OXXX.......")).isEqualTo(Patterns.FOUR);
        assertThat(shape(".....XX.......")).isEqualTo(Patterns.OPEN_THREE);
        assertThat(shape("....OXX.......")).isEqualTo(Patterns.THREE);
        assertThat(shape("......X.......")).isEqualTo(Patterns.OPEN_TWO);
        assertThat(shape("...XXXX.......")).isEqualTo(Patterns.FIVE);
        assertThat(shape("..XXXXX.......")).isEqualTo(Patterns.FIVE); // six in a row wins too
        assertThat(shape("......O.O.....")).isEqualTo(Patterns.NONE);
    }

    // X's pattern at (7, 7) with row 7 laid out as given (15 characters, '.' empty).
    private static int shape(String row) {
        PatternBoard board = new PatternBoard(Rules.GOMOKU, 0);
        String full = row + ".";
        for (int c = 0; c < 15; c++) {
            char ch = full.charAt(c);
            if (ch == '.') {
                continue;
            }
            if ((board.side == 0) != (ch == 'X')) {
                board.pass();
            }
            board.play(7 * 15 + c);
        }
        return board.pattern[0][4 * (7 * 15 + 7)];
    }

    private static void assertMatchesRecount(PatternBoard board) {
        int size = board.size;
        int k = board.k;
        int[][] count = new int[2][Patterns.COUNT];
        int[] moverWorth = new int[2];
        int[] waiterWorth = new int[2];
        int[][] combos = new int[2][Combo.COUNT];
        for (int c = 0; c < board.cells; c++) {
            if (board.stone[c] != 0) {
                for (int s = 0; s < 2; s++) {
                    combos[s][Combo.NONE]++;
                    moverWorth[s] += Evaluation.MOVER[0];
                    waiterWorth[s] += Evaluation.WAITER[0];
                }
                continue;
            }
            for (int s = 0; s < 2; s++) {
                int combo = naiveCombo(board, s, c);
                assertThat((int) Combo.OF_KEY[board.cellKey[s][c]])
                        .as("combo of cell %d side %d", c, s)
                        .isEqualTo(combo);
                combos[s][combo]++;
            }
            int[] key = new int[2];
            for (int d = 0; d < 4; d++) {
                for (int s = 0; s < 2; s++) {
                    int[] line = new int[2 * k - 1];
                    for (int o = -(k - 1); o <= k - 1; o++) {
                        int r = c / size + o * Lines.STEPS[d][0];
                        int col = c % size + o * Lines.STEPS[d][1];
                        int v;
                        if (r < 0 || r >= size || col < 0 || col >= size) {
                            v = 2;
                        } else {
                            int st = board.stone[r * size + col];
                            v = st == 0 ? 0 : st == s + 1 ? 1 : 2;
                        }
                        line[k - 1 + o] = v;
                    }
                    line[k - 1] = 1;
                    int code = Patterns.classify(line, k, 2);
                    assertThat((int) board.pattern[s][4 * c + d])
                            .as("cell %d dir %d side %d after %s", c, d, s, moves(board))
                            .isEqualTo(code);
                    count[s][code]++;
                    key[s] += code * Evaluation.DIGIT[d];
                }
            }
            for (int s = 0; s < 2; s++) {
                moverWorth[s] += Evaluation.MOVER[key[s]];
                waiterWorth[s] += Evaluation.WAITER[key[s]];
            }
        }
        for (int s = 0; s < 2; s++) {
            for (int code = 1; code < Patterns.COUNT; code++) {
                assertThat(board.count[s][code])
                        .as("count of %d for %d", code, s)
                        .isEqualTo(count[s][code]);
            }
            assertThat(board.moverWorth[s]).isEqualTo(moverWorth[s]);
            assertThat(board.waiterWorth[s]).isEqualTo(waiterWorth[s]);
            assertThat(board.comboCount[s]).isEqualTo(combos[s]);
        }
        for (int c = 0; c < board.cells; c++) {
            int n = 0;
            for (int e = 0; e < board.cells; e++) {
                if (e != c
                        && board.stone[e] != 0
                        && Math.max(Math.abs(e / size - c / size), Math.abs(e % size - c % size))
                                <= Lines.NEAR) {
                    n++;
                }
            }
            assertThat(board.near[c]).isEqualTo(n);
        }
    }

    // The combination on cell c for side s, from its four codes counted one by one.
    private static int naiveCombo(PatternBoard board, int s, int c) {
        int fives = 0;
        int fours = 0;
        int openFours = 0;
        int threes = 0;
        for (int d = 0; d < 4; d++) {
            int code = board.pattern[s][4 * c + d];
            fives += code == Patterns.FIVE ? 1 : 0;
            openFours += code == Patterns.OPEN_FOUR ? 1 : 0;
            fours += code == Patterns.FOUR ? 1 : 0;
            threes += code == Patterns.OPEN_THREE ? 1 : 0;
        }
        if (fives > 0) {
            return Combo.FIVE;
        }
        if (openFours > 0 || fours >= 2) {
            return Combo.OPEN_FOUR;
        }
        if (fours == 1) {
            return threes > 0 ? Combo.FOUR_THREE : Combo.FOUR;
        }
        if (threes >= 2) {
            return Combo.DOUBLE_THREE;
        }
        return threes == 1 ? Combo.THREE : Combo.NONE;
    }

    @Test
    void namesTheCombinations() {
        // X at (7,5) (7,6) and (5,7) (6,7): (7,7) makes two open threes.
        PatternBoard board = new PatternBoard(Rules.GOMOKU, 0);
        for (int cell : new int[] {7 * 15 + 5, 5 * 15 + 7, 7 * 15 + 6, 6 * 15 + 7}) {
            board.play(cell);
            board.pass();
        }
        assertThat((int) Combo.OF_KEY[board.cellKey[0][7 * 15 + 7]]).isEqualTo(Combo.DOUBLE_THREE);
        // X on (7,8) and O on (7,4): on the row (7,7) now makes a four, closed at one end.
        board.play(7 * 15 + 8);
        board.play(7 * 15 + 4);
        assertThat((int) Combo.OF_KEY[board.cellKey[0][7 * 15 + 7]]).isEqualTo(Combo.FOUR_THREE);
        assertThat(board.comboCount[0][Combo.FOUR_THREE]).isPositive();
        assertThat((int) Combo.OF_KEY[board.cellKey[1][7 * 15 + 7]]).isEqualTo(Combo.NONE);
    }

    // The moves that made a search position, to name it in a failure.
    private static String moves(SearchBoard b) {
        return Arrays.toString(Arrays.copyOf(b.moves, b.moveCount));
    }
}
