package dev.tictactoe.server.bot;

import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Rules;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * HARD's first moves on 15×15 five in a row, from a resource of lines such as {@code h8 h7 g7 ->
 * g9}: the moves so far, in order, and the move to play ({@code #} starts a comment). A position is
 * found whatever order its stones came in and under any of the board's eight symmetries. At 200 ms
 * the search cannot tell apart openings that a long analysis rates far apart; a few plies of a good
 * one are where most of the games against strong engines are decided.
 */
final class OpeningBook {

    static final int SIZE = 15;
    static final int WIN_LENGTH = 5;

    private static final String RESOURCE = "gomoku-openings.txt";

    private static final OpeningBook DEFAULT = load();

    /** Position key (every symmetry of every line) → the cell to play there. */
    private final Map<String, Integer> answers;

    /** The most stones on the board of any position in the book. */
    private final int longest;

    private OpeningBook(Map<String, Integer> answers, int longest) {
        this.answers = answers;
        this.longest = longest;
    }

    /** The book shipped with the server. */
    static OpeningBook standard() {
        return DEFAULT;
    }

    /** The book's move for {@code board}, or -1 when the board is not 15×15 k=5 or not in it. */
    int move(Board board) {
        Rules rules = board.rules();
        if (rules.size() != SIZE || rules.winLength() != WIN_LENGTH) {
            return -1;
        }
        int count = board.moveCount();
        if (count > longest) {
            return -1;
        }
        Integer cell = answers.get(key(board.moves()));
        return cell == null ? -1 : cell;
    }

    static OpeningBook parse(BufferedReader reader) throws IOException {
        Map<String, Integer> answers = new HashMap<>();
        int longest = 0;
        String line;
        int number = 0;
        while ((line = reader.readLine()) != null) {
            number++;
            int comment = line.indexOf('#');
            line = (comment >= 0 ? line.substring(0, comment) : line).strip();
            if (line.isEmpty()) {
                continue;
            }
            String[] parts = line.split("->");
            if (parts.length != 2) {
                throw new IllegalArgumentException("line " + number + ": expected 'moves -> move'");
            }
            String[] played = parts[0].isBlank() ? new String[0] : parts[0].strip().split("\\s+");
            int[] cells = new int[played.length];
            for (int i = 0; i < played.length; i++) {
                cells[i] = cell(played[i], number);
            }
            int answer = cell(parts[1].strip(), number);
            for (int c : cells) {
                if (c == answer) {
                    throw new IllegalArgumentException(
                            "line " + number + ": the answer is already taken");
                }
            }
            for (int symmetry = 0; symmetry < 8; symmetry++) {
                int[] turned = new int[cells.length];
                for (int i = 0; i < cells.length; i++) {
                    turned[i] = turn(cells[i], symmetry);
                }
                answers.putIfAbsent(key(turned), turn(answer, symmetry));
            }
            longest = Math.max(longest, cells.length);
        }
        return new OpeningBook(answers, longest);
    }

    private static OpeningBook load() {
        try (InputStream in = OpeningBook.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + RESOURCE);
            }
            return parse(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // "h8": column h, row 8, as a cell index row * SIZE + column.
    private static int cell(String name, int line) {
        if (name.length() < 2 || name.length() > 3) {
            throw new IllegalArgumentException("line " + line + ": not a cell: " + name);
        }
        int column = name.charAt(0) - 'a';
        int row;
        try {
            row = Integer.parseInt(name.substring(1)) - 1;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("line " + line + ": not a cell: " + name);
        }
        if (column < 0 || column >= SIZE || row < 0 || row >= SIZE) {
            throw new IllegalArgumentException("line " + line + ": off the board: " + name);
        }
        return row * SIZE + column;
    }

    // One of the square's eight symmetries (mirror, then a quarter turn or none) applied to cell.
    static int turn(int cell, int symmetry) {
        int r = cell / SIZE;
        int c = cell % SIZE;
        if ((symmetry & 1) != 0) {
            c = SIZE - 1 - c;
        }
        if ((symmetry & 2) != 0) {
            r = SIZE - 1 - r;
        }
        if ((symmetry & 4) != 0) {
            int t = r;
            r = c;
            c = t;
        }
        return r * SIZE + c;
    }

    // The first player's stones, sorted, then the second's: the order they came in does not count.
    private static String key(int[] moves) {
        int[] first = new int[(moves.length + 1) / 2];
        int[] second = new int[moves.length / 2];
        for (int i = 0; i < moves.length; i++) {
            if (i % 2 == 0) {
                first[i / 2] = moves[i];
            } else {
                second[i / 2] = moves[i];
            }
        }
        Arrays.sort(first);
        Arrays.sort(second);
        return Arrays.toString(first) + Arrays.toString(second);
    }
}
