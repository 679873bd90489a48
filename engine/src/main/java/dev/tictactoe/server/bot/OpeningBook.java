package dev.tictactoe.server.bot;

import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Rules;

import org.jspecify.annotations.Nullable;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/** HARD's first moves on 15×15 k=5, from lines such as {@code h8 h7 g7 -> g9}, under symmetry. */
final class OpeningBook {

    private static final String RESOURCE = "gomoku-openings.txt";
    private static final Lines GEOMETRY = Lines.of(Rules.GOMOKU);
    private static final int SIZE = GEOMETRY.size;
    private static final Pattern SPACE = Pattern.compile("\\s+");
    private static final Pattern CELL = Pattern.compile("\\S[0-9]{1,2}");

    /** Mirrors (bits 0 and 1) then a transposition (bit 2), as numbered in {@link Lines#sym}. */
    private static final int[] SYMMETRIES = {0, 4, 5, 2, 6, 3, 1, 7};

    static final OpeningBook STANDARD = load();

    private final Map<Long, Integer> plays; // the answer by the position's key
    private final int longest;

    private OpeningBook(Map<Long, Integer> plays, int longest) {
        this.plays = plays;
        this.longest = longest;
    }

    /** The book's move for {@code board}, or -1 when the board is not 15×15 k=5 or not in it. */
    int move(Board board) {
        int[] moves = board.moves();
        if (!board.rules().equals(Rules.GOMOKU) || moves.length > longest) {
            return -1;
        }
        int[] turned = new int[moves.length];
        for (int symmetry = 0; symmetry < 8; symmetry++) {
            for (int i = 0; i < moves.length; i++) {
                turned[i] = turn(moves[i], symmetry);
            }
            Integer play = plays.get(key(turned, turned.length));
            if (play != null) {
                int cell = unturn(play, symmetry);
                // Two positions with one key (odds about 1 in 10^15) must not play on a stone.
                return board.at(cell) == null ? cell : -1;
            }
        }
        return -1;
    }

    static OpeningBook parse(BufferedReader reader) throws IOException {
        Map<Long, Integer> plays = new HashMap<>();
        int longest = 0;
        String text;
        for (int number = 1; (text = reader.readLine()) != null; number++) {
            int[] line = line(text, number); // its moves, then its answer
            if (line != null) { // a position written twice: the first line stands
                plays.putIfAbsent(key(line, line.length - 1), line[line.length - 1]);
                longest = Math.max(longest, line.length - 1);
            }
        }
        return new OpeningBook(plays, longest);
    }

    /** The moves and then the answer of one line; null for a blank or comment line. */
    private static int @Nullable [] line(String text, int number) {
        String body = text.split("#", 2)[0];
        int arrow = body.indexOf("->");
        if (arrow < 0) {
            if (body.isBlank()) {
                return null;
            }
            throw new IllegalArgumentException("line " + number + ": expected 'moves -> move'");
        }
        String played = body.substring(0, arrow).strip();
        String[] words = played.isEmpty() ? new String[0] : SPACE.split(played);
        if (words.length > GEOMETRY.cells) {
            throw new IllegalArgumentException("line " + number + ": more moves than cells");
        }
        int[] cells = new int[words.length + 1];
        for (int i = 0; i < words.length; i++) {
            cells[i] = cell(words[i], number);
        }
        int answer = cell(body.substring(arrow + 2).strip(), number);
        if (Arrays.stream(cells, 0, words.length).anyMatch(c -> c == answer)) {
            throw new IllegalArgumentException("line " + number + ": the answer is already taken");
        }
        cells[words.length] = answer;
        return cells;
    }

    // "h8": column h, row 8, as a cell index row * SIZE + column.
    private static int cell(String word, int line) {
        if (!CELL.matcher(word).matches()) {
            throw new IllegalArgumentException("line " + line + ": not a cell: " + word);
        }
        int column = word.charAt(0) - 'a';
        int row = Integer.parseInt(word, 1, word.length(), 10) - 1;
        if (column < 0 || column >= SIZE || row < 0 || row >= SIZE) {
            throw new IllegalArgumentException("line " + line + ": off the board: " + word);
        }
        return row * SIZE + column;
    }

    private static OpeningBook load() {
        InputStream resource = OpeningBook.class.getResourceAsStream(RESOURCE);
        try (InputStream in = Objects.requireNonNull(resource, "missing resource " + RESOURCE)) {
            return parse(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static int turn(int cell, int symmetry) {
        return GEOMETRY.sym[SYMMETRIES[symmetry]][cell];
    }

    static int unturn(int cell, int symmetry) {
        return GEOMETRY.sym[Lines.INVERSE[SYMMETRIES[symmetry]]][cell];
    }

    // The exclusive or of the stones' keys, the second player's apart from the first's.
    private static long key(int[] moves, int count) {
        long key = 0;
        for (int i = 0; i < count; i++) {
            key ^= GEOMETRY.keys[0][2 * moves[i] + (i & 1)];
        }
        return key;
    }
}
