package dev.tictactoe.server.net;

import dev.tictactoe.server.metrics.ServerMetrics;

import java.util.concurrent.atomic.LongAdder;

/**
 * Counters the JSON metrics view reports, and the Prometheus meters; cheap to bump from any loop.
 */
final class ServerStats {
    final LongAdder connections = new LongAdder();
    final LongAdder messages = new LongAdder();

    /** Connections closed with 4008 for not reading what they were sent. */
    final LongAdder tooSlow = new LongAdder();

    /** Code lookups and upgrades answered 429 because the address guessed too many codes. */
    final LongAdder throttledLookups = new LongAdder();

    /** The Prometheus meters, for what operators scrape. */
    final ServerMetrics metrics;

    ServerStats(ServerMetrics metrics) {
        this.metrics = metrics;
    }
}
