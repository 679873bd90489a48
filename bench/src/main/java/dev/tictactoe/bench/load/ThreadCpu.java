package dev.tictactoe.bench.load;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A process's CPU time by group of threads, read from {@code /proc/<pid>/task} (Linux): the event
 * loops that run the rooms and sockets, the store's writer, and the rest (JIT compilers, GC, ...).
 * Empty where there is no {@code /proc}.
 */
final class ThreadCpu {

    static final String LOOPS = "event loops";
    static final String WRITER = "store writer";
    static final String OTHER = "JIT, GC, other";

    /** Linux counts thread CPU in clock ticks of 10 ms on every common configuration. */
    private static final long NANOS_PER_TICK = 10_000_000L;

    private ThreadCpu() {}

    /** CPU nanoseconds so far per group, or an empty map when they cannot be read. */
    static Map<String, Long> of(long pid) {
        Map<String, Long> groups = new LinkedHashMap<>();
        for (String group : new String[] {LOOPS, WRITER, OTHER}) {
            groups.put(group, 0L);
        }
        try (DirectoryStream<Path> tasks =
                Files.newDirectoryStream(Path.of("/proc", String.valueOf(pid), "task"))) {
            for (Path task : tasks) {
                String stat;
                try {
                    stat = Files.readString(task.resolve("stat"));
                } catch (IOException e) {
                    continue; // the thread ended meanwhile
                }
                String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
                String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                long ticks =
                        Long.parseLong(fields[11]) + Long.parseLong(fields[12]); // utime + stime
                groups.merge(group(name), ticks * NANOS_PER_TICK, Long::sum);
            }
        } catch (IOException | RuntimeException e) {
            return Map.of();
        }
        return groups;
    }

    /** {@code after - before} per group. */
    static Map<String, Long> minus(Map<String, Long> after, Map<String, Long> before) {
        Map<String, Long> spent = new LinkedHashMap<>();
        after.forEach((group, nanos) -> spent.put(group, nanos - before.getOrDefault(group, 0L)));
        return spent;
    }

    private static String group(String thread) {
        if (thread.startsWith("multiThreadIoEv")) {
            return LOOPS;
        }
        if (thread.startsWith("store-writer")) {
            return WRITER;
        }
        return OTHER;
    }
}
