package dev.tictactoe.server.bot;

import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Rules;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * {@code tactics [count=30] [ms=200 | nodes=N] [engine=hard|legacy] [seed=1]}: a tactical suite on
 * 15×15. Positions come from seeded games of MEDIUM against EASY and from seeded random clusters of
 * stones around the centre, labelled by deep threat searches: "vcf" (the side to move wins by
 * continuous fours, not in one move), "vct" (by threes and fours, not by fours alone) and "defend"
 * (the opponent would win by fours if it were to move; some move stops it). A win counts as solved
 * when after the engine's move every reply near the stones leaves a win by threats; a defence when
 * the opponent no longer wins by fours.
 */
final class TacticsCommand {

    private static final Rules GOMOKU = new Rules(15, 5);
    private static final long LABEL_NODES = 200_000;

    private record Case(String kind, Board board) {}

    private TacticsCommand() {}

    public static void main(String[] args) {
        run(args);
    }

    static void run(String[] args) {
        java.util.Map<String, String> opts = new java.util.HashMap<>();
        for (String arg : args) {
            String[] kv = arg.split("=", 2);
            opts.put(kv[0], kv.length > 1 ? kv[1] : "");
        }
        int count = Integer.parseInt(opts.getOrDefault("count", "30"));
        long nodes = Long.parseLong(opts.getOrDefault("nodes", "0"));
        long ms = Long.parseLong(opts.getOrDefault("ms", "200"));
        String engine = opts.getOrDefault("engine", "hard");
        long seed = Long.parseLong(opts.getOrDefault("seed", "1"));
        List<Case> cases = collect(count, seed);
        System.out.printf(
                "tactics: %s with %s, %d positions per kind%n",
                engine, nodes > 0 ? nodes + " nodes" : ms + " ms", count);
        Bot bot = new Bot();
        LegacyHard legacy = new LegacyHard();
        for (String kind : List.of("vcf", "vct", "defend")) {
            int solved = 0;
            int total = 0;
            long totalNanos = 0;
            long worst = 0;
            long totalNodes = 0;
            for (Case c : cases) {
                if (!c.kind().equals(kind)) {
                    continue;
                }
                long start = System.nanoTime();
                BotMove move =
                        engine.equals("legacy")
                                ? legacy.choose(
                                        c.board(),
                                        nodes > 0 ? Long.MAX_VALUE : start + ms * 900_000,
                                        nodes > 0 ? nodes : Long.MAX_VALUE,
                                        total)
                                : nodes > 0
                                        ? bot.chooseWithNodes(c.board(), Level.HARD, nodes, total)
                                        : bot.choose(
                                                c.board(),
                                                Level.HARD,
                                                Duration.ofMillis(ms),
                                                total);
                long took = System.nanoTime() - start;
                totalNanos += took;
                worst = Math.max(worst, took);
                totalNodes += move.nodes();
                boolean ok =
                        kind.equals("defend")
                                ? TacticsProbe.refutes(c.board(), move.cell(), LABEL_NODES)
                                : TacticsProbe.keepsTheWin(
                                        c.board(), move.cell(), LABEL_NODES / 10);
                solved += ok ? 1 : 0;
                total++;
            }
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
    }

    // Positions along seeded MEDIUM-against-EASY games, and random clusters, until each kind has
    // `count` (or the sources run dry).
    private static List<Case> collect(int count, long seed) {
        List<Case> cases = new ArrayList<>();
        int[] have = new int[3];
        Bot bot = new Bot();
        SplittableRandom random = new SplittableRandom(seed);
        for (int game = 0;
                game < 4000 && (have[0] < count || have[1] < count || have[2] < count);
                game++) {
            if (game % 2 == 1) {
                Board cluster = cluster(random, 12 + random.nextInt(16));
                if (cluster != null && !TacticsProbe.trivial(cluster)) {
                    label(cluster, cases, have, count);
                }
                continue;
            }
            Board board = new Board(GOMOKU);
            board.play(GOMOKU.cell(7, 7));
            Level[] levels =
                    random.nextBoolean()
                            ? new Level[] {Level.MEDIUM, Level.EASY}
                            : new Level[] {Level.EASY, Level.MEDIUM};
            while (!board.isOver() && board.moveCount() < 60) {
                if (board.moveCount() >= 8 && !TacticsProbe.trivial(board)) {
                    label(board, cases, have, count);
                }
                Level level = levels[board.moveCount() % 2];
                board.play(bot.choose(board, level, Duration.ZERO, random.nextLong()).cell());
            }
        }
        return cases;
    }

    // Random stones within three cells of the centre, X and O in turn; null if a line is made.
    private static Board cluster(SplittableRandom random, int stones) {
        Board board = new Board(GOMOKU);
        while (board.moveCount() < stones) {
            int cell = GOMOKU.cell(7 + random.nextInt(-3, 4), 7 + random.nextInt(-3, 4));
            if (board.isEmpty(cell) && board.play(cell)) {
                return null;
            }
        }
        return board;
    }

    private static void label(Board board, List<Case> cases, int[] have, int count) {
        int win = TacticsProbe.win(board, LABEL_NODES);
        if (win == 0 && have[0] < count) {
            have[0]++;
            cases.add(new Case("vcf", board.copy()));
        } else if (win == 1 && have[1] < count) {
            have[1]++;
            cases.add(new Case("vct", board.copy()));
        } else if (win < 0
                && have[2] < count
                && TacticsProbe.threatened(board, LABEL_NODES)
                && TacticsProbe.refutable(board, LABEL_NODES / 10)) {
            have[2]++;
            cases.add(new Case("defend", board.copy()));
        }
    }
}
