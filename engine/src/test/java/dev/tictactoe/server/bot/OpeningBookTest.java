package dev.tictactoe.server.bot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Rules;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

class OpeningBookTest {

    private static final Rules GOMOKU = new Rules(15, 5);

    /** One line of the shipped book: the moves, in order, and the answer. */
    private record Line(int[] moves, int answer) {}

    @Test
    void answersEveryLineOfTheShippedBookUnderEverySymmetry() throws IOException {
        List<Line> lines = shippedLines();
        assertThat(lines).hasSizeGreaterThan(20);
        OpeningBook book = OpeningBook.STANDARD;
        for (Line line : lines) {
            for (int symmetry = 0; symmetry < 8; symmetry++) {
                Board board = new Board(GOMOKU, Seat.X);
                for (int cell : line.moves()) {
                    assertThat(board.play(OpeningBook.turn(cell, symmetry))).isFalse();
                }
                // On a symmetric position (the centre alone) any of the equal answers will do.
                int[] played = board.moves();
                int[] expected = append(played, OpeningBook.turn(line.answer(), symmetry));
                int[] got = append(played, book.move(board));
                assertThat(sameUpToSymmetry(got, expected))
                        .as("%s, symmetry %d", Arrays.toString(line.moves()), symmetry)
                        .isTrue();
            }
        }
    }

    @Test
    void findsAPositionWhateverOrderItsStonesCameIn() throws IOException {
        Line line =
                shippedLines().stream()
                        .filter(l -> l.moves().length >= 4)
                        .findFirst()
                        .orElseThrow();
        int[] moves = line.moves().clone();
        // Swap two of the first player's stones: the same position, reached another way.
        int t = moves[0];
        moves[0] = moves[2];
        moves[2] = t;
        Board board = new Board(GOMOKU, Seat.O);
        for (int cell : moves) {
            board.play(cell);
        }
        assertThat(OpeningBook.STANDARD.move(board)).isEqualTo(line.answer());
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "HARD    | opening book",
                "PERFECT | too far from the end to solve, played as hard: opening book"
            })
    void theStrongLevelsPlayTheBookMoveAtOnceAndSaySo(BotLevel level, String note)
            throws IOException {
        Line line = shippedLines().get(0);
        Board board = new Board(GOMOKU, Seat.X);
        for (int cell : line.moves()) {
            board.play(cell);
        }
        BotMove move = new Bot().chooseWithNodes(board, level, 100_000, 7);
        assertThat(move.cell()).isEqualTo(line.answer());
        assertThat(move.level()).isEqualTo(level);
        // Neither searched (nor tried a proof) first.
        assertThat(move.note()).isEqualTo(note);
        assertThat(move.nodes()).isZero();
    }

    @Test
    void leavesOtherBoardsAndPositionsToTheSearch() throws IOException {
        Line line = shippedLines().get(0);
        for (Rules rules : List.of(new Rules(15, 6), new Rules(19, 5), new Rules(13, 5))) {
            Board board = new Board(rules, Seat.X);
            for (int cell : line.moves()) {
                int r = cell / 15;
                int c = cell % 15;
                board.play(r * rules.size() + c);
            }
            assertThat(OpeningBook.STANDARD.move(board)).as("%s", rules).isEqualTo(-1);
        }
        Board far = new Board(GOMOKU, Seat.X);
        far.play(0);
        far.play(224);
        assertThat(OpeningBook.STANDARD.move(far)).isEqualTo(-1);
    }

    @Test
    void refusesAMalformedBook() {
        assertThatThrownBy(() -> parse("h8 h7 g7"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("line 1");
        assertThatThrownBy(() -> parse("# a comment\nh8 z7 -> g7"))
                .hasMessageContaining("line 2")
                .hasMessageContaining("z7");
        assertThatThrownBy(() -> parse("h8 h7 -> h16")).hasMessageContaining("off the board");
        assertThatThrownBy(() -> parse("h8 h7 -> h7")).hasMessageContaining("already taken");
        assertThatThrownBy(() -> parse("h8 h7 -> g7 g8")).hasMessageContaining("not a cell: g7 g8");
        assertThatThrownBy(() -> parse("h8 h7 -> ")).hasMessageContaining("not a cell");
        assertThatThrownBy(() -> parse("h8 h7x -> g7")).hasMessageContaining("not a cell: h7x");
        assertThatThrownBy(() -> parse("h8 -> g7 -> g8")).hasMessageContaining("not a cell");
    }

    @Test
    void readsCommentsBlankLinesAndAnEmptyBoard() throws IOException {
        OpeningBook book = parse("# the centre first\n\n   -> h8  # empty board\nh8 -> h9\n");
        Board board = new Board(GOMOKU, Seat.X);
        assertThat(book.move(board)).isEqualTo(7 * 15 + 7);
        board.play(7 * 15 + 7);
        // h9 or one of its three turns about the centre: the centre alone is symmetric.
        assertThat(book.move(board)).isIn(8 * 15 + 7, 6 * 15 + 7, 7 * 15 + 8, 7 * 15 + 6);
    }

    @Test
    void unturnUndoesEverySymmetry() {
        for (int symmetry = 0; symmetry < 8; symmetry++) {
            for (int cell = 0; cell < 15 * 15; cell++) {
                assertThat(OpeningBook.unturn(OpeningBook.turn(cell, symmetry), symmetry))
                        .isEqualTo(cell);
            }
        }
    }

    private static int[] append(int[] moves, int cell) {
        int[] longer = Arrays.copyOf(moves, moves.length + 1);
        longer[moves.length] = cell;
        return longer;
    }

    // Whether some symmetry takes a's stones (each player's) onto b's.
    private static boolean sameUpToSymmetry(int[] a, int[] b) {
        for (int symmetry = 0; symmetry < 8; symmetry++) {
            int[] turned = new int[a.length];
            for (int i = 0; i < a.length; i++) {
                turned[i] = OpeningBook.turn(a[i], symmetry);
            }
            if (stones(turned, 0).equals(stones(b, 0)) && stones(turned, 1).equals(stones(b, 1))) {
                return true;
            }
        }
        return false;
    }

    private static Set<Integer> stones(int[] moves, int player) {
        Set<Integer> cells = new HashSet<>();
        for (int i = player; i < moves.length; i += 2) {
            cells.add(moves[i]);
        }
        return cells;
    }

    private static OpeningBook parse(String text) throws IOException {
        return OpeningBook.parse(new BufferedReader(new StringReader(text)));
    }

    private static List<Line> shippedLines() throws IOException {
        List<Line> lines = new ArrayList<>();
        try (BufferedReader in =
                new BufferedReader(
                        new InputStreamReader(
                                OpeningBook.class.getResourceAsStream("gomoku-openings.txt"),
                                StandardCharsets.UTF_8))) {
            String text;
            while ((text = in.readLine()) != null) {
                int comment = text.indexOf('#');
                text = comment >= 0 ? text.substring(0, comment) : text;
                if (text.isBlank()) {
                    continue;
                }
                String[] parts = text.split("->");
                String[] played = parts[0].strip().split("\\s+");
                int[] moves = new int[played.length];
                for (int i = 0; i < played.length; i++) {
                    moves[i] = cell(played[i]);
                }
                lines.add(new Line(moves, cell(parts[1].strip())));
            }
        }
        return lines;
    }

    private static int cell(String name) {
        return (Integer.parseInt(name.substring(1)) - 1) * 15 + (name.charAt(0) - 'a');
    }
}
