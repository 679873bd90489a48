package dev.tictactoe.bench.engine;

import dev.tictactoe.protocol.Seat;
import dev.tictactoe.server.bot.Analysis;
import dev.tictactoe.server.bot.Bot;
import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Rules;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code analysis [from=MATCH_OUTPUT] [games=100] [nodes=Analysis.DEFAULT_NODES]}: the thread CPU
 * time of {@link Analysis} as the server makes it. First {@code games} seeded random 3×3 games (and
 * how many of their positions came out exact), then the {@value #LONGEST} longest games printed in
 * a match's output (its lost games with {@code show=lost}).
 */
final class AnalysisCommand {

    private static final int LONGEST = 10;
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

    private AnalysisCommand() {}

    static void run(Map<String, String> opts, PrintStream out) throws IOException {
        long nodes = Long.parseLong(opts.getOrDefault("nodes", "" + Analysis.DEFAULT_NODES));
        int games = Integer.parseInt(opts.getOrDefault("games", "100"));
        Bot bot = new Bot();
        long worst = 0;
        long total = 0;
        int positions = 0;
        int exact = 0;
        for (int i = 0; i < games; i++) {
            Board game = FingerprintCommand.game(Rules.CLASSIC, i);
            long started = CPU.getCurrentThreadCpuTime();
            Analysis a = Analysis.of(Rules.CLASSIC, game.first(), game.moves(), bot, nodes);
            long used = CPU.getCurrentThreadCpuTime() - started;
            worst = Math.max(worst, used);
            total += used;
            positions += a.positions().size();
            exact += (int) a.positions().stream().filter(Analysis.Step::exact).count();
        }
        out.printf(
                "3x3: %d games, %d of %d positions exact; cpu mean %.1f ms, max %.1f ms%n",
                games, exact, positions, total / 1e6 / Math.max(1, games), worst / 1e6);
        String from = opts.get("from");
        if (from == null) {
            return;
        }
        List<LossAudit.LostGame> played =
                LossAudit.lostGames(Files.readAllLines(Path.of(from)), Rules.GOMOKU).stream()
                        .sorted((a, b) -> b.cells().size() - a.cells().size())
                        .limit(LONGEST)
                        .toList();
        for (LossAudit.LostGame game : played) {
            int[] moves = game.cells().stream().mapToInt(Integer::intValue).toArray();
            long started = CPU.getCurrentThreadCpuTime();
            Analysis.of(Rules.GOMOKU, Seat.X, moves, bot, nodes);
            long used = CPU.getCurrentThreadCpuTime() - started;
            out.printf("%s: %d moves, cpu %.2f s%n", game.header(), moves.length, used / 1e9);
        }
    }
}
