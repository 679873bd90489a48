package dev.tictactoe.cli;

import dev.tictactoe.protocol.Seat;

import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/** The screen's ANSI styles (none in plain mode), and the board drawn with them. */
record Paint(boolean colour) {
    static final String RESET = "\u001b[0m";
    static final String BOLD = "\u001b[1m";
    static final String DIM = "\u001b[2m";

    /** X is bold red, O bold cyan: distinct on dark and light backgrounds. */
    static final String X = "\u001b[1;31m";

    static final String O = "\u001b[1;36m";

    /** The last move: reversed, so the piece colour becomes the background. */
    static final String LAST = "\u001b[7m";

    static final String WIN = "\u001b[1;37;42m";
    static final String CURSOR = "\u001b[30;43m";
    static final String ERROR = "\u001b[1;31m";
    static final String NOTICE = "\u001b[1;33m";

    static final String CLEAR = "\u001b[H\u001b[2J";

    /** Largest side drawn with grid lines between cells. */
    static final int MAX_GRID_SIZE = 5;

    String bold(String text) {
        return style(BOLD, text);
    }

    String error(String text) {
        return style(ERROR, text);
    }

    String notice(String text) {
        return style(NOTICE, text);
    }

    String seat(Seat seat, String text) {
        return style(seat == Seat.X ? X : O, text);
    }

    private String style(String style, String text) {
        return colour ? style + text + RESET : text;
    }

    /** A board: its rows ({@code X}, {@code O} or {@code .} per cell) and the marked cells. */
    record Board(
            List<String> rows,
            @Nullable Integer lastMove,
            Collection<Integer> line,
            @Nullable Integer cursor) {}

    /** The board as lines, column letters on top and row numbers on the left (a1 top left). */
    List<String> board(Board board) {
        int size = board.rows().size();
        boolean grid = size <= MAX_GRID_SIZE;
        List<String> lines = new ArrayList<>();
        StringBuilder header = new StringBuilder("    ");
        for (int col = 0; col < size; col++) {
            header.append(' ').append(Coordinates.column(col)).append(grid ? "  " : " ");
        }
        lines.add(header.toString().stripTrailing());
        for (int row = 0; row < size; row++) {
            StringBuilder line = new StringBuilder(String.format("%3d ", row + 1));
            for (int col = 0; col < size; col++) {
                line.append(cell(board, row * size + col));
                if (grid && col < size - 1) {
                    line.append('|');
                }
            }
            lines.add(line.toString());
            if (grid && row < size - 1) {
                lines.add("    " + "---+".repeat(size - 1) + "---");
            }
        }
        return lines;
    }

    private String cell(Board board, int cell) {
        char piece =
                board.rows().get(cell / board.rows().size()).charAt(cell % board.rows().size());
        boolean win = board.line().contains(cell);
        boolean last = Objects.equals(board.lastMove(), cell);
        if (Objects.equals(board.cursor(), cell)) {
            return style(CURSOR, ">" + piece + "<");
        }
        if (!colour) {
            return win ? "[" + piece + "]" : last ? "(" + piece + ")" : " " + piece + " ";
        }
        String pieceStyle = piece == 'X' ? X : piece == 'O' ? O : DIM;
        if (win) {
            return WIN + " " + piece + " " + RESET;
        }
        return last
                ? LAST + pieceStyle + " " + piece + " " + RESET
                : " " + pieceStyle + piece + RESET + " ";
    }
}
