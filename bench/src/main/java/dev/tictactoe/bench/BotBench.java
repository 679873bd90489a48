package dev.tictactoe.bench;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.server.bot.Bot;
import dev.tictactoe.server.bot.BotMove;
import dev.tictactoe.server.bot.FixedDepth;
import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Rules;
import dev.tictactoe.server.room.RegistrySettings;

import java.util.List;

/**
 * {@code botbench [rounds]}: HARD searched to a fixed depth on fixed seeded positions. Node counts
 * are deterministic, so their signature changes exactly when the search's behaviour does; the nodes
 * per second measure its speed (best of the rounds, after one warm-up round). Then HARD and PERFECT
 * with the default 200 ms budget on 15×15 to show how close they keep to it.
 */
final class BotBench {

    /** A benchmark position: variant, stones on it, seed, search depth. */
    private record Case(String variant, int stones, long seed, int depth) {}

    private static final List<Case> CASES =
            List.of(
                    new Case("7:4", 8, 1, 6),
                    new Case("7:4", 14, 2, 6),
                    new Case("9:5", 10, 3, 5),
                    new Case("9:5", 16, 4, 5),
                    new Case("15:5", 6, 5, 5),
                    new Case("15:5", 12, 6, 5),
                    new Case("15:5", 20, 7, 5),
                    new Case("19:5", 14, 8, 4));

    private BotBench() {}

    static void run(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        Bot bot = new Bot();
        long signature = 17;
        long totalNodes = 0;
        double totalSeconds = 0;
        System.out.printf(
                "%-6s %6s %5s %5s %6s %12s %14s %10s %12s%n",
                "board", "stones", "seed", "depth", "move", "score", "nodes", "ms", "nodes/s");
        for (Case c : CASES) {
            Board board = BotPositions.near(BotPositions.parse(c.variant()), c.stones(), c.seed());
            BotMove move = FixedDepth.search(bot, board, c.depth(), c.seed()); // warm-up
            long best = Long.MAX_VALUE;
            for (int i = 0; i < rounds; i++) {
                long start = System.nanoTime();
                BotMove again = FixedDepth.search(bot, board, c.depth(), c.seed());
                best = Math.min(best, System.nanoTime() - start);
                if (!again.equals(move)) {
                    throw new IllegalStateException(
                            "not deterministic: " + move + " then " + again);
                }
            }
            signature = signature * 31 + move.nodes() * 1_000 + move.cell();
            totalNodes += move.nodes();
            totalSeconds += best / 1e9;
            System.out.printf(
                    "%-6s %6d %5d %5d %6d %12d %,14d %10.1f %,12.0f%n",
                    c.variant(),
                    c.stones(),
                    c.seed(),
                    c.depth(),
                    move.cell(),
                    move.score(),
                    move.nodes(),
                    best / 1e6,
                    move.nodes() / (best / 1e9));
        }
        System.out.printf(
                "total nodes %,d, %,.0f nodes/s, signature %016x%n",
                totalNodes, totalNodes / totalSeconds, signature);
        budget(bot, BotLevel.HARD);
        budget(bot, BotLevel.PERFECT);
    }

    // Wall time of moves with the default budget: the worst must stay within budget + 10%.
    private static void budget(Bot bot, BotLevel level) {
        long worst = 0;
        long sum = 0;
        int moves = 0;
        int minDepth = Integer.MAX_VALUE;
        for (long seed = 0; seed < 10; seed++) {
            Board board = BotPositions.near(new Rules(15, 5), 4 + 2 * (int) seed, 100 + seed);
            long start = System.nanoTime();
            BotMove move = bot.choose(board, level, RegistrySettings.DEFAULT_BOT_BUDGET, seed);
            long elapsed = System.nanoTime() - start;
            if (seed > 0) { // the first one warms up
                worst = Math.max(worst, elapsed);
                sum += elapsed;
                moves++;
                minDepth = Math.min(minDepth, move.depth());
            }
        }
        long budget = RegistrySettings.DEFAULT_BOT_BUDGET.toNanos();
        System.out.printf(
                "%s on 15x15 k=5 with a %d ms budget: mean %.1f ms, worst %.1f ms (%+.1f%% of"
                        + " budget), shallowest depth %d%n",
                level,
                budget / 1_000_000,
                sum / 1e6 / moves,
                worst / 1e6,
                100.0 * (worst - budget) / budget,
                minDepth);
    }
}
