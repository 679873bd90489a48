package dev.tictactoe.bench;

import dev.tictactoe.server.store.AppendResult;
import dev.tictactoe.server.store.DurabilityPolicy;
import dev.tictactoe.server.store.Journal;
import dev.tictactoe.server.store.JournalRecord;
import dev.tictactoe.server.store.RecordKind;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;

/**
 * The cost of journaling a room change, per durability policy, against not journaling at all:
 * process CPU per record over a burst (the appending thread and the writer together), and, at a
 * paced rate, the time from {@code append} to the durable callback. Arguments: {@code [records]
 * [rate/s] [seconds] [directory]}, default 200000 2000 3 target/journal-bench. The directory should
 * be on the disk the server will use: fsync costs what that device makes it cost.
 */
final class JournalBench {

    private static final Executor DIRECT = Runnable::run;
    private static final byte[] PAYLOAD =
            ("{\"op\":\"move\",\"cell\":112,\"by\":\"X\",\"id\":\"m-000123\","
                 + "\"patch\":[{\"op\":\"replace\",\"path\":\"/turn\",\"value\":\"O\"}]}")
                    .getBytes(StandardCharsets.UTF_8);
    private static final String[] ROOMS = new String[1000];

    static {
        for (int i = 0; i < ROOMS.length; i++) {
            ROOMS[i] = String.format("R%05d", i);
        }
    }

    private JournalBench() {}

    static void run(String[] args) throws Exception {
        int records = args.length > 0 ? Integer.parseInt(args[0]) : 200_000;
        int rate = args.length > 1 ? Integer.parseInt(args[1]) : 2_000;
        int seconds = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        Path base = Path.of(args.length > 3 ? args[3] : "target/journal-bench");
        Files.createDirectories(base);
        System.out.printf(
                "journal bench: %d records burst, %d/s for %d s paced, %d-byte payload, in %s"
                        + " (%s)%n",
                records,
                rate,
                seconds,
                PAYLOAD.length,
                base.toAbsolutePath(),
                Files.getFileStore(base).type());
        System.out.printf(
                "%-16s %12s %14s %12s %12s %12s%n",
                "policy", "CPU µs/rec", "burst rec/s", "durable p50", "p99 (µs)", "max (µs)");
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
            sink += record(i).version();
        }
        long wall = System.nanoTime() - start;
        System.out.printf(
                "%-16s %12.2f %14.0f %12s %12s %12s%n",
                "no journal",
                (cpu() - cpu) / 1e3 / records,
                records / (wall / 1e9),
                "-",
                "-",
                sink == 42 ? "" : "-");
    }

    private static void measure(
            DurabilityPolicy policy, Path dir, int records, int rate, int seconds)
            throws Exception {
        try (Journal journal =
                Journal.open(dir, Journal.Options.defaults().withPolicy(policy)).journal()) {
            burst(journal, records); // warm-up: the JIT and the page cache
            journal.flush().get();
            long cpu = cpu();
            long start = System.nanoTime();
            burst(journal, records);
            journal.flush().get();
            long wall = System.nanoTime() - start;
            double cpuPerRecord = (cpu() - cpu) / 1e3 / records;

            int n = rate * seconds;
            long[] latency = new long[n];
            CountDownLatch done = new CountDownLatch(n);
            long period = TimeUnit.SECONDS.toNanos(1) / rate;
            long next = System.nanoTime();
            for (int i = 0; i < n; i++) {
                while (System.nanoTime() < next) {
                    LockSupport.parkNanos(next - System.nanoTime());
                }
                int slot = i;
                long sent = System.nanoTime();
                AppendResult result =
                        journal.append(
                                record(i),
                                DIRECT,
                                () -> {
                                    latency[slot] = System.nanoTime() - sent;
                                    done.countDown();
                                });
                if (!result.accepted()) {
                    throw new IllegalStateException("refused at a paced rate: " + result);
                }
                next += period;
            }
            done.await();
            Arrays.sort(latency);
            System.out.printf(
                    "%-16s %12.2f %14.0f %12.0f %12.0f %12.0f%n",
                    name(policy),
                    cpuPerRecord,
                    records / (wall / 1e9),
                    latency[n / 2] / 1e3,
                    latency[(int) (n * 0.99)] / 1e3,
                    latency[n - 1] / 1e3);
        }
    }

    /** Appends as fast as the queue takes them, waiting for room when it is full. */
    private static void burst(Journal journal, int records) {
        for (int i = 0; i < records; i++) {
            JournalRecord r = record(i);
            while (!journal.append(r).accepted()) {
                Thread.onSpinWait();
            }
        }
    }

    private static JournalRecord record(int i) {
        return new JournalRecord(ROOMS[i % ROOMS.length], RecordKind.MOVE, i, PAYLOAD);
    }

    private static String name(DurabilityPolicy policy) {
        return switch (policy) {
            case DurabilityPolicy.None n -> "none";
            case DurabilityPolicy.GroupCommit g -> "group " + g.interval().toMillis() + " ms";
            case DurabilityPolicy.FsyncEach f -> "fsync each";
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
