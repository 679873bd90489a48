package dev.tictactoe.bench.load;

/** The arithmetic of a report, kept apart so it is tested on its own. NaN means "not measured". */
final class Rates {

    private Rates() {}

    /** Events per second over {@code nanos}. */
    static double perSecond(long count, long nanos) {
        return nanos <= 0 ? Double.NaN : count * 1e9 / nanos;
    }

    /** CPU time spent between two readings, per move, in microseconds. */
    static double cpuMicrosPerMove(long cpuNanosBefore, long cpuNanosAfter, long moves) {
        if (cpuNanosBefore < 0 || cpuNanosAfter < cpuNanosBefore || moves <= 0) {
            return Double.NaN;
        }
        return (cpuNanosAfter - cpuNanosBefore) / 1e3 / moves;
    }

    /** CPU time as a share of wall time: 1.0 is one core kept busy. */
    static double utilization(long cpuNanosBefore, long cpuNanosAfter, long wallNanos) {
        if (cpuNanosBefore < 0 || cpuNanosAfter < cpuNanosBefore || wallNanos <= 0) {
            return Double.NaN;
        }
        return (double) (cpuNanosAfter - cpuNanosBefore) / wallNanos;
    }

    /** What each connection added, from readings before and after opening them. */
    static double perConnection(long before, long after, long connections) {
        if (before < 0 || after < 0 || connections <= 0) {
            return Double.NaN;
        }
        return (double) (after - before) / connections;
    }

    /** ours / baseline, NaN when either is unknown or the baseline is zero. */
    static double ratio(double ours, double baseline) {
        if (Double.isNaN(ours) || Double.isNaN(baseline) || baseline == 0) {
            return Double.NaN;
        }
        return ours / baseline;
    }
}
