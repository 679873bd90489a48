package dev.tictactoe.bench.engine;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.server.bot.Bot;
import dev.tictactoe.server.bot.BotMove;
import dev.tictactoe.server.bot.TacticsProbe;

import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The tactical suite. {@code tactics [file=F] [ms=200 | nodes=N]} plays HARD's move in every
 * position of the suite (by default {@code tactics.txt} beside this class) and prints, per kind,
 * the solve rate, mean and worst time and nodes per second. Kinds: "vcf" (the side to move wins by
 * continuous fours, not in one move), "vct" (by threes and fours, not by fours alone) and "defend"
 * (the opponent would win by fours or by threes and fours were it to move, and some move stops it).
 * A win is solved when after the engine's move every reply near the stones still leaves a win by
 * threats; a defence when after it the opponent wins by neither.
 *
 * <p>{@code tactics generate from=MATCH_OUTPUT ...} builds a suite ({@link TacticsSuite#generate});
 * {@code tactics threats [cap=1000000] [depth=6]} measures the threat search alone: the nodes it
 * needs to find each win of the suite; {@code tactics audit from=MATCH_OUTPUT} tells where A lost
 * each game it lost ({@link LossAudit}).
 */
final class TacticsCommand {

    private TacticsCommand() {}

    static void run(String[] args) throws IOException {
        String mode = args.length > 0 && !args[0].contains("=") ? args[0] : "run";
        Map<String, String> opts =
                Notation.options(
                        mode.equals("run") ? args : Arrays.copyOfRange(args, 1, args.length));
        switch (mode) {
            case "run" -> solve(opts);
            case "generate" -> TacticsSuite.generate(opts);
            case "threats" -> threats(opts);
            case "audit" -> LossAudit.run(opts);
            default ->
                    throw new IllegalArgumentException(
                            "unknown tactics mode '" + mode + "': generate, threats or audit");
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
        List<TacticsSuite.Case> cases = TacticsSuite.load(opts.get("file"));
        long[] budgets = {1_000, 3_000, 10_000, 30_000, 100_000, 300_000, 1_000_000};
        System.out.printf(
                "threat search: %d attacker moves deep by threes, at most %,d nodes%n", depth, cap);
        for (String kind : List.of("vct", "defend")) {
            int[] within = new int[budgets.length];
            int total = 0;
            int found = 0;
            double logSum = 0;
            for (TacticsSuite.Case c : TacticsSuite.ofKind(cases, kind)) {
                long nodes = TacticsProbe.threatNodes(c.board(), kind.equals("defend"), depth, cap);
                boolean won = nodes >= 0;
                long used = won ? nodes : cap;
                total++;
                found += won ? 1 : 0;
                logSum += Math.log((double) Math.max(1, used));
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

    static void solve(Map<String, String> opts) throws IOException {
        long nodes = Long.parseLong(opts.getOrDefault("nodes", "0"));
        long ms = Long.parseLong(opts.getOrDefault("ms", "200"));
        List<TacticsSuite.Case> cases = TacticsSuite.load(opts.get("file"));
        System.out.printf(
                "tactics: hard with %s, %d positions%n",
                nodes > 0 ? nodes + " nodes" : ms + " ms", cases.size());
        Bot bot = new Bot();
        int allSolved = 0;
        for (String kind : TacticsSuite.KINDS) {
            int solved = 0;
            int total = 0;
            long totalNanos = 0;
            long worst = 0;
            long totalNodes = 0;
            for (TacticsSuite.Case c : TacticsSuite.ofKind(cases, kind)) {
                long seed = total;
                long start = System.nanoTime();
                BotMove move =
                        nodes > 0
                                ? bot.chooseWithNodes(c.board(), BotLevel.HARD, nodes, seed)
                                : bot.choose(c.board(), BotLevel.HARD, Duration.ofMillis(ms), seed);
                long took = System.nanoTime() - start;
                totalNanos += took;
                worst = Math.max(worst, took);
                totalNodes += move.nodes();
                solved += solves(c, move.cell()) ? 1 : 0;
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

    /** Whether {@code move} keeps the win of a "vcf" or "vct" case, or holds a "defend" one. */
    static boolean solves(TacticsSuite.Case c, int move) {
        return c.kind().equals("defend")
                ? TacticsProbe.holds(c.board(), move, TacticsSuite.LABEL_NODES)
                : TacticsProbe.keepsTheWin(c.board(), move, TacticsSuite.LABEL_NODES / 10);
    }
}
