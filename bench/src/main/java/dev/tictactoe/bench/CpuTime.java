package dev.tictactoe.bench;

import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Rules;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntToLongFunction;

/**
 * Play + win check + undo timed by the thread's CPU clock, for both representations of {@link
 * WinCheckBenchmark}. JMH measures wall-clock time, which on a machine shared with other work
 * counts the time the thread waits for a core; CPU time does not, so this stays comparable from run
 * to run. Same positions and cells as the JMH benchmarks. Arguments: variants as {@code N:k}
 * (default 3:3 7:4 15:5 19:5).
 */
final class CpuTime {
    private static final int CYCLE = 256;
    private static final int OPS = 10_000_000;
    private static final int ROUNDS = 5;

    private CpuTime() {}

    static void run(String[] args) {
        List<String> variants =
                args.length > 0 ? List.of(args) : List.of("3:3", "7:4", "15:5", "19:5");
        System.out.printf("%-8s %14s %14s%n", "variant", "lines ns/op", "padded ns/op");
        for (String variant : variants) {
            Rules rules = EngineBenchmark.parse(variant);
            Board board = EngineBenchmark.position(rules, rules.size() == 3 ? 4 : 12, 42);
            PaddedBoard padded = new PaddedBoard(rules);
            for (int move : board.moves()) {
                padded.play(move);
            }
            int[] cells = new int[CYCLE];
            EngineBenchmark.fillCycle(board, cells, 42);
            double lines = median(round -> lines(board, cells));
            double paddedTime = median(round -> padded(padded, cells));
            System.out.printf("%-8s %14.1f %14.1f%n", variant, lines, paddedTime);
        }
    }

    /** Median over rounds (after one to warm up) of CPU nanoseconds per operation. */
    private static double median(IntToLongFunction round) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        double[] perOp = new double[ROUNDS];
        long sink = 0;
        for (int i = -1; i < ROUNDS; i++) {
            long start = threads.getCurrentThreadCpuTime();
            sink += round.applyAsLong(i);
            long end = threads.getCurrentThreadCpuTime();
            if (i >= 0) {
                perOp[i] = (end - start) / (double) OPS;
            }
        }
        if (sink == 42) {
            System.out.print(""); // keeps the results alive
        }
        Arrays.sort(perOp);
        return perOp[ROUNDS / 2];
    }

    // One loop per representation, so that each call site sees one class and inlines it.

    private static long lines(Board board, int[] cells) {
        long wins = 0;
        for (int i = 0; i < OPS; i++) {
            wins += board.play(cells[i & (CYCLE - 1)]) ? 1 : 0;
            board.undo();
        }
        return wins;
    }

    private static long padded(PaddedBoard board, int[] cells) {
        long wins = 0;
        for (int i = 0; i < OPS; i++) {
            wins += board.play(cells[i & (CYCLE - 1)]) ? 1 : 0;
            board.undo();
        }
        return wins;
    }
}
