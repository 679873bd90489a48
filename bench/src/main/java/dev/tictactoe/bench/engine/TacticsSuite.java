package dev.tictactoe.bench.engine;

import dev.tictactoe.server.bot.TacticsProbe;
import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Rules;

import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The tactical suite's positions: read from a file ({@code kind board missed|played moves...} a
 * line), or built from the games a match printed, each labelled by deep threat searches.
 */
final class TacticsSuite {

    /** Nodes of each deep search that labels or checks a position. */
    static final long LABEL_NODES = 200_000;

    /** The suite beside this class, read when no file is named. */
    static final String SUITE = "tactics.txt";

    /** The kinds of position, in the order they are reported. */
    static final List<String> KINDS = List.of("vcf", "vct", "defend");

    /** The first ply a position is taken from: before it, a game is still its opening. */
    private static final int FIRST_PLY = 6;

    /** A labelled position; {@code missed} when the side to move did not get its due in play. */
    record Case(String kind, Board board, boolean missed) {}

    private TacticsSuite() {}

    /** The suite in {@code file}, or the one beside this class when null. */
    static List<Case> load(@Nullable String file) throws IOException {
        String text;
        if (file != null) {
            text = Files.readString(Path.of(file));
        } else {
            try (InputStream in = TacticsSuite.class.getResourceAsStream(SUITE)) {
                if (in == null) {
                    throw new IOException("no " + SUITE + " on the class path");
                }
                text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        }
        List<Case> cases = new ArrayList<>();
        for (String line : text.split("\n")) {
            line = line.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] parts = line.split("\\s+", 4);
            Rules rules = Notation.rules(parts[1]);
            Board board =
                    Notation.replay(rules, Notation.cells(rules, parts.length > 3 ? parts[3] : ""));
            cases.add(new Case(parts[0], board, parts[2].equals("missed")));
        }
        return cases;
    }

    static List<Case> ofKind(List<Case> cases, String kind) {
        return cases.stream().filter(c -> c.kind().equals(kind)).toList();
    }

    /**
     * {@code tactics generate from=MATCH_OUTPUT [board=15:5] [count=40] [out=tactics.txt]}: every
     * position of the printed games labelled, the first of each run of one kind for one side kept,
     * and positions the player to move went on to lose with (or not win with) first.
     */
    static void generate(Map<String, String> opts) throws IOException {
        Rules rules = Notation.rules(opts.getOrDefault("board", "15:5"));
        int count = Integer.parseInt(opts.getOrDefault("count", "40"));
        String from = opts.get("from");
        if (from == null) {
            throw new IllegalArgumentException("generate needs from=<match output with games>");
        }
        List<int[]> games = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of(from))) {
            int colon = line.indexOf(": 1. ");
            if (line.startsWith("game ") && colon > 0) {
                games.add(Notation.cells(rules, line.substring(colon + 2)));
            }
        }
        Map<String, List<Case>> missed = new HashMap<>();
        Map<String, List<Case>> played = new HashMap<>();
        Set<String> seen = new HashSet<>();
        for (int[] game : games) {
            Board full = Notation.replay(rules, game);
            @Nullable String[] last = new String[2];
            Board board = new Board(rules);
            for (int ply = 0; ply < game.length - 1; ply++) {
                if (ply > 0) {
                    board.play(game[ply - 1]);
                }
                // The stones (which also tell the side to move) key a position: the same one
                // reached by other moves is one case.
                if (ply < FIRST_PLY || TacticsProbe.trivial(board) || !seen.add(board.toString())) {
                    continue;
                }
                String kind = label(board);
                String before = last[ply % 2];
                last[ply % 2] = kind;
                if (kind == null || kind.equals(before)) {
                    continue; // the first of a run: later ones are its easier continuations
                }
                boolean mover = full.winner() != null && full.winner() == board.toMove();
                boolean lost = full.winner() != null && !mover;
                boolean miss = kind.equals("defend") ? lost : !mover;
                Case c = new Case(kind, board.copy(), miss);
                (miss ? missed : played).computeIfAbsent(kind, k -> new ArrayList<>()).add(c);
            }
        }
        StringBuilder out = new StringBuilder();
        out.append("# kind board missed|played moves: positions from ")
                .append(games.size())
                .append(" games, labelled by deep threat searches (")
                .append(LABEL_NODES)
                .append(
                        " nodes); missed: the side to move did not win (vcf, vct) or lost"
                                + " (defend)\n");
        for (String kind : KINDS) {
            List<Case> chosen = new ArrayList<>(missed.getOrDefault(kind, List.of()));
            chosen.addAll(played.getOrDefault(kind, List.of()));
            for (Case c : chosen.subList(0, Math.min(count, chosen.size()))) {
                out.append(kind)
                        .append(' ')
                        .append(rules.size())
                        .append(':')
                        .append(rules.winLength())
                        .append(' ')
                        .append(c.missed() ? "missed" : "played");
                for (int i = 0; i < c.board().moveCount(); i++) {
                    out.append(' ').append(Notation.name(rules.size(), c.board().moveAt(i)));
                }
                out.append('\n');
            }
            System.out.printf(
                    "%-7s %d missed in play, %d not%n",
                    kind,
                    missed.getOrDefault(kind, List.of()).size(),
                    played.getOrDefault(kind, List.of()).size());
        }
        String file = opts.getOrDefault("out", SUITE);
        Files.writeString(Path.of(file), out);
        System.out.println("wrote " + file);
    }

    // "vcf", "vct", "defend" or null.
    private static @Nullable String label(Board board) {
        int win = TacticsProbe.win(board, LABEL_NODES);
        if (win == 0) {
            return "vcf";
        }
        if (win == 1) {
            return "vct";
        }
        if (TacticsProbe.threatenedByThreats(board, LABEL_NODES)
                && TacticsProbe.holdingMoves(board, LABEL_NODES, 1) > 0) {
            return "defend";
        }
        return null;
    }
}
