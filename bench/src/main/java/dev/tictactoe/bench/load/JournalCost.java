package dev.tictactoe.bench.load;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * What the journal costs a move, measured from outside on the real server: the same paced load (two
 * players a room, loopback) against a fresh server process with {@code --data-dir none}, with the
 * default group commit, and with an fsync per change. Prints, per mode, the server's CPU per move
 * (the room loop, the journal's writer and everything else the process did, over the moves played)
 * and the move latency an opponent sees, each with its difference from no journal. Modes take turns
 * for {@code rounds} rounds and the median round is shown, so a slow spell of a shared machine does
 * not land on one mode only. With {@code taskset} and two CPUs or more the server runs on CPU 0 and
 * this generator on CPU 1.
 *
 * <p>Where {@code /proc} is there, the server's CPU is also split by thread: the event loops (rooms
 * and sockets: what journaling adds there is the room's own cost), the store's writer, and the
 * rest.
 *
 * <p>Arguments: {@code [seconds] [rooms] [think ms] [rounds] [directory]}, default {@code 20 200
 * 100 3 target/journal-cost}: 200 rooms whose players move after 50..150 ms, about 2,000 moves/s,
 * each run after 15 s of unmeasured play. The directory holds the data directories and should be on
 * the disk the server will use.
 */
public final class JournalCost {

    /** Played before each measured window: long enough for the JIT to have compiled the server. */
    private static final Duration WARMUP = Duration.ofSeconds(15);

    private static final List<String> MODES = List.of("none", "group", "fsync");

    private JournalCost() {}

    /**
     * One mode's run: server CPU per move, split by threads where {@code /proc} tells (µs per move
     * by {@link ThreadCpu} group), and latency percentiles in microseconds.
     */
    record Run(
            String mode,
            double cpuMicros,
            Map<String, Double> byThreads,
            double p50,
            double p99,
            long moves,
            long errors) {}

    public static void run(String[] args) throws Exception {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        int rooms = args.length > 1 ? Integer.parseInt(args[1]) : 200;
        int think = args.length > 2 ? Integer.parseInt(args[2]) : 100;
        int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 3;
        Path base = Path.of(args.length > 4 ? args[4] : "target/journal-cost").toAbsolutePath();
        if (seconds < 1
                || seconds > 600
                || rooms < 1
                || rooms > 10_000
                || think < 0
                || rounds < 1
                || rounds > 9) {
            throw new IllegalArgumentException(
                    "seconds 1..600, rooms 1..10000, think >= 0, rounds 1..9");
        }
        Files.createDirectories(base);
        PrintStream out = System.out;
        int cpus = Runtime.getRuntime().availableProcessors();
        boolean pinned = pinSelf();
        out.printf(
                Locale.ROOT,
                "journal cost: %d rooms, think %d ms, %s warmup + %d s measured, %d rounds, data in"
                        + " %s (%s)%n",
                rooms,
                think,
                WARMUP.toSeconds(),
                seconds,
                rounds,
                base,
                Files.getFileStore(base).type());
        out.printf(
                Locale.ROOT,
                "%d CPUs, %s; load average %s%n",
                cpus,
                pinned ? "server on CPU 0, generator on CPU 1" : "not pinned",
                loadAverage());
        Map<String, List<Run>> runs = new LinkedHashMap<>();
        for (int round = 1; round <= rounds; round++) {
            for (String mode : MODES) {
                Run r = once(mode, base, rooms, think, seconds, pinned);
                System.err.printf(
                        Locale.ROOT,
                        "round %d %-6s %7.1f µs/move (loops %s, writer %s, other %s) "
                                + " p50 %6.0f µs  p99 %7.0f µs  %d moves%s%n",
                        round,
                        mode,
                        r.cpuMicros(),
                        part(r, ThreadCpu.LOOPS),
                        part(r, ThreadCpu.WRITER),
                        part(r, ThreadCpu.OTHER),
                        r.p50(),
                        r.p99(),
                        r.moves(),
                        r.errors() == 0 ? "" : ", " + r.errors() + " errors");
                runs.computeIfAbsent(mode, m -> new ArrayList<>()).add(r);
            }
        }
        print(out, runs);
    }

    static void print(PrintStream out, Map<String, List<Run>> runs) {
        Run none = median(runs.getOrDefault("none", List.of()));
        out.printf(
                Locale.ROOT,
                "%-22s %12s %10s %9s %9s %9s %9s %9s %10s %10s%n",
                "mode",
                "CPU µs/move",
                "+ vs none",
                "loops",
                "writer",
                "other",
                "p50 µs",
                "p99 µs",
                "+ p50 µs",
                "+ p99 µs");
        for (var e : runs.entrySet()) {
            Run r = median(e.getValue());
            out.printf(
                    Locale.ROOT,
                    "%-22s %12.1f %10s %9s %9s %9s %9.0f %9.0f %10s %10s%n",
                    label(e.getKey()),
                    r.cpuMicros(),
                    delta(r.cpuMicros() - none.cpuMicros(), "%+.1f"),
                    part(r, ThreadCpu.LOOPS),
                    part(r, ThreadCpu.WRITER),
                    part(r, ThreadCpu.OTHER),
                    r.p50(),
                    r.p99(),
                    delta(r.p50() - none.p50(), "%+.0f"),
                    delta(r.p99() - none.p99(), "%+.0f"));
        }
        out.println(
                "CPU µs/move is the server process over the measured window; loops (rooms and"
                        + " sockets), writer (the store's thread) and other (JIT, GC) split it by"
                        + " thread.");
    }

    private static String part(Run r, String group) {
        Double micros = r.byThreads().get(group);
        return micros == null ? "-" : String.format(Locale.ROOT, "%.1f", micros);
    }

    private static String label(String mode) {
        return switch (mode) {
            case "none" -> "--data-dir none";
            case "group" -> "journal, group (default)";
            default -> "journal, fsync each";
        };
    }

    private static String delta(double value, String format) {
        return String.format(Locale.ROOT, format, value);
    }

    /** The run with the median CPU per move, each figure from that one run. */
    static Run median(List<Run> runs) {
        List<Run> sorted = new ArrayList<>(runs);
        sorted.sort(Comparator.comparingDouble(Run::cpuMicros));
        return sorted.get(sorted.size() / 2);
    }

    private static Run once(
            String mode, Path base, int rooms, int think, int seconds, boolean pinned)
            throws Exception {
        Path data = Files.createTempDirectory(base, mode);
        List<String> flags =
                List.of(
                        "--worker-threads",
                        "1",
                        "--messages-per-second",
                        "1000000",
                        "--message-burst",
                        "1000000",
                        "--data-dir",
                        mode.equals("none") ? "none" : data.toString(),
                        "--durability",
                        mode.equals("none") ? "group" : mode);
        try (ServerProcess server =
                ServerProcess.start(
                        flags, pinned, data.resolveSibling(data.getFileName() + ".log"))) {
            LoadSettings settings =
                    new LoadSettings(
                            server.target(),
                            false,
                            rooms,
                            Duration.ofSeconds(seconds),
                            0,
                            WARMUP,
                            Duration.ofMillis(think),
                            0,
                            1,
                            3,
                            3,
                            1,
                            20_000,
                            Duration.ZERO,
                            mode);
            long pid = server.pid();
            List<Map<String, Long>> samples = new ArrayList<>();
            LoadResult r =
                    new LoadRun(settings, new PrintStream(PrintStream.nullOutputStream()))
                            .atWindow(
                                    () -> samples.add(ThreadCpu.of(pid)),
                                    () -> samples.add(ThreadCpu.of(pid)))
                            .play();
            Map<String, Double> byThreads = new LinkedHashMap<>();
            if (samples.size() == 2
                    && !samples.get(0).isEmpty()
                    && !samples.get(1).isEmpty()
                    && r.moves() > 0) {
                ThreadCpu.minus(samples.get(1), samples.get(0))
                        .forEach((group, nanos) -> byThreads.put(group, nanos / 1e3 / r.moves()));
            }
            return new Run(
                    mode,
                    r.serverCpuMicrosPerMove(),
                    byThreads,
                    r.latency().p50(),
                    r.latency().p99(),
                    r.moves(),
                    r.errors() + r.unexpectedCloses() + r.setupFailures());
        } finally {
            delete(data);
        }
    }

    /** Pins this process (every thread) to CPU 1 when taskset is there and there are two CPUs. */
    private static boolean pinSelf() {
        if (Runtime.getRuntime().availableProcessors() < 2) {
            return false;
        }
        try {
            Process p =
                    new ProcessBuilder(
                                    "taskset",
                                    "-a",
                                    "-p",
                                    "-c",
                                    "1",
                                    String.valueOf(ProcessHandle.current().pid()))
                            .redirectErrorStream(true)
                            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                            .start();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    private static String loadAverage() {
        try {
            return String.join(
                    " ",
                    Arrays.copyOf(Files.readString(Path.of("/proc/loadavg")).trim().split(" "), 3));
        } catch (IOException e) {
            return "unknown";
        }
    }

    private static void delete(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
