package dev.tictactoe.server.bot;

import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Rules;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.zip.GZIPInputStream;

/**
 * {@code evalfeatures from=<positions.tsv[.gz]> out=<features.csv> [mate=1000]}: turns labelled
 * 15×15 positions into the table {@code bench/evalfit/fit.py} fits {@link Evaluation}'s weights
 * from. Each input line is a game's moves ("h8,j9,g6") and a judge's value for the side to move
 * ("+M7"/"-M12" for a win or loss in so many moves, which count as ±{@code mate}); each output line
 * is that value, then for the side to move and for the other side how many cells have each set of
 * four line codes (the {@link #SETS} sets in {@link #setOfKey} order), then the {@link
 * Evaluation#threats} bits and whether X is to move. Positions where the side to move completes a
 * line at once are left out.
 */
final class EvalFeaturesCommand {

    /** Sets of four line codes (multisets of 4 from 9). */
    static final int SETS = 495;

    private EvalFeaturesCommand() {}

    public static void main(String[] args) throws IOException {
        Map<String, String> opts = ReplayCommand.options(args);
        Path from = Path.of(opts.get("from"));
        String mate = opts.getOrDefault("mate", "1000");
        Rules rules = new Rules(15, 5);
        int[] setOf = setOfKey();
        int written = 0;
        try (BufferedReader in = open(from);
                PrintWriter out =
                        new PrintWriter(Files.newBufferedWriter(Path.of(opts.get("out"))))) {
            for (String line; (line = in.readLine()) != null; ) {
                String[] f = line.split("\t");
                if (f.length < 2) {
                    continue;
                }
                Board board = new Board(rules);
                for (int cell : ReplayCommand.cells(rules, f[0])) {
                    board.play(cell);
                }
                PatternBoard b = PatternBoard.of(board);
                if (b.canWin(b.side)) {
                    continue;
                }
                String value = f[1].contains("M") ? (f[1].startsWith("-") ? "-" : "") + mate : f[1];
                out.println(row(b, value, setOf));
                written++;
            }
        }
        System.out.println(written + " positions");
    }

    private static BufferedReader open(Path file) throws IOException {
        InputStream in = Files.newInputStream(file);
        if (file.toString().endsWith(".gz")) {
            in = new GZIPInputStream(in);
        }
        return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    }

    /**
     * For every key, the index of its set of four codes: the sets ordered by their codes in
     * descending order (a ≥ b ≥ c ≥ d) read as a base-9 number, ascending; 495 of them.
     */
    static int[] setOfKey() {
        Map<String, Integer> index = new HashMap<>();
        for (int key = 0; key < Evaluation.KEYS; key++) {
            int a = Evaluation.code(key, 3);
            int b = Evaluation.code(key, 2);
            int c = Evaluation.code(key, 1);
            if (a >= b && b >= c && c >= Evaluation.code(key, 0)) {
                index.put(Evaluation.sortedCodes(key), index.size());
            }
        }
        int[] setOf = new int[Evaluation.KEYS];
        for (int key = 0; key < Evaluation.KEYS; key++) {
            setOf[key] = index.get(Evaluation.sortedCodes(key));
        }
        return setOf;
    }

    private static String row(PatternBoard b, String value, int[] setOf) {
        StringBuilder sb = new StringBuilder(value);
        for (int side : new int[] {b.side, 1 - b.side}) {
            int[] counts = new int[SETS];
            for (int cell = 0; cell < b.cells; cell++) {
                counts[setOf[b.tableIndex(side, cell)]]++;
            }
            for (int count : counts) {
                sb.append(',').append(count);
            }
        }
        int threats = Evaluation.threats(b);
        for (int t = 0; t < Evaluation.THREAT_NAMES.length; t++) {
            sb.append(',').append(threats >> t & 1);
        }
        return sb.append(',').append(b.moveCount % 2 == 0 ? 1 : 0).toString();
    }
}
