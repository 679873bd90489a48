package dev.tictactoe.bench.load;

import org.HdrHistogram.Histogram;

/** Percentiles of move latency in microseconds, from a histogram of nanoseconds. */
record LatencySummary(
        long count, double mean, double p50, double p90, double p99, double p999, double max) {

    static LatencySummary of(Histogram nanos) {
        if (nanos.getTotalCount() == 0) {
            return new LatencySummary(
                    0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
        return new LatencySummary(
                nanos.getTotalCount(),
                nanos.getMean() / 1e3,
                micros(nanos, 50),
                micros(nanos, 90),
                micros(nanos, 99),
                micros(nanos, 99.9),
                nanos.getMaxValue() / 1e3);
    }

    private static double micros(Histogram nanos, double percentile) {
        return nanos.getValueAtPercentile(percentile) / 1e3;
    }
}
