package dev.tictactoe.bench.load;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Locale;
import java.util.Map;

/** The outcome of a timed run: throughput, latency, failures and CPU per move. */
record LoadResult(
        String label,
        String mode,
        String target,
        int rooms,
        long thinkMillis,
        double warmupSeconds,
        double seconds,
        long moves,
        LatencySummary latency,
        long errors,
        Map<String, Long> errorsByCode,
        long unexpectedCloses,
        long reconnects,
        long resyncs,
        long gamesStarted,
        long gamesCompleted,
        long gamesUnfinished,
        int setupFailures,
        long serverCpuNanos,
        long clientCpuNanos) {

    double movesPerSecond() {
        return Rates.perSecond(moves, (long) (seconds * 1e9));
    }

    double serverCpuMicrosPerMove() {
        return serverCpuNanos < 0 ? Double.NaN : Rates.cpuMicrosPerMove(0, serverCpuNanos, moves);
    }

    /**
     * Moves one fully busy core of the target would carry at this CPU cost: the CPU-bound ceiling.
     */
    double serverMovesPerCoreSecond() {
        double micros = serverCpuMicrosPerMove();
        return Double.isNaN(micros) || micros <= 0 ? Double.NaN : 1e6 / micros;
    }

    double serverCpuUtilization() {
        return serverCpuNanos < 0
                ? Double.NaN
                : Rates.utilization(0, serverCpuNanos, (long) (seconds * 1e9));
    }

    double clientCpuMicrosPerMove() {
        return clientCpuNanos < 0 ? Double.NaN : Rates.cpuMicrosPerMove(0, clientCpuNanos, moves);
    }

    double clientCpuUtilization() {
        return clientCpuNanos < 0
                ? Double.NaN
                : Rates.utilization(0, clientCpuNanos, (long) (seconds * 1e9));
    }

    ObjectNode toJson() {
        ObjectNode n = Json.object();
        n.put("kind", "load");
        n.put("label", label);
        n.put("mode", mode);
        n.put("target", target);
        n.put("rooms", rooms);
        n.put("thinkMillis", thinkMillis);
        Json.put(n, "warmupSeconds", warmupSeconds);
        Json.put(n, "seconds", seconds);
        n.put("moves", moves);
        Json.put(n, "movesPerSecond", movesPerSecond());
        ObjectNode l = n.putObject("latencyMicros");
        l.put("count", latency.count());
        Json.put(l, "mean", latency.mean());
        Json.put(l, "p50", latency.p50());
        Json.put(l, "p90", latency.p90());
        Json.put(l, "p99", latency.p99());
        Json.put(l, "p999", latency.p999());
        Json.put(l, "max", latency.max());
        n.put("errors", errors);
        ObjectNode codes = n.putObject("errorsByCode");
        errorsByCode.forEach(codes::put);
        n.put("unexpectedCloses", unexpectedCloses);
        n.put("reconnects", reconnects);
        n.put("resyncs", resyncs);
        n.put("gamesStarted", gamesStarted);
        n.put("gamesCompleted", gamesCompleted);
        n.put("gamesUnfinished", gamesUnfinished);
        n.put("setupFailures", setupFailures);
        Json.put(n, "serverCpuMicrosPerMove", serverCpuMicrosPerMove());
        Json.put(n, "serverCpuUtilization", serverCpuUtilization());
        Json.put(n, "serverMovesPerCoreSecond", serverMovesPerCoreSecond());
        Json.put(n, "clientCpuMicrosPerMove", clientCpuMicrosPerMove());
        Json.put(n, "clientCpuUtilization", clientCpuUtilization());
        return n;
    }

    String table() {
        StringBuilder sb = new StringBuilder();
        row(sb, "target", mode + " at " + target + (label == null ? "" : " (" + label + ")"));
        row(sb, "rooms", rooms + " (" + 2 * rooms + " connections), think " + thinkMillis + " ms");
        row(sb, "measured", f("%.1f s after %.1f s of warmup", seconds, warmupSeconds));
        row(sb, "moves", f("%d (%.1f moves/s)", moves, movesPerSecond()));
        row(
                sb,
                "latency",
                f(
                        "p50 %s  p90 %s  p99 %s  p99.9 %s  max %s",
                        us(latency.p50()),
                        us(latency.p90()),
                        us(latency.p99()),
                        us(latency.p999()),
                        us(latency.max())));
        row(
                sb,
                "server CPU",
                f(
                        "%.1f µs/move, %.0f%% of a core (a core would carry %.0f moves/s)",
                        serverCpuMicrosPerMove(),
                        100 * serverCpuUtilization(),
                        serverMovesPerCoreSecond()));
        row(
                sb,
                "client CPU",
                f(
                        "%.1f µs/move, %.0f%% of a core",
                        clientCpuMicrosPerMove(), 100 * clientCpuUtilization()));
        row(
                sb,
                "games",
                f(
                        "%d started, %d completed, %d unfinished",
                        gamesStarted, gamesCompleted, gamesUnfinished));
        row(sb, "errors", errors + (errorsByCode.isEmpty() ? "" : " " + errorsByCode));
        row(
                sb,
                "closes",
                f(
                        "%d unexpected, %d reconnects, %d resyncs, %d rooms failed to set up",
                        unexpectedCloses, reconnects, resyncs, setupFailures));
        return sb.toString();
    }

    static String us(double micros) {
        if (Double.isNaN(micros)) {
            return "-";
        }
        return micros >= 10_000 ? f("%.1f ms", micros / 1000) : f("%.0f µs", micros);
    }

    static void row(StringBuilder sb, String name, String value) {
        sb.append(String.format(Locale.ROOT, "%-12s %s%n", name, value));
    }

    static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
