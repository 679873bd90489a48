package dev.tictactoe.bench;

import com.sun.management.UnixOperatingSystemMXBean;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.LongAdder;

/**
 * The relay's counters and its {@code /metrics} answer: the same JSON fields as the game server's
 * (pairs for rooms, frames relayed for messages, heap, RSS, CPU, file descriptors), so the load
 * generator reads both alike. Safe from any thread.
 */
final class RelayMetrics {

    /** Connections open now. */
    final LongAdder connections = new LongAdder();

    /** Pairs made since the start (a relay has no rooms to count). */
    final LongAdder pairs = new LongAdder();

    /** Text frames handed to a peer. */
    final LongAdder frames = new LongAdder();

    /**
     * The {@code /metrics} answer; {@code gc} collects garbage first, so the heap reads what is
     * live.
     */
    String json(boolean gc) {
        if (gc) {
            System.gc();
        }
        var os = ManagementFactory.getOperatingSystemMXBean();
        long cpu =
                os instanceof com.sun.management.OperatingSystemMXBean sun
                        ? sun.getProcessCpuTime()
                        : -1;
        long openFiles =
                os instanceof UnixOperatingSystemMXBean unix
                        ? unix.getOpenFileDescriptorCount()
                        : -1;
        long maxFiles =
                os instanceof UnixOperatingSystemMXBean unix
                        ? unix.getMaxFileDescriptorCount()
                        : -1;
        return "{\"pairs\":"
                + pairs.sum()
                + ",\"connections\":"
                + connections.sum()
                + ",\"messages\":"
                + frames.sum()
                + ",\"heapUsedBytes\":"
                + ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed()
                + ",\"rssBytes\":"
                + rss()
                + ",\"processCpuNanos\":"
                + cpu
                + ",\"openFiles\":"
                + openFiles
                + ",\"maxOpenFiles\":"
                + maxFiles
                + "}";
    }

    private static long rss() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
        return -1;
    }
}
