package dev.tictactoe.bench;

import dev.tictactoe.server.store.AppendResult;
import dev.tictactoe.server.store.DurabilityPolicy;
import dev.tictactoe.server.store.Store;
import dev.tictactoe.server.store.StoreSettings;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;

/**
 * The cost of storing a room's command, per durability policy, against not storing it at all:
 * process CPU per record over a burst (the appending thread and the writer together), and, at a
 * paced rate, the time from handing a command to the store to hearing it committed (under {@code
 * fsync}, the wait a move's broadcast has); then the writer thread's CPU a move under a server's
 * mix of commands, finished games and checkpoints at that rate. Arguments: {@code [records]
 * [rate/s] [seconds] [directory]}, default 200000 2000 3 target/store-bench. The directory should
 * be on the disk the server will use: fsync costs what that device makes it cost.
 */
final class StoreBench {

    /** A move's record as a room encodes it: format, kind, two instants, seat, cell, move id. */
    private static final byte[] PAYLOAD = new byte[32];

    private static final String[] ROOMS = new String[1000];

    static {
        for (int i = 0; i < ROOMS.length; i++) {
            ROOMS[i] = String.format("R%05d", i);
        }
    }

    private StoreBench() {}

    static void run(String[] args) throws Exception {
        int records = args.length > 0 ? Integer.parseInt(args[0]) : 200_000;
        int rate = args.length > 1 ? Integer.parseInt(args[1]) : 2_000;
        int seconds = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        Path base = Path.of(args.length > 3 ? args[3] : "target/store-bench");
        Files.createDirectories(base);
        System.out.printf(
                "store bench: %d records burst, %d/s for %d s paced, %d-byte payload, in %s"
                        + " (%s)%n",
                records,
                rate,
                seconds,
                PAYLOAD.length,
                base.toAbsolutePath(),
                Files.getFileStore(base).type());
        System.out.printf(
                "%-16s %12s %14s %12s %12s %12s %12s%n",
                "policy",
                "CPU µs/rec",
                "burst rec/s",
                "commit p50",
                "p99 (µs)",
                "max (µs)",
                "mix µs/move");
        baseline(records);
        for (DurabilityPolicy policy :
                List.of(
                        DurabilityPolicy.NONE,
                        DurabilityPolicy.DEFAULT,
                        DurabilityPolicy.FSYNC_EACH)) {
            Path dir = Files.createTempDirectory(base, "run");
            try {
                measure(policy, dir, records, rate, seconds);
            } finally {
                delete(dir);
            }
        }
    }

    /** No journal: building the records and nothing else. */
    private static void baseline(int records) {
        long cpu = cpu();
        long start = System.nanoTime();
        long sink = 0;
        for (int i = 0; i < records; i++) {
            sink += ROOMS[i % ROOMS.length].length() + PAYLOAD.length + i;
        }
        long wall = System.nanoTime() - start;
        System.out.printf(
                "%-16s %12.2f %14.0f %12s %12s %12s %12s%n",
                "no store",
                (cpu() - cpu) / 1e3 / records,
                records / (wall / 1e9),
                "-",
                "-",
                sink == 42 ? "" : "-",
                "-");
    }

