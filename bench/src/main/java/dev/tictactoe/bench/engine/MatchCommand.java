package dev.tictactoe.bench.engine;

import dev.tictactoe.protocol.Seat;
import dev.tictactoe.server.bot.Bot;
import dev.tictactoe.server.bot.BotMove;
import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Rules;

import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * {@code match [board=15:5] [a=hard] [b=baseline] [games=100] [nodes=N | ms=200] [seed=1]
 * [stones=N]}: plays two engines against each other from seeded openings (two or three stones near
 * the centre, or {@code stones} of them; 0 starts on the empty board, where the seeded choice among
 * equal moves varies the games), each opening twice with the colours swapped, and prints A's score
 * with a 95% error. Engines ({@link MatchPlayer}): easy, medium, hard and perfect of this build, in
 * process; {@code brain}, any outside Gomocup engine run as a process ({@code
 * b.cmd=/path/to/pbrain-x}, limited by {@code b.depth=}, {@code b.nodes=} or {@code b.ms=}; see
 * {@link PiskvorkBrain}); and {@code baseline}, the engine of a git tag ({@code b.tag=}, by default
 * {@value MatchPlayer#DEFAULT_TAG}) played the same way from the jar {@code bench/baseline.sh}
 * builds. With {@code nodes} every move gets that node budget and the match replays exactly; with
 * {@code ms} the clock decides. {@code a.nodes=}, {@code b.ms=} and the like set one side only.
 * {@code show=lost} (or {@code all}) prints the moves and final board of every game A lost (or of
 * every game). At the end each side's thinking time is summed up: mean, 99th percentile and maximum
 * of the wall and the thread's CPU time per move, and with a clock how far p99 and the maximum run
 * over the budget; a move over the budget + 10% is printed as it happens, with the page faults its
 * thread took, the collections meanwhile, the time it ended and the position. A brain that gives no
 * answer within {@code b.timeout=} ms (by default {@link PiskvorkBrain#DEFAULT_REPLY_TIMEOUT}, or
 * ten times its time per move if that is longer), exits or reports an error is killed and asked the
 * same position again from a fresh process; failing twice on one move loses it the game.
 *
 * <p>{@code openings=balanced} starts from {@link BalancedOpenings} instead (3 to 5 stones, kept
 * when {@code judge.cmd=} held to {@code judge.depth=} rates them within ± {@code judge.limit=};
 * the judge defaults to B's or A's brain, or {@code judge=hard judge.nodes=N} uses HARD's search),
 * and turns the in-process HARD's opening book off unless {@code book=on}. {@code openings.file=F}
 * keeps the judged openings in F (with the seed, limit and judge on its first line) and reads them
 * from there the next time, so the matches of one seed judge its openings once.
 */
final class MatchCommand {

    /** A's wins, the draws and B's wins, and how many games a brain lost by failing. */
    record Result(int aWins, int draws, int bWins, int brainFailures) {}

    private MatchCommand() {}

    static Result run(String... args) {
        Map<String, String> opts = Notation.options(args);
        Rules rules = Notation.rules(opts.getOrDefault("board", "15:5"));
        int games = Integer.parseInt(opts.getOrDefault("games", "100"));
        long seed = Long.parseLong(opts.getOrDefault("seed", "1"));
        String show = opts.getOrDefault("show", "none");
        boolean balanced = opts.getOrDefault("openings", "random").equals("balanced");
        boolean book = opts.getOrDefault("book", balanced ? "off" : "on").equals("on");
        int stones = Integer.parseInt(opts.getOrDefault("stones", "-1"));
        MatchPlayer a = MatchPlayer.of(opts, "a", "hard", rules);
        MatchPlayer b = MatchPlayer.of(opts, "b", "baseline", rules);
        System.out.printf(
                "match on %dx%d k=%d: A = %s, B = %s, %d games%n",
                rules.size(), rules.size(), rules.winLength(), a, b, games);
        List<int[]> kept = balanced ? balancedOpenings(opts, rules, (games + 1) / 2, seed) : null;
        System.out.println("hard's opening book in process " + (book ? "on" : "off"));
        Bot bot = new Bot(book);
        int[] result = new int[3]; // A wins, draws, B wins
        int aWinsAsX = 0;
        int failures = 0;
        MoveTimes[] times = {new MoveTimes(), new MoveTimes()};
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        SplittableRandom openings = new SplittableRandom(seed);
        int[] opening = new int[0];
        for (int game = 0; game < games; game++) {
            if (game % 2 == 0) {
                opening = kept != null ? kept.get(game / 2) : opening(rules, stones, openings);
            }
            boolean aIsX = game % 2 == 0;
            Board board = Notation.replay(rules, opening);
            Seat failed = null; // the side whose brain failed, which loses the game
            String failure = null;
            for (boolean isA : new boolean[] {true, false}) {
                PiskvorkBrain brain = (isA ? a : b).brain();
                if (brain != null && failed == null) {
                    try {
                        brain.restart();
                    } catch (PiskvorkBrain.Failure e) {
                        failed = isA == aIsX ? Seat.X : Seat.O;
                        failure = e.getMessage();
                    }
                }
            }
            while (failed == null && !board.isOver()) {
                boolean aMoves = (board.toMove() == Seat.X) == aIsX;
                MatchPlayer p = aMoves ? a : b;
                // Read before the clocks start, so the move's time does not include reading them.
                long faults = minorFaults();
                long collections = collections();
                long cpu = threads.getCurrentThreadCpuTime();
                long start = System.nanoTime();
                long moveSeed = seed * 1_000_003 + game * 1009L + board.moveCount();
                BotMove m;
                try {
                    m = p.move(bot, board, moveSeed);
                } catch (PiskvorkBrain.Failure e) {
                    // Each move sends the whole position: a fresh process is asked it once more,
                    // so a brain's rare hang does not decide a game.
                    System.out.printf(
                            "game %d: %s failed at move %d, asked again afresh: %s%n",
                            game + 1, aMoves ? "A" : "B", board.moveCount() + 1, e.getMessage());
                    try {
                        Objects.requireNonNull(p.brain()).restart();
                        m = p.move(bot, board, moveSeed);
                    } catch (PiskvorkBrain.Failure again) {
                        failed = board.toMove();
                        failure = again.getMessage();
                        break;
                    }
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
                            Notation.moveList(board));
                }
                board.play(m.cell());
            }
            if (failed != null) {
                failures++;
                System.out.printf(
                        "game %d: %s as %s failed after %d moves, scored as a loss: %s%n",
                        game + 1,
                        (failed == Seat.X) == aIsX ? "A" : "B",
                        failed,
                        board.moveCount(),
                        failure);
            }
            Seat winner = failed != null ? failed.opponent() : board.winner();
            boolean aLost = winner != null && (winner == Seat.X) != aIsX;
            if (show.equals("all") || (show.equals("lost") && aLost)) {
                System.out.printf(
                        "game %d, A is %s, %s: %s%n%s%n",
                        game + 1,
                        aIsX ? "X" : "O",
                        winner == null ? "draw" : winner + " wins",
                        Notation.moveList(board),
                        board);
            }
            if (winner == null) {
                result[1]++;
            } else if ((winner == Seat.X) == aIsX) {
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
        a.close();
        b.close();
        return new Result(result[0], result[1], result[2], failures);
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
        String header = String.format("# seed %d, within ±%d by %s", seed, limit, described);
        @Nullable Path file =
                opts.containsKey("openings.file") ? Path.of(opts.get("openings.file")) : null;
        List<int[]> cached = file != null ? BalancedOpenings.saved(file, header, rules) : List.of();
        if (cached.size() >= count) {
            System.out.printf("%d balanced openings from %s (%s)%n", count, file, header);
            return cached.subList(0, count);
        }
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
        if (file != null) {
            BalancedOpenings.save(file, header, rules, kept);
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
}
