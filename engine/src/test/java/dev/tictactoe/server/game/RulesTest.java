package dev.tictactoe.server.game;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RulesTest {

    @ParameterizedTest
    @ValueSource(ints = {3, 19})
    void acceptsTheSmallestAndLargestBoards(int size) {
        assertThat(new Rules(size, 3).cells()).isEqualTo(size * size);
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 20, 0, -1})
    void rejectsBoardsOutsideTheRange(int size) {
        assertThatThrownBy(() -> new Rules(size, 3))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("board size must be 3..19, was " + size);
    }

    @Test
    void acceptsWinLengthsFromThreeToTheBoardSize() {
        for (int n = Rules.MIN_SIZE; n <= Rules.MAX_SIZE; n++) {
            assertThat(new Rules(n, 3).winLength()).isEqualTo(3);
            assertThat(new Rules(n, n).winLength()).isEqualTo(n);
        }
    }

    @Test
    void rejectsWinLengthsOutsideTheRange() {
        for (int n = Rules.MIN_SIZE; n <= Rules.MAX_SIZE; n++) {
            int size = n;
            assertThatThrownBy(() -> new Rules(size, 2))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage(
                            "win length must be 3.."
                                    + size
                                    + " on a "
                                    + size
                                    + "x"
                                    + size
                                    + " board, was 2");
            assertThatThrownBy(() -> new Rules(size, size + 1))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("was " + (size + 1));
        }
    }

    @Test
    void classicIsThreeByThreeThreeInARow() {
        assertThat(Rules.CLASSIC).isEqualTo(new Rules(3, 3));
        assertThat(Rules.CLASSIC.cells()).isEqualTo(9);
        assertThat(Rules.GOMOKU).isEqualTo(new Rules(15, 5));
    }

    @Test
    void numbersCellsRowByRow() {
        Rules rules = new Rules(15, 5);
        assertThat(rules.cell(0, 0)).isZero();
        assertThat(rules.cell(2, 7)).isEqualTo(37);
        for (int cell = 0; cell < rules.cells(); cell++) {
            assertThat(rules.cell(cell / 15, cell % 15)).isEqualTo(cell);
        }
    }

    @Test
    void rejectsCellsOffTheBoard() {
        Rules rules = Rules.CLASSIC;
        assertThatThrownBy(() -> rules.cell(3, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> rules.cell(0, -1)).isInstanceOf(IllegalArgumentException.class);
        assertThat(rules.contains(8)).isTrue();
        assertThat(rules.contains(-1)).isFalse();
    }
}
