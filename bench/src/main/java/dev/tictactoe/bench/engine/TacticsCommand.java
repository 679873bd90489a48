package dev.tictactoe.server.bot;

import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Rules;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The tactical suite. {@code tactics [file=F] [ms=200 | nodes=N] [engine=hard|legacy]} plays the
 * engine's move in every position of the suite (by default {@code tactics.txt} beside this class)
 * and prints, per kind, the solve rate, mean and worst time and nodes per second. Kinds: "vcf" (the
 * side to move wins by continuous fours, not in one move), "vct" (by threes and fours, not by fours
 * alone) and "defend" (the opponent would win by fours or by threes and fours were it to move, and
 * some move stops it). A win is solved when after the engine's move every reply near the stones
 * still leaves a win by threats; a defence when after it the opponent wins by neither.
 *
 * <p>{@code tactics generate from=MATCH_OUTPUT [board=15:5] [count=40] [out=F]} builds a suite from
 * the games a {@code match ... show=all} (or {@code show=lost}) printed: every position is labelled
 * by deep threat searches, the first of each run of one kind for one side is kept, and positions
 * the player to move went on to lose with (or not win with) come first.
 *
 * <p>{@code tactics threats [cap=1000000] [depth=6]} measures the threat search alone: the nodes it
 * needs to find each win of the suite.
 *
 * <p>{@code tactics audit from=MATCH_OUTPUT} tells where A lost each game it lost ({@link
 * LossAudit}).
 */
final class TacticsCommand {

    private static final long LABEL_NODES = 200_000;
    private static final String SUITE = "tactics.txt";
    private static final List<String> KINDS = List.of("vcf", "vct", "defend");

    /** A labelled position; {@code missed} when the side to move did not get its due in play. */
    record Case(String kind, Board board, boolean missed) {}

    private TacticsCommand() {}

    public static void main(String[] args) throws IOException {
        Map<String, String> opts = new HashMap<>();
        String mode = "run";
        for (String arg : args) {
            String[] kv = arg.split("=", 2);
            if (kv.length == 1 && List.of("generate", "threats", "audit").contains(kv[0])) {
                mode = kv[0];
            } else {
                opts.put(kv[0], kv.length > 1 ? kv[1] : "");
            }
        }
        switch (mode) {
            case "generate" -> generate(opts);
            case "threats" -> threats(opts);
            case "audit" -> LossAudit.run(opts);
            default -> run(opts);
        }
    }

