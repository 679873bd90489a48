package dev.tictactoe.cli;

import java.util.Locale;

/** Cell names in gomoku notation: column letter then row number; a1 is the top left, cell 0. */
final class Coordinates {

    private Coordinates() {}

    /** The name of {@code cell} on a board of side {@code size}, e.g. {@code b2}. */
    static String format(int cell, int size) {
        return column(cell % size) + Integer.toString(cell / size + 1);
    }

    static char column(int col) {
        return (char) ('a' + col);
    }

    /** A typed cell name such as {@code b2} or {@code B12} as a Play, or Invalid saying why. */
    static Command parse(String text, int size) {
        String s = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
        String hint = "type a column letter then a row number, like b2";
        if (s.isEmpty()) {
            return new Command.Invalid("no cell given: " + hint);
        }
        if (s.matches("[a-z]")) {
            return new Command.Invalid("\"" + text.strip() + "\" has no row number: " + hint);
        }
        if (!s.matches("[a-z][0-9]{1,3}")) {
            return new Command.Invalid("\"" + text.strip() + "\" is not a cell: " + hint);
        }
        char letter = s.charAt(0);
        int col = letter - 'a';
        int row = Integer.parseInt(s.substring(1));
        if (col >= size) {
            return new Command.Invalid(
                    "column " + letter + " is off the board: columns are a to " + column(size - 1));
        }
        return row < 1 || row > size
                ? new Command.Invalid("row " + row + " is off the board: rows are 1 to " + size)
                : new Command.Play((row - 1) * size + col);
    }
}
