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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

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

    private static final int CELLS = SIZE * SIZE;

    private static final String RESOURCE = "gomoku-openings.txt";

    /**
     * A random key for each player's stone on each cell (the first player's at {@code cell}, the
     * second's at {@code CELLS + cell}); a position's key is the exclusive or of its stones' keys,
     * so the order they came in does not count. Fixed seed: the same keys in every run.
     */
    private static final long[] STONE_KEYS = stoneKeys(new SplittableRandom(0x0B00_C0FFEEL));

    private static final OpeningBook DEFAULT = load();

    /**
     * Each line's position key, as written, in an open-addressed table, and in {@link #plays} at
     * the same index the cell to play there, plus one (0: an empty slot). A board is looked up
     * under each of the eight symmetries instead of storing eight keys a line; with no boxed keys,
     * strings or regular expressions, reading the book on a cold JVM takes tens of milliseconds,
     * not a third of a second and as long again of compiling.
     */
    private final long[] keys;

    private final short[] plays;

    /** The most stones on the board of any position in the book. */
    private final int longest;

    private OpeningBook(long[] keys, short[] plays, int longest) {
        this.keys = keys;
        this.plays = plays;
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
        int[] moves = board.moves();
        if (moves.length > longest) {
            return -1;
        }
        int[] turned = new int[moves.length];
        for (int symmetry = 0; symmetry < 8; symmetry++) {
            for (int i = 0; i < moves.length; i++) {
                turned[i] = turn(moves[i], symmetry);
            }
            int play = plays[slot(key(turned, turned.length))] - 1;
            if (play >= 0) {
                int cell = unturn(play, symmetry);
                // Two positions with one key (odds of about one in 10^15) must not play on a
                // stone.
                return board.at(cell) == null ? cell : -1;
            }
        }
        return -1;
    }

    static OpeningBook parse(BufferedReader reader) throws IOException {
        List<int[]> lines = new ArrayList<>(); // each line's moves, then its answer
        String text;
        int number = 0;
        while ((text = reader.readLine()) != null) {
            number++;
            int[] line = line(text, number);
            if (line != null) {
                lines.add(line);
            }
        }
        // One key a line: a position met under another symmetry is turned back when looked up.
        int slots = Integer.highestOneBit(Math.max(1, lines.size()) * 2) * 2;
        OpeningBook book = new OpeningBook(new long[slots], new short[slots], longest(lines));
        for (int[] line : lines) {
            long key = key(line, line.length - 1);
            int slot = book.slot(key);
            if (book.plays[slot] == 0) { // a position written twice: the first line stands
                book.keys[slot] = key;
                book.plays[slot] = (short) (line[line.length - 1] + 1);
            }
        }
        return book;
    }

    private static int longest(List<int[]> lines) {
        int longest = 0;
        for (int[] line : lines) {
            longest = Math.max(longest, line.length - 1);
        }
        return longest;
    }

    /**
     * The moves and then the answer of one line of the book; null for a blank or comment line. Read
     * in place, a character at a time: the book is read at the first HARD move on 15×15, by the
     * interpreter.
     */
    private static int @Nullable [] line(String text, int number) {
        int comment = text.indexOf('#');
        int end = comment >= 0 ? comment : text.length();
        int arrow = text.indexOf("->");
        if (arrow < 0 || arrow >= end) {
            if (text.substring(0, end).isBlank()) {
                return null;
            }
            throw new IllegalArgumentException("line " + number + ": expected 'moves -> move'");
        }
        int[] cells = new int[CELLS + 1];
        int count = 0;
        for (int from = skipSpace(text, 0, arrow);
                from < arrow;
                from = skipSpace(text, from, arrow)) {
            int to = skipWord(text, from, arrow);
            if (count == CELLS) {
                throw new IllegalArgumentException("line " + number + ": more moves than cells");
            }
            cells[count++] = cell(text, from, to, number);
            from = to;
        }
        int from = skipSpace(text, arrow + 2, end);
        int to = skipWord(text, from, end);
        if (skipSpace(text, to, end) < end) {
            to = end; // more than one word: refused whole as not a cell
        }
        int answer = cell(text, from, to, number);
        for (int k = 0; k < count; k++) {
            if (cells[k] == answer) {
                throw new IllegalArgumentException(
                        "line " + number + ": the answer is already taken");
            }
        }
        cells[count] = answer;
        return Arrays.copyOf(cells, count + 1);
    }

    private static int skipSpace(String text, int from, int end) {
        while (from < end && Character.isWhitespace(text.charAt(from))) {
            from++;
        }
        return from;
    }

    private static int skipWord(String text, int from, int end) {
        while (from < end && !Character.isWhitespace(text.charAt(from))) {
            from++;
        }
        return from;
    }

    // "h8" at text[from, to): column h, row 8, as a cell index row * SIZE + column.
    private static int cell(String text, int from, int to, int line) {
        int length = to - from;
        boolean digits = length >= 2 && length <= 3;
        int row = 0;
        for (int i = from + 1; digits && i < to; i++) {
            char c = text.charAt(i);
            digits = c >= '0' && c <= '9';
            row = row * 10 + (c - '0');
        }
        if (!digits) {
            throw new IllegalArgumentException(
                    "line " + line + ": not a cell: " + text.substring(from, to).strip());
        }
        int column = text.charAt(from) - 'a';
        row--;
        if (column < 0 || column >= SIZE || row < 0 || row >= SIZE) {
            throw new IllegalArgumentException(
                    "line " + line + ": off the board: " + text.substring(from, to));
        }
        return row * SIZE + column;
    }

    /** The slot holding {@code key}, or the empty one where it would go. */
    private int slot(long key) {
        int mask = keys.length - 1;
        int slot = (int) (key ^ (key >>> 32)) & mask;
        while (plays[slot] != 0 && keys[slot] != key) {
            slot = (slot + 1) & mask;
        }
        return slot;
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

    // The inverse of turn(cell, symmetry): the same symmetry, but with a quarter turn the mirrors
    // trade places (a row mirrored before the turn is a column mirrored after it).
    static int unturn(int cell, int symmetry) {
        boolean turned = (symmetry & 4) != 0;
        return turn(cell, turned ? 4 | (symmetry & 1) << 1 | (symmetry & 2) >> 1 : symmetry);
    }

    private static long[] stoneKeys(SplittableRandom random) {
        long[] keys = new long[2 * CELLS];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = random.nextLong();
        }
        return keys;
    }

    // The exclusive or of the first count stones' keys, the second player's apart from the first's.
    private static long key(int[] moves, int count) {
        long key = 0;
        for (int i = 0; i < count; i++) {
            key ^= STONE_KEYS[(i & 1) * CELLS + moves[i]];
        }
        return key;
    }
}
