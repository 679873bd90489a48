package dev.tictactoe.bench;

import dev.tictactoe.server.net.ProcessStats;

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
        return "{\"pairs\":"
                + pairs.sum()
                + ",\"connections\":"
                + connections.sum()
                + ",\"messages\":"
                + frames.sum()
                + ",\"heapUsedBytes\":"
                + ProcessStats.heapUsed()
                + ",\"rssBytes\":"
                + ProcessStats.rss()
                + ",\"processCpuNanos\":"
                + ProcessStats.cpuNanos()
                + ",\"openFiles\":"
                + ProcessStats.openFiles()
                + ",\"maxOpenFiles\":"
                + ProcessStats.maxFiles()
                + "}";
    }
}
