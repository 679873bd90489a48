package dev.tictactoe.server.bot;

import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Boards;
import dev.tictactoe.server.game.Mark;
import dev.tictactoe.server.game.Rules;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * {@code match [board=15:5] [a=hard] [b=legacy] [games=100] [nodes=N | ms=200] [seed=1]
 * [stones=N]}: plays two engine configurations against each other from seeded openings (two or
 * three stones near the centre, or {@code stones} of them; 0 starts on the empty board, where the
 * seeded choice among equal moves varies the games), each opening twice with the colours swapped,
 * and prints A's score with a 95% error. Engines: easy, medium, hard, perfect, legacy (HARD as it
 * was before the pattern engine), and brain: an outside Gomocup engine run as a process ({@code
 * b.cmd=/path/to/pbrain-x}, limited by {@code b.depth=}, {@code b.nodes=} or {@code b.ms=}; see
 * {@link PiskvorkBrain}). With {@code nodes} every move gets that node budget and the match replays
 * exactly; with {@code ms} the clock decides. {@code a.nodes=}, {@code b.ms=} and the like set one
 * side only. {@code show=lost} (or {@code all}) prints the moves and final board of every game A
 * lost (or of every game). At the end each side's thinking time is summed up: mean, 99th percentile
 * and maximum of the wall and the thread's CPU time per move, and with a clock how far p99 and the
 * maximum run over the budget; a move over the budget + 10% is printed as it happens, with the page
 * faults its thread took, the collections meanwhile, the time it ended and the position. A brain
 * that gives no answer within {@code b.timeout=} ms (by default {@link
 * PiskvorkBrain#DEFAULT_REPLY_TIMEOUT}, or ten times its time per move if that is longer), exits or
 * reports an error loses that game; it is killed and started afresh for the next one.
 *
 * <p>{@code openings=balanced} starts from {@link BalancedOpenings} instead (3 to 5 stones, kept
 * when {@code judge.cmd=} held to {@code judge.depth=} rates them within ± {@code judge.limit=};
 * the judge defaults to B's or A's brain, or {@code judge=hard judge.nodes=N} uses HARD's search),
 * and turns HARD's opening book off unless {@code book=on}.
 */
final class MatchCommand {

    /** One side of the match: an engine and its budget (an outside brain runs as a process). */
    private record Player(String engine, long nodes, long millis, int depth, PiskvorkBrain brain) {

        BotMove move(Bot bot, LegacyHard legacy, Board board, long seed) {
            if (brain != null) {
                return new BotMove(brain.move(board), Level.HARD, false, 0, 0, 0, "brain");
            }
            if (engine.equals("legacy")) {
                long deadline = millis > 0 ? System.nanoTime() + millis * 900_000 : Long.MAX_VALUE;
                return legacy.choose(board, deadline, nodes > 0 ? nodes : Long.MAX_VALUE, seed);
            }
            Level level = Level.parse(engine);
            return nodes > 0
                    ? bot.chooseWithNodes(board, level, nodes, seed)
                    : bot.choose(board, level, Duration.ofMillis(millis), seed);
        }

        @Override
        public String toString() {
            String limit =
                    depth > 0 ? "depth " + depth : nodes > 0 ? nodes + " nodes" : millis + " ms";
            return engine + " (" + limit + ")";
        }
    }

    /** A's wins, the draws and B's wins, and how many games a brain lost by failing. */
    record Result(int aWins, int draws, int bWins, int brainFailures) {}

    private MatchCommand() {}

    public static void main(String[] args) {
        run(args);
    }

    static Result run(String... args) {
        Map<String, String> opts = new HashMap<>();
        for (String arg : args) {
            int eq = arg.indexOf('=');
            if (eq < 0) {
                throw new IllegalArgumentException("expected key=value, got '" + arg + "'");
            }
            opts.put(arg.substring(0, eq).toLowerCase(Locale.ROOT), arg.substring(eq + 1));
        }
        Rules rules = board(opts.getOrDefault("board", "15:5"));
        int games = Integer.parseInt(opts.getOrDefault("games", "100"));
        long seed = Long.parseLong(opts.getOrDefault("seed", "1"));
        Player a = player(opts, "a", "hard", rules);
        Player b = player(opts, "b", "legacy", rules);
        String show = opts.getOrDefault("show", "none");
        System.out.printf(
                "match on %dx%d k=%d: A = %s, B = %s, %d games%n",
                rules.size(), rules.size(), rules.winLength(), a, b, games);
        boolean balanced = opts.getOrDefault("openings", "random").equals("balanced");
        boolean book = opts.getOrDefault("book", balanced ? "off" : "on").equals("on");
        List<int[]> kept = balanced ? balancedOpenings(opts, rules, (games + 1) / 2, seed) : null;
        Bot bot = new Bot(book);
        System.out.println("hard's opening book " + (book ? "on" : "off"));
        LegacyHard legacy = new LegacyHard();
        int[] result = new int[3]; // A wins, draws, B wins
        int aWinsAsX = 0;
        int failures = 0;
        MoveTimes[] times = {new MoveTimes(), new MoveTimes()};
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        SplittableRandom openings = new SplittableRandom(seed);
        int stones = Integer.parseInt(opts.getOrDefault("stones", "-1"));
        int[] opening = null;
        for (int game = 0; game < games; game++) {
            if (game % 2 == 0) {
                opening = balanced ? kept.get(game / 2) : opening(rules, stones, openings);
            }
            boolean aIsX = game % 2 == 0;
            Board board = Boards.replay(rules, Mark.X, opening);
            Mark failed = null; // the side whose brain failed, which loses the game
            String failure = null;
            for (Player p : new Player[] {a, b}) {
                if (p.brain() != null && failed == null) {
                    try {
                        p.brain().restart();
                    } catch (PiskvorkBrain.Failure e) {
                        failed = (p == a) == aIsX ? Mark.X : Mark.O;
                        failure = e.getMessage();
                    }
                }
            }
            while (failed == null && !board.isOver()) {
                boolean aMoves = (board.toMove() == Mark.X) == aIsX;
                Player p = aMoves ? a : b;
                // Read before the clocks start, so the move's time does not include reading them.
                long faults = minorFaults();
                long collections = collections();
                long cpu = threads.getCurrentThreadCpuTime();
                long start = System.nanoTime();
                BotMove m;
                try {
                    long moveSeed = seed * 1_000_003 + game * 1009L + board.moveCount();
                    m = p.move(bot, legacy, board, moveSeed);
                } catch (PiskvorkBrain.Failure e) {
                    failed = board.toMove();
                    failure = e.getMessage();
                    break;
                }
                long took = System.nanoTime() - start;
                long cpuTook = threads.getCurrentThreadCpuTime() - cpu;
                times[aMoves ? 0 : 1].add(took, cpuTook);
                if (p.millis() > 0 && Math.max(took, cpuTook) > p.millis() * 1_100_000) {
                    System.out.printf(
                            "game %d: %s's move %d over budget + 10%% (wall %.1f ms, cpu %.1f ms,"
                                    + " %d page faults, %d collections, depth %d, %d nodes, %s;"
                                    + " ended %s) after %s%n",
                            game + 1,
                            aMoves ? "A" : "B",
                            board.moveCount() + 1,
                            took / 1e6,
                            cpuTook / 1e6,
                            minorFaults() - faults,
                            collections() - collections,
                            m.depth(),
                            m.nodes(),
                            m.note(),
                            Instant.now(),
                            moveList(board));
                }
                board.play(m.cell());
            }
            if (failed != null) {
                failures++;
                System.out.printf(
                        "game %d: %s as %s failed after %d moves, scored as a loss: %s%n",
                        game + 1,
                        (failed == Mark.X) == aIsX ? "A" : "B",
                        failed,
                        board.moveCount(),
                        failure);
            }
            Mark winner = failed != null ? failed.opponent() : board.winner();
            boolean aLost = winner != null && (winner == Mark.X) != aIsX;
            if (show.equals("all") || (show.equals("lost") && aLost)) {
                System.out.printf(
                        "game %d, A is %s, %s: %s%n%s%n",
                        game + 1,
                        aIsX ? "X" : "O",
                        winner == null ? "draw" : winner + " wins",
                        moveList(board),
                        board);
            }
            if (winner == null) {
                result[1]++;
            } else if ((winner == Mark.X) == aIsX) {
                result[0]++;
                aWinsAsX += aIsX ? 1 : 0;
            } else {
                result[2]++;
            }
            if ((game + 1) % 10 == 0 || game + 1 == games) {
                System.out.printf(
                        "  after %3d games: A %d wins (%d as X), %d draws, B %d wins: %s%n",
                        game + 1, result[0], aWinsAsX, result[1], result[2], score(result));
            }
        }
        System.out.printf("A %s scores %s over %d games%n", a, score(result), games);
        times[0].print("A", a.millis());
        times[1].print("B", b.millis());
        for (Player p : new Player[] {a, b}) {
            if (p.brain() != null) {
                p.brain().close();
            }
        }
        return new Result(result[0], result[1], result[2], failures);
    }

    /** Wall and CPU time of one side's moves. */
    static final class MoveTimes {
        private long[] wall = new long[256];
        private long[] cpu = new long[256];
        private int n;

        void add(long wallNanos, long cpuNanos) {
            if (n == wall.length) {
                wall = Arrays.copyOf(wall, 2 * n);
                cpu = Arrays.copyOf(cpu, 2 * n);
            }
            wall[n] = wallNanos;
            cpu[n++] = cpuNanos;
        }

        void print(String name, long budgetMillis) {
            System.out.printf(
                    "%s: %d moves; wall %s; cpu %s%n",
                    name, n, summary(wall, budgetMillis), summary(cpu, budgetMillis));
        }

        // Mean, 99th percentile and maximum in ms; with a budget, their overrun and the moves
        // that took more than the budget + 10%.
        private String summary(long[] times, long budgetMillis) {
            if (n == 0) {
                return "-";
            }
            long[] sorted = Arrays.copyOf(times, n);
            Arrays.sort(sorted);
            double mean = Arrays.stream(sorted).average().orElse(0) / 1e6;
            double p99 = sorted[Math.min(n - 1, (int) Math.ceil(n * 0.99) - 1)] / 1e6;
            double max = sorted[n - 1] / 1e6;
            String text = String.format("mean %.1f ms, p99 %.1f ms, max %.1f ms", mean, p99, max);
            if (budgetMillis > 0) {
                long limit = budgetMillis * 1_100_000;
                long over = Arrays.stream(sorted).filter(t -> t > limit).count();
                text +=
                        String.format(
                                " (overrun p99 %+.1f%%, max %+.1f%%; %d over +10%%)",
                                100 * (p99 / budgetMillis - 1),
                                100 * (max / budgetMillis - 1),
                                over);
            }
            return text;
        }
    }

    // The calling thread's minor page faults so far (Linux), or 0: a move that first touches fresh
    // heap pays for its faults in its own CPU time.
    private static long minorFaults() {
        try {
            String stat = Files.readString(Path.of("/proc/thread-self/stat"));
            return Long.parseLong(stat.substring(stat.lastIndexOf(')') + 2).split(" ")[7]);
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    private static long collections() {
        long n = 0;
        for (var gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            n += Math.max(0, gc.getCollectionCount());
        }
        return n;
    }

    /** "1. h8 i9 2. ..." with columns as letters from a and rows from 1. */
    static String moveList(Board board) {
        int size = board.rules().size();
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < board.moveCount(); i++) {
            if (i % 2 == 0) {
                sb.append(i / 2 + 1).append(". ");
            }
            sb.append(cellName(size, board.moveAt(i))).append(' ');
        }
        return sb.toString().trim();
    }

    /** "h8": column as a letter from a, row from 1. */
    static String cellName(int size, int cell) {
        return "" + (char) ('a' + cell % size) + (cell / size + 1);
    }

    private static Player player(
            Map<String, String> opts, String side, String engine, Rules rules) {
        String name = opts.getOrDefault(side, engine);
        String nodes = opts.getOrDefault(side + ".nodes", opts.get("nodes"));
        String ms = opts.getOrDefault(side + ".ms", opts.getOrDefault("ms", "200"));
        int depth = Integer.parseInt(opts.getOrDefault(side + ".depth", "0"));
        long nodeLimit = nodes == null ? 0 : Long.parseLong(nodes);
        long millis = nodes == null && depth == 0 ? Long.parseLong(ms) : 0;
        PiskvorkBrain brain = null;
        if (name.equals("brain")) {
            String command = opts.get(side + ".cmd");
            if (command == null) {
                throw new IllegalArgumentException(side + "=brain needs " + side + ".cmd=<path>");
            }
            List<String> info = new ArrayList<>();
            if (depth > 0) {
                info.add("max_depth " + depth);
            } else if (nodeLimit > 0) {
                info.add("max_node " + nodeLimit);
            } else {
                info.add("timeout_turn " + millis);
            }
            long timeout = Math.max(PiskvorkBrain.DEFAULT_REPLY_TIMEOUT.toMillis(), 10 * millis);
            String set = opts.get(side + ".timeout");
            brain =
                    new PiskvorkBrain(
                            command,
                            rules.size(),
                            info,
                            Duration.ofMillis(set == null ? timeout : Long.parseLong(set)));
        }
        return new Player(name, nodeLimit, millis, depth, brain);
    }

    /** "63.5% ± 4.1%": the mean score (a draw is half a point) and 1.96 standard errors. */
    static String score(int[] r) {
        int n = r[0] + r[1] + r[2];
        if (n == 0) {
            return "-";
        }
        double mean = (r[0] + 0.5 * r[1]) / n;
        double var =
                (r[0] * Math.pow(1 - mean, 2) + r[1] * Math.pow(0.5 - mean, 2) + r[2] * mean * mean)
                        / n;
        return String.format("%.1f%% ± %.1f%%", 100 * mean, 196 * Math.sqrt(var / n));
    }

    // The balanced openings of BalancedOpenings, judged by a brain held to a depth (judge.cmd, or
    // else the brain that plays B or A) or, with judge=hard, by HARD's own search of judge.nodes.
    private static List<int[]> balancedOpenings(
            Map<String, String> opts, Rules rules, int count, long seed) {
        int limit =
                Integer.parseInt(
                        opts.getOrDefault(
                                "judge.limit", String.valueOf(BalancedOpenings.DEFAULT_LIMIT)));
        String judgeName = opts.getOrDefault("judge", "brain");
        String command =
                opts.getOrDefault(
                        "judge.cmd", opts.getOrDefault("b.cmd", opts.getOrDefault("a.cmd", "")));
        int depth =
                Integer.parseInt(
                        opts.getOrDefault(
                                "judge.depth", String.valueOf(BalancedOpenings.DEFAULT_DEPTH)));
        long nodes = Long.parseLong(opts.getOrDefault("judge.nodes", "200000"));
        if (judgeName.equals("brain") && command.isEmpty()) {
            throw new IllegalArgumentException("openings=balanced needs judge.cmd= or judge=hard");
        }
        String described =
                judgeName.equals("hard")
                        ? "hard at " + nodes + " nodes"
                        : command + " at depth " + depth;
        List<int[]> kept = new ArrayList<>();
        try (BalancedOpenings.Judge judge =
                judgeName.equals("hard")
                        ? BalancedOpenings.hard(nodes)
                        : BalancedOpenings.brain(command, rules.size(), depth)) {
            BalancedOpenings source = new BalancedOpenings(rules, seed, judge, limit);
            while (kept.size() < count) {
                kept.add(source.next());
            }
            System.out.printf(
                    "%d balanced openings (within ±%d by %s), %d candidates drawn%n",
                    count, limit, described, source.drawn());
        }
        return kept;
    }

    // Two or three stones (or `count`, if not negative) within two cells of the centre.
    private static int[] opening(Rules rules, int count, SplittableRandom random) {
        int stones = count >= 0 ? count : 2 + random.nextInt(2);
        int centre = rules.size() / 2;
        int[] cells = new int[stones];
        for (int i = 0; i < stones; i++) {
            int cell;
            boolean taken;
            do {
                cell = rules.cell(centre + random.nextInt(-2, 3), centre + random.nextInt(-2, 3));
                taken = false;
                for (int j = 0; j < i; j++) {
                    taken |= cells[j] == cell;
                }
            } while (taken || (i == 0 && cell != rules.cell(centre, centre)));
            cells[i] = cell;
        }
        return cells;
    }

    /** Rules from "N:k", e.g. "15:5". */
    private static Rules board(String text) {
        String[] parts = text.split(":");
        if (parts.length != 2) {
            throw new IllegalArgumentException("bad board '" + text + "', use e.g. 15:5");
        }
        return new Rules(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]));
    }
}