    /**
     * How many nodes the threat search alone needs to find each win of the suite: the side to
     * move's own in the "vct" positions, the opponent's (were it to move) in the "defend" ones. A
     * fresh search per position, by fours first and then by threes and fours, up to {@code cap}
     * nodes; prints per kind how many it found within each budget and the geometric mean.
     */
    static void threats(Map<String, String> opts) throws IOException {
        long cap = Long.parseLong(opts.getOrDefault("cap", "1000000"));
        int depth = Integer.parseInt(opts.getOrDefault("depth", "6"));
        List<Case> cases = load(opts.get("file"));
        long[] budgets = {1_000, 3_000, 10_000, 30_000, 100_000, 300_000, 1_000_000};
        System.out.printf(
                "threat search: %d attacker moves deep by threes, at most %,d nodes%n", depth, cap);
        for (String kind : List.of("vct", "defend")) {
            int[] within = new int[budgets.length];
            int total = 0;
            int found = 0;
            double logSum = 0;
            for (Case c : ofKind(cases, kind)) {
                PatternBoard b = PatternBoard.of(c.board());
                if (kind.equals("defend")) {
                    b.pass();
                }
                Threats t = new Threats(b);
                boolean won =
                        t.vcf(TacticsProbe.DEPTH, cap, Long.MAX_VALUE)
                                || t.vct(depth, cap, Long.MAX_VALUE);
                long used = won ? t.nodes : cap;
                total++;
                found += won ? 1 : 0;
                logSum += Math.log(Math.max(1, used));
                for (int i = 0; i < budgets.length; i++) {
                    within[i] += won && used <= budgets[i] ? 1 : 0;
                }
            }
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < budgets.length; i++) {
                line.append(String.format(" %,d:%d", budgets[i], within[i]));
            }
            System.out.printf(
                    "%-7s found %d/%d, geometric mean %,.0f nodes; found within%s%n",
                    kind, found, total, Math.exp(logSum / Math.max(1, total)), line);
        }
    }

    static void run(Map<String, String> opts) throws IOException {
        long nodes = Long.parseLong(opts.getOrDefault("nodes", "0"));
        long ms = Long.parseLong(opts.getOrDefault("ms", "200"));
        String engine = opts.getOrDefault("engine", "hard");
        List<Case> cases = load(opts.get("file"));
        System.out.printf(
                "tactics: %s with %s, %d positions%n",
                engine, nodes > 0 ? nodes + " nodes" : ms + " ms", cases.size());
        Bot bot = new Bot();
        LegacyHard legacy = new LegacyHard();
        int allSolved = 0;
        for (String kind : KINDS) {
            int solved = 0;
            int total = 0;
            long totalNanos = 0;
            long worst = 0;
            long totalNodes = 0;
            for (Case c : ofKind(cases, kind)) {
                long seed = total;
                long start = System.nanoTime();
                BotMove move =
                        engine.equals("legacy")
                                ? legacy.choose(
                                        c.board(),
                                        nodes > 0 ? Long.MAX_VALUE : start + ms * 900_000,
                                        nodes > 0 ? nodes : Long.MAX_VALUE,
                                        seed)
                                : nodes > 0
                                        ? bot.chooseWithNodes(c.board(), Level.HARD, nodes, seed)
                                        : bot.choose(
                                                c.board(), Level.HARD, Duration.ofMillis(ms), seed);
                long took = System.nanoTime() - start;
                totalNanos += took;
                worst = Math.max(worst, took);
                totalNodes += move.nodes();
                boolean ok =
                        kind.equals("defend")
                                ? TacticsProbe.holds(c.board(), move.cell(), LABEL_NODES)
                                : TacticsProbe.keepsTheWin(
                                        c.board(), move.cell(), LABEL_NODES / 10);
                solved += ok ? 1 : 0;
                total++;
            }
            allSolved += solved;
            System.out.printf(
                    "%-7s %3d/%3d solved (%5.1f%%), mean %6.1f ms, worst %6.1f ms, %,.0f nodes/s%n",
                    kind,
                    solved,
                    total,
                    total == 0 ? 0 : 100.0 * solved / total,
                    totalNanos / 1e6 / Math.max(1, total),
                    worst / 1e6,
                    totalNodes / Math.max(1e-9, totalNanos / 1e9));
        }
        System.out.printf("all     %3d/%3d solved%n", allSolved, cases.size());
    }

    private static List<Case> ofKind(List<Case> cases, String kind) {
        return cases.stream().filter(c -> c.kind().equals(kind)).toList();
    }

    /** The suite in {@code file}, or the one beside this class when null. */
    static List<Case> load(String file) throws IOException {
        String text;
        if (file != null) {
            text = Files.readString(Path.of(file));
        } else {
            try (InputStream in = TacticsCommand.class.getResourceAsStream(SUITE)) {
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
            // kind board missed|played moves...
            String[] parts = line.split("\\s+", 4);
            Board board = new Board(rules(parts[1]));
            for (String cell : parts.length > 3 ? parts[3].split("\\s+") : new String[0]) {
                board.play(ReplayCommand.cell(board.rules(), cell));
            }
            cases.add(new Case(parts[0], board, parts[2].equals("missed")));
        }
        return cases;
    }

    static void generate(Map<String, String> opts) throws IOException {
        Rules rules = rules(opts.getOrDefault("board", "15:5"));
        int count = Integer.parseInt(opts.getOrDefault("count", "40"));
        String from = opts.get("from");
        if (from == null) {
            throw new IllegalArgumentException("generate needs from=<match output with games>");
        }
        List<int[]> games = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of(from))) {
            int colon = line.indexOf(": 1. ");
            if (line.startsWith("game ") && colon > 0) {
                games.add(ReplayCommand.cells(rules, line.substring(colon + 2)));
            }
        }
        Map<String, List<Case>> missed = new HashMap<>();
        Map<String, List<Case>> played = new HashMap<>();
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (int[] game : games) {
            Board full = new Board(rules);
            for (int cell : game) {
                full.play(cell);
            }
            String[] last = new String[2];
            Board board = new Board(rules);
            for (int ply = 0; ply < game.length - 1; ply++) {
                if (ply > 0) {
                    board.play(game[ply - 1]);
                }
                if (ply < 6 || TacticsProbe.trivial(board) || !seen.add(key(board))) {
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
                    out.append(' ').append(ReplayCommand.name(rules, c.board().moveAt(i)));
                }
                out.append('\n');
            }
            System.out.printf(
                    "%-7s %d missed in play, %d not%n",
                    kind,
                    missed.getOrDefault(kind, List.of()).size(),
                    played.getOrDefault(kind, List.of()).size());
        }
        String file = opts.getOrDefault("out", "tactics.txt");
        try {
            Files.writeString(Path.of(file), out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        System.out.println("wrote " + file);
    }

    // "vcf", "vct", "defend" or null.
    private static String label(Board board) {
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

    // The stones (which also tell the side to move): the same position reached by other moves
    // is one case.
    private static String key(Board board) {
        return board.toString();
    }

    /** Rules from "N:k", e.g. "15:5". */
    static Rules rules(String text) {
        String[] parts = text.split(":");
        return new Rules(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]));
    }
}
