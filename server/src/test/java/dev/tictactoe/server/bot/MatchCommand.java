package dev.tictactoe.server.bot;

import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Boards;
import dev.tictactoe.server.game.Mark;
import dev.tictactoe.server.game.Rules;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * {@code match [board=15:5] [a=hard] [b=legacy] [games=100] [nodes=N | ms=200] [seed=1]}: plays two
 * engine configurations against each other from seeded openings (two or three stones near the
 * centre), each opening twice with the colours swapped, and prints A's score with a 95% error.
 * Engines: easy, medium, hard, perfect, legacy (HARD as it was before the pattern engine). With
 * {@code nodes} every move gets that node budget and the match replays exactly; with {@code ms} the
 * clock decides. {@code a.nodes=}, {@code b.ms=} and the like set one side only.
 */
final class MatchCommand {

    /** One side of the match: an engine and its budget. */
    private record Player(String engine, long nodes, long millis) {

        BotMove move(Bot bot, LegacyHard legacy, Board board, long seed) {
            if (engine.equals("legacy")) {
                long deadline = millis > 0 ? System.nanoTime() + millis * 900_000 : Long.MAX_VALUE;
                return legacy.choose(board, deadline, nodes > 0 ? nodes : Long.MAX_VALUE, seed);
            }
            Level level = Level.parse(engine);
            return nodes > 0
                    ? bot.chooseWithNodes(board, level, nodes, seed)
                    : bot.choose(board, level, java.time.Duration.ofMillis(millis), seed);
        }

        @Override
        public String toString() {
            return engine + (nodes > 0 ? " (" + nodes + " nodes)" : " (" + millis + " ms)");
        }
    }

    private MatchCommand() {}

    public static void main(String[] args) {
        run(args);
    }

    static void run(String[] args) {
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
        Player a = player(opts, "a", "hard");
        Player b = player(opts, "b", "legacy");
        System.out.printf(
                "match on %dx%d k=%d: A = %s, B = %s, %d games%n",
                rules.size(), rules.size(), rules.winLength(), a, b, games);
        Bot bot = new Bot();
        LegacyHard legacy = new LegacyHard();
        int[] result = new int[3]; // A wins, draws, B wins
        int aWinsAsX = 0;
        long[] time = new long[2];
        int[] moves = new int[2];
        int[] overruns = new int[2];
        SplittableRandom openings = new SplittableRandom(seed);
        int[] opening = null;
        for (int game = 0; game < games; game++) {
            if (game % 2 == 0) {
                opening = opening(rules, openings);
            }
            boolean aIsX = game % 2 == 0;
            Board board = Boards.replay(rules, Mark.X, opening);
            while (!board.isOver()) {
                boolean aMoves = (board.toMove() == Mark.X) == aIsX;
                Player p = aMoves ? a : b;
                long start = System.nanoTime();
                BotMove m =
                        p.move(
                                bot,
                                legacy,
                                board,
                                seed * 1_000_003 + game * 1009L + board.moveCount());
                long took = System.nanoTime() - start;
                int side = aMoves ? 0 : 1;
                time[side] += took;
                moves[side]++;
                if (p.millis() > 0 && took > p.millis() * 1_100_000) {
                    overruns[side]++;
                }
                board.play(m.cell());
            }
            Mark winner = board.winner();
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
        System.out.printf(
                "mean move: A %.1f ms, B %.1f ms; moves over budget+10%%: A %d, B %d%n",
                time[0] / 1e6 / Math.max(1, moves[0]),
                time[1] / 1e6 / Math.max(1, moves[1]),
                overruns[0],
                overruns[1]);
    }

    private static Player player(Map<String, String> opts, String side, String engine) {
        String nodes = opts.getOrDefault(side + ".nodes", opts.get("nodes"));
        String ms = opts.getOrDefault(side + ".ms", opts.getOrDefault("ms", "200"));
        return new Player(
                opts.getOrDefault(side, engine),
                nodes == null ? 0 : Long.parseLong(nodes),
                nodes == null ? Long.parseLong(ms) : 0);
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

    // Two or three stones within two cells of the centre.
    private static int[] opening(Rules rules, SplittableRandom random) {
        int stones = 2 + random.nextInt(2);
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
