package dev.tictactoe.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.cli.Command.Invalid;
import dev.tictactoe.cli.Command.Play;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CoordinatesTest {

    @ParameterizedTest
    @CsvSource({
        "a1, 3, 0",
        "B2, 3, 4",
        "c3, 3, 8",
        "' b1 ', 3, 1",
        "a2, 3, 3",
        "s19, 19, 360",
        "A19, 19, 342",
        "o15, 15, 224",
        "j10, 15, 144",
    })
    void parsesColumnLetterThenRowNumberWithRowOneOnTop(String text, int size, int cell) {
        assertThat(Coordinates.parse(text, size)).isEqualTo(new Play(cell));
    }

    @Test
    void formatsEveryCellBackToWhatParses() {
        for (int size = 3; size <= 19; size++) {
            for (int cell = 0; cell < size * size; cell++) {
                String name = Coordinates.format(cell, size);
                assertThat(Coordinates.parse(name, size)).isEqualTo(new Play(cell));
                assertThat(Coordinates.parse(name.toUpperCase(), size)).isEqualTo(new Play(cell));
            }
        }
        assertThat(Coordinates.format(0, 3)).isEqualTo("a1");
        assertThat(Coordinates.format(360, 19)).isEqualTo("s19");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "z1   | 19 | column z is off the board: columns are a to s",
                "d1   | 3  | column d is off the board: columns are a to c",
                "a0   | 19 | row 0 is off the board: rows are 1 to 19",
                "a20  | 19 | row 20 is off the board: rows are 1 to 19",
                "a4   | 3  | row 4 is off the board: rows are 1 to 3",
                "k    | 19 | \"k\" has no row number: type a column letter then a row number, like"
                        + " b2",
                "1a   | 3  | \"1a\" is not a cell: type a column letter then a row number, like b2",
                "b2b  | 3  | \"b2b\" is not a cell: type a column letter then a row number, like"
                        + " b2",
                "b-1  | 3  | \"b-1\" is not a cell: type a column letter then a row number, like"
                        + " b2",
                "a99999 | 3 | \"a99999\" is not a cell: type a column letter then a row number,"
                        + " like b2",
                "é1   | 3  | \"é1\" is not a cell: type a column letter then a row number, like b2",
            })
    void explainsWhatIsWrongWithBadInput(String text, int size, String message) {
        assertThat(Coordinates.parse(text, size)).isEqualTo(new Invalid(message));
    }

    @Test
    void emptyInputAsksForACell() {
        assertThat(Coordinates.parse("  ", 3))
                .isEqualTo(
                        new Invalid(
                                "no cell given: type a column letter then a row number, like b2"));
        assertThat(Coordinates.parse(null, 3)).isInstanceOf(Invalid.class);
    }
}
