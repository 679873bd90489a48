package dev.tictactoe.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.tictactoe.client.GameAnalysis;
import dev.tictactoe.client.GameAnalysis.Verdict;
import dev.tictactoe.protocol.MessageCodec;

import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;

/** A finished game as the server's engine judged it: lines for the terminal, JSON for scripts. */
final class AnalysisWords {
    private AnalysisWords() {}

    /** The value of {@code p} in words: exact where solved, else the engine's evaluation. */
    static String value(GameAnalysis a, GameAnalysis.Position p) {
        String ahead = p.score() > 0 ? "X" : "O";
        if (Math.abs(p.score()) >= a.thresholds().decided()) {
            return ahead + (p.exact() ? " wins" : " wins by force");
        }
        return p.score() == 0
                ? p.exact() ? "draw" : "even"
                : String.format(Locale.ROOT, "%s +%.1f", ahead, Math.abs(p.score()) / 100.0);
    }

    /** A verdict as a mark and its word: "best", "?! inaccuracy", ... */
    static String mark(GameAnalysis.Verdict verdict) {
        return switch (verdict) {
            case BEST, GOOD -> verdict.wire();
            case INACCURACY -> "?! inaccuracy";
            case MISTAKE -> "? mistake";
            case BLUNDER -> "?? blunder";
        };
    }

    /** Move {@code ply} (0-based) in one line, e.g. " 2. O b1 ?? blunder X wins best a1". */
    static String line(GameAnalysis a, int ply, int size) {
        GameAnalysis.Judged m = a.moves().get(ply);
        Integer missed = missed(a, ply);
        String text =
                String.format(
                        Locale.ROOT,
                        "%3d. %s %-4s %-13s %-14s",
                        ply + 1,
                        m.seat(),
                        Coordinates.format(m.cell(), size),
                        mark(m.verdict()),
                        value(a, a.positions().get(ply + 1)));
        return (missed == null ? text : text + "best " + Coordinates.format(missed, size))
                .stripTrailing();
    }

    /** The game in at most {@code max} lines: every move if they fit, else the marked ones. */
    static List<String> lines(GameAnalysis a, int size, int max) {
        List<String> lines = new ArrayList<>();
        int moves = a.moves().size();
        if (moves + 1 <= max) {
            lines.add(
                    "game %d judged by the server's engine (exact where the board is solved):"
                            .formatted(a.game()));
            IntStream.range(0, moves).forEach(ply -> lines.add(line(a, ply, size)));
            return lines;
        }
        List<Integer> marked =
                IntStream.range(0, moves)
                        .filter(ply -> a.moves().get(ply).verdict().compareTo(Verdict.GOOD) > 0)
                        .boxed()
                        .toList();
        String judged = marked.isEmpty() ? "every one best or good" : marked.size() + " marked";
        String end = value(a, a.positions().get(moves));
        lines.add(
                "game %d: %d moves, %s (--script lists every move); it ends %s"
                        .formatted(a.game(), moves, judged, end));
        int shown = marked.size() < max ? marked.size() : max - 2;
        marked.stream().limit(shown).forEach(ply -> lines.add(line(a, ply, size)));
        if (shown < marked.size()) {
            lines.add("  ... and " + (marked.size() - shown) + " more marked moves");
        }
        return lines;
    }

    /** One JSON object per move: its verdict and loss, the score it left, the best cell missed. */
    static List<String> json(GameAnalysis a) {
        List<String> lines = new ArrayList<>(a.moves().size());
        for (int ply = 0; ply < a.moves().size(); ply++) {
            GameAnalysis.Judged m = a.moves().get(ply);
            GameAnalysis.Position after = a.positions().get(ply + 1);
            Integer missed = missed(a, ply);
            ObjectNode line = MessageCodec.mapper().createObjectNode();
            line.put("type", "analysis");
            line.put("room", a.room());
            line.put("game", a.game());
            line.put("move", ply + 1);
            line.put("seat", m.seat().wire());
            line.put("cell", m.cell());
            line.put("verdict", m.verdict().wire());
            line.put("loss", m.loss());
            line.put("score", after.score());
            line.put("exact", after.exact());
            line.put("best", missed);
            lines.add(line.toString());
        }
        return lines;
    }

    /** The best cell of the position before move {@code ply} when the move was not best. */
    private static @Nullable Integer missed(GameAnalysis a, int ply) {
        Integer best = a.positions().get(ply).best();
        GameAnalysis.Judged m = a.moves().get(ply);
        return m.verdict() == GameAnalysis.Verdict.BEST || best == null || best == m.cell()
                ? null
                : best;
    }
}
