package dev.tictactoe.bench.engine;

import java.util.Arrays;

/** Wall and CPU time of one side's moves in a match. */
final class MoveTimes {

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

    // Mean, 99th percentile and maximum in ms; with a budget, their overrun and the moves that
    // took more than the budget + 10%.
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
                            100 * (p99 / budgetMillis - 1), 100 * (max / budgetMillis - 1), over);
        }
        return text;
    }
}
