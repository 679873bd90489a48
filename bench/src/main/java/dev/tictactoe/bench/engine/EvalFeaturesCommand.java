package dev.tictactoe.bench.engine;

import dev.tictactoe.server.bot.EvaluationFeatures;
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
import java.util.Map;
import java.util.zip.GZIPInputStream;

/**
 * {@code evalfeatures from=<positions.tsv[.gz]> out=<features.csv> [mate=1000]}: turns labelled
 * 15×15 positions into the table {@code bench/evalfit/fit.py} fits the evaluation's weights from.
 * Each input line is a game's moves ("h8,j9,g6") and a judge's value for the side to move
 * ("+M7"/"-M12" for a win or loss in so many moves, which count as ±{@code mate}); each output line
 * is that value, then the position's {@link EvaluationFeatures}. Positions where the side to move
 * completes a line at once are left out.
 */
final class EvalFeaturesCommand {

    private EvalFeaturesCommand() {}

    static void run(String[] args) throws IOException {
        Map<String, String> opts = Notation.options(args);
        String from = opts.get("from");
        String to = opts.get("out");
        if (from == null || to == null) {
            throw new IllegalArgumentException("evalfeatures needs from=<positions> out=<csv>");
        }
        String mate = opts.getOrDefault("mate", "1000");
        Rules rules = new Rules(15, 5);
        int written = 0;
        try (BufferedReader in = open(Path.of(from));
                PrintWriter out = new PrintWriter(Files.newBufferedWriter(Path.of(to)))) {
            for (String line; (line = in.readLine()) != null; ) {
                String[] f = line.split("\t");
                if (f.length < 2) {
                    continue;
                }
                Board board = Notation.replay(rules, Notation.cells(rules, f[0]));
                int[] features = EvaluationFeatures.of(board);
                if (features == null) {
                    continue;
                }
                StringBuilder row =
                        new StringBuilder(
                                f[1].contains("M")
                                        ? (f[1].startsWith("-") ? "-" : "") + mate
                                        : f[1]);
                for (int x : features) {
                    row.append(',').append(x);
                }
                out.println(row);
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
}