    private static void measure(
            DurabilityPolicy policy, Path dir, int records, int rate, int seconds)
            throws Exception {
        try (Store store =
                Store.open(
                        new StoreSettings(
                                dir, policy.spelled(), StoreSettings.DEFAULT_GAME_RETENTION))) {
            burst(store, records); // warm-up: the JIT and the page cache
            store.flush().get();
            long cpu = cpu();
            long start = System.nanoTime();
            burst(store, records);
            store.flush().get();
            long wall = System.nanoTime() - start;
            double cpuPerRecord = (cpu() - cpu) / 1e3 / records;

            // Paced: versions 1..n of one listener, as one room's; the writer tells it the newest
            // of each batch, which stands for every version before it.
            int n = rate * seconds;
            long[] sent = new long[n + 1];
            long[] latency = new long[n];
            CountDownLatch done = new CountDownLatch(n);
            long[] heard = {0};
            java.util.function.LongConsumer committed =
                    upTo -> {
                        long now = System.nanoTime();
                        for (long v = heard[0] + 1; v <= upTo; v++) {
                            latency[(int) v - 1] = now - sent[(int) v];
                            done.countDown();
                        }
                        heard[0] = Math.max(heard[0], upTo);
                    };
            long period = TimeUnit.SECONDS.toNanos(1) / rate;
            long next = System.nanoTime();
            for (int i = 1; i <= n; i++) {
                while (System.nanoTime() < next) {
                    LockSupport.parkNanos(next - System.nanoTime());
                }
                sent[i] = System.nanoTime();
                AppendResult result = store.command("PACED", i, PAYLOAD, committed);
                if (!result.accepted()) {
                    throw new IllegalStateException("refused at a paced rate: " + result);
                }
                next += period;
            }
            done.await();
            Arrays.sort(latency);
            System.out.printf(
                    "%-16s %12.2f %14.0f %12.0f %12.0f %12.0f %12.2f%n",
                    name(policy),
                    cpuPerRecord,
                    records / (wall / 1e9),
                    latency[n / 2] / 1e3,
                    latency[(int) (n * 0.99)] / 1e3,
                    latency[n - 1] / 1e3,
                    mix(store, rate, seconds));
        }
    }

    /**
     * The writer thread's CPU a move under a room's own mix, paced at {@code rate}: a command per
     * move over {@link #ROOMS}, a finished game every {@link #MOVES_PER_GAME} moves of a room, and
     * its whole state every {@link #CHECKPOINT_EVERY}.
     */
    private static double mix(Store store, int rate, int seconds) throws Exception {
        long[] versions = new long[ROOMS.length];
        int[] games = new int[ROOMS.length];
        int n = rate * seconds;
        long period = TimeUnit.SECONDS.toNanos(1) / rate;
        long writer = writerCpu();
        long next = System.nanoTime();
        for (int i = 0; i < n; i++) {
            while (System.nanoTime() < next) {
                LockSupport.parkNanos(next - System.nanoTime());
            }
            int r = i % ROOMS.length;
            long v = 1_000_000 + ++versions[r];
            store.command(ROOMS[r], v, PAYLOAD, null);
            if (v % MOVES_PER_GAME == 0) {
                store.game(ROOMS[r], ++games[r], () -> GAME);
            }
            if ((v + r) % CHECKPOINT_EVERY == 0) {
                store.checkpoint(ROOMS[r], v, () -> STATE);
            }
            next += period;
        }
        store.flush().get();
        return (writerCpu() - writer) / 1e3 / n;
    }

    private static final int MOVES_PER_GAME = 7;
    private static final int CHECKPOINT_EVERY = 100;
    private static final byte[] GAME = "x".repeat(600).getBytes(StandardCharsets.UTF_8);
    private static final byte[] STATE = "x".repeat(6000).getBytes(StandardCharsets.UTF_8);

    private static long writerCpu() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().equals("store-writer"))
                .mapToLong(t -> threads.getThreadCpuTime(t.threadId()))
                .sum();
    }

    /** Hands commands over as fast as the queue takes them, waiting for room when it is full. */
    private static void burst(Store store, int records) {
        for (int i = 0; i < records; i++) {
            while (!store.command(ROOMS[i % ROOMS.length], i, PAYLOAD, null).accepted()) {
                Thread.onSpinWait();
            }
        }
    }

    private static String name(DurabilityPolicy policy) {
        return switch (policy.mode()) {
            case NONE -> "none";
            case GROUP -> "group " + policy.gather().toMillis() + " ms";
            case FSYNC -> "fsync each";
        };
    }

    private static long cpu() {
        return ((com.sun.management.OperatingSystemMXBean)
                        ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    private static void delete(Path dir) throws Exception {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
