package dev.tictactoe.bench;

import dev.tictactoe.protocol.Durations;
import dev.tictactoe.server.bot.WholeSolve;
import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Rules;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code solve [--limit=10m] [--distance] [--table=23] [NxN:k ...]}: solves whole games from the
 * empty board (X first) and prints each value, node count and time. Without boards it solves 3×3,
 * 4×4 k=3, 4×4 k=4, 5×5 k=4, 6×6 k=4 and 5×5 k=5. Values are win/draw/loss unless {@code
 * --distance} asks for the fastest win (much slower).
 */
final class SolveCommand {

    private static final List<String> DEFAULT_BOARDS =
            List.of("3:3", "4:3", "4:4", "5:4", "6:4", "5:5");

    private SolveCommand() {}

    static void run(String[] args) {
        Duration limit = Duration.ofMinutes(10);
        boolean distance = false;
        int tableBits = 23;
        List<String> boards = new ArrayList<>();
        for (String arg : args) {
            if (arg.startsWith("--limit=")) {
                limit = Durations.parse(arg.substring("--limit=".length()));
            } else if (arg.equals("--distance")) {
                distance = true;
            } else if (arg.startsWith("--table=")) {
                tableBits = Integer.parseInt(arg.substring("--table=".length()));
            } else {
                boards.add(arg);
            }
        }
        if (boards.isEmpty()) {
            boards = DEFAULT_BOARDS;
        }
        System.out.printf(
                "solving %s, limit %s each, %s, table 2^%d buckets%n",
                boards, limit, distance ? "with distances" : "win/draw/loss", tableBits);
        for (String variant : boards) {
            Rules rules = BotPositions.parse(variant);
            String name = rules.size() + "x" + rules.size() + " k=" + rules.winLength();
            WholeSolve.Result r = WholeSolve.solve(new Board(rules), distance, limit, tableBits);
            double seconds = r.time().toNanos() / 1e9;
            System.out.printf(
                    "%-9s %-12s nodes %,15d  time %9.2f s  %,.0f nodes/s%n",
                    name,
                    r.solved() ? firstPlayer(r.value()) : "unknown (limit reached)",
                    r.nodes(),
                    seconds,
                    r.nodes() / Math.max(seconds, 1e-9));
        }
    }

    // The solver speaks for the side to move; at the start that is X.
    private static String firstPlayer(String value) {
        return value.startsWith("win") ? "X " + value : value.startsWith("loss") ? "O wins" : value;
    }
}
