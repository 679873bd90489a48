package dev.tictactoe.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.cli.Paint.Board;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

class PaintTest {

    private static final Paint PLAIN = new Paint(false);
    private static final Paint COLOUR = new Paint(true);

    @Test
    void drawsAClassicBoardWithGridAndCoordinates() {
        Board board = new Board(List.of("X.O", ".X.", "..."), 4, Set.of(), null);
        assertThat(PLAIN.board(board))
                .containsExactly(
                        "     a   b   c",
                        "  1  X | . | O ",
                        "    ---+---+---",
                        "  2  . |(X)| . ",
                        "    ---+---+---",
                        "  3  . | . | . ");
    }

    @Test
    void marksTheWinningLineWithBracketsInPlainMode() {
        Board board = new Board(List.of("XOO", ".X.", "..X"), 8, List.of(0, 4, 8), null);
        assertThat(PLAIN.board(board))
                .containsExactly(
                        "     a   b   c",
                        "  1 [X]| O | O ",
                        "    ---+---+---",
                        "  2  . |[X]| . ",
                        "    ---+---+---",
                        "  3  . | . |[X]");
    }

    @Test
    void showsTheCursorOverAnyOtherMark() {
        Board board = new Board(List.of("X..", "...", "..."), 0, Set.of(), 0);
        assertThat(PLAIN.board(board).get(1)).isEqualTo("  1 >X<| . | . ");
        assertThat(COLOUR.board(board).get(1)).contains(Paint.CURSOR + ">X<" + Paint.RESET);
    }

    @Test
    void drawsLargeBoardsAsADottedGridWithTwoDigitRows() {
        List<String> rows = new ArrayList<>();
        for (int i = 0; i < 19; i++) {
            rows.add(".".repeat(19));
        }
        rows.set(18, "O" + ".".repeat(17) + "X");
        List<String> lines = PLAIN.board(new Board(rows, 360, Set.of(), null));
        assertThat(lines).hasSize(20);
        assertThat(lines.get(0))
                .isEqualTo("     a  b  c  d  e  f  g  h  i  j  k  l  m  n  o  p  q  r  s");
        assertThat(lines.get(1)).isEqualTo("  1 " + " . ".repeat(19));
        assertThat(lines.get(19)).isEqualTo(" 19  O " + " . ".repeat(17) + "(X)");
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19})
    void everySizeRendersEveryPieceInItsColumnInBothModes(int size) {
        SplittableRandom random = new SplittableRandom(size);
        List<String> rows = new ArrayList<>();
        for (int r = 0; r < size; r++) {
            StringBuilder row = new StringBuilder();
            for (int c = 0; c < size; c++) {
                row.append(".XO".charAt(random.nextInt(3)));
            }
            rows.add(row.toString());
        }
        int last = random.nextInt(size * size);
        List<Integer> line = new ArrayList<>();
        for (int i = 0; i < Math.min(size, 5); i++) {
            line.add(i * size + i); // a diagonal from a1
        }
        Board board = new Board(rows, last, line, null);
        List<String> plain = PLAIN.board(board);
        List<String> colour = COLOUR.board(board);

        boolean grid = size <= Paint.MAX_GRID_SIZE;
        assertThat(plain).hasSize(grid ? 2 * size : size + 1);
        assertThat(colour).hasSize(plain.size());
        // Without its escapes the colour board has the same layout, only without plain marks.
        for (int i = 0; i < plain.size(); i++) {
            assertThat(Snapshots.plain(colour.get(i)))
                    .isEqualTo(plain.get(i).replaceAll("[\\[\\]()]", " "));
        }
        int stride = grid ? 4 : 3;
        String header = plain.get(0);
        for (int r = 0; r < size; r++) {
            String text = plain.get(grid ? 1 + 2 * r : 1 + r);
            assertThat(text.substring(0, 3).strip()).isEqualTo(Integer.toString(r + 1));
            for (int c = 0; c < size; c++) {
                int at = 4 + c * stride;
                int cell = r * size + c;
                assertThat(header.charAt(at + 1)).isEqualTo(Coordinates.column(c));
                assertThat(text.charAt(at + 1)).isEqualTo(rows.get(r).charAt(c));
                String expected = line.contains(cell) ? "[]" : cell == last ? "()" : "  ";
                assertThat("" + text.charAt(at) + text.charAt(at + 2)).isEqualTo(expected);
            }
        }
        // Colour marks: the winning line and the last move have their own styles.
        String colourText = String.join("\n", colour);
        assertThat(colourText)
                .contains(Paint.WIN + " " + rows.get(0).charAt(0) + " " + Paint.RESET);
        if (!line.contains(last)) {
            assertThat(colourText).contains(Paint.LAST);
        }
        assertThat(String.join("\n", plain)).doesNotContain("\u001b");
    }

    @Test
    void colourModeColoursXAndODifferently() {
        List<String> lines =
                COLOUR.board(new Board(List.of("XO.", "...", "..."), null, Set.of(), null));
        assertThat(lines.get(1))
                .contains(Paint.X + "X" + Paint.RESET)
                .contains(Paint.O + "O" + Paint.RESET)
                .contains(Paint.DIM + "." + Paint.RESET);
    }
}
