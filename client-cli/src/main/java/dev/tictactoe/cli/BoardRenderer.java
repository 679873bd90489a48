package dev.tictactoe.cli;

import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * Draws a board as text lines with column letters on top and row numbers on the left (row 1 at the
 * top, see {@link Coordinates}).
 */
final class BoardRenderer {

    /** Largest side drawn with grid lines between cells. */
    static final int MAX_GRID_SIZE = 5;

    private final boolean colour;

    BoardRenderer(boolean colour) {
        this.colour = colour;
    }

    /** What to draw: the rows ({@code X}, {@code O} or {@code .} per cell) and the marked cells. */
    record Board(
            List<String> rows,
            @Nullable Integer lastMove,
            Collection<Integer> line,
            @Nullable Integer cursor) {
        Board {
            rows = List.copyOf(rows);
            line = line == null ? Set.of() : Set.copyOf(line);
        }

        int size() {
            return rows.size();
        }

        char at(int cell) {
            return rows.get(cell / size()).charAt(cell % size());
        }
    }

    /** The board as lines, without trailing newlines. */
    List<String> render(Board board) {
        int size = board.size();
        boolean grid = size <= MAX_GRID_SIZE;
        List<String> lines = new ArrayList<>();
        StringBuilder header = new StringBuilder("    ");
        for (int col = 0; col < size; col++) {
            header.append(' ').append(Coordinates.column(col)).append(' ');
            if (grid && col < size - 1) {
                header.append(' ');
            }
        }
        lines.add(stripTrailing(header));
        for (int row = 0; row < size; row++) {
            StringBuilder line = new StringBuilder();
            line.append(String.format("%3d ", row + 1));
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
        char piece = board.at(cell);
        boolean cursor = board.cursor() != null && board.cursor() == cell;
        boolean win = board.line().contains(cell);
        boolean last = board.lastMove() != null && board.lastMove() == cell;
        if (!colour) {
            if (cursor) {
                return ">" + piece + "<";
            }
            if (win) {
                return "[" + piece + "]";
            }
            if (last) {
                return "(" + piece + ")";
            }
            return " " + piece + " ";
        }
        if (cursor) {
            return Ansi.CURSOR + ">" + piece + "<" + Ansi.RESET;
        }
        String pieceStyle =
                switch (piece) {
                    case 'X' -> Ansi.X;
                    case 'O' -> Ansi.O;
                    default -> Ansi.DIM;
                };
        if (win) {
            return Ansi.WIN + " " + piece + " " + Ansi.RESET;
        }
        if (last) {
            return Ansi.LAST + pieceStyle + " " + piece + " " + Ansi.RESET;
        }
        return " " + pieceStyle + piece + Ansi.RESET + " ";
    }

    private static String stripTrailing(StringBuilder sb) {
        return sb.toString().stripTrailing();
    }
}
