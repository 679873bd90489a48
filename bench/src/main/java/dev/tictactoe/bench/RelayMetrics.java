package dev.tictactoe.bench;

import dev.tictactoe.server.metrics.ProcessMeters;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The relay's meters and its {@code /metrics} answer, in the Prometheus text format with the game
 * server's JVM and process series and its {@code ttt_connections}, so the load generator reads both
 * alike. Safe from any thread.
 */
final class RelayMetrics {

    private final PrometheusMeterRegistry registry = ProcessMeters.registry();

    /** Connections open now. */
    final AtomicInteger connections = new AtomicInteger();

    /** Pairs made since the start (a relay has no rooms to count). */
    final Counter pairs =
            Counter.builder("relay.pairs").description("Pairs made").register(registry);

    /** Text frames handed to a peer. */
    final Counter frames =
            Counter.builder("relay.frames")
                    .description("Text frames handed to a peer")
                    .register(registry);

    RelayMetrics() {
        Gauge.builder("ttt.connections", connections, AtomicInteger::get)
                .description("Open WebSocket connections")
                .register(registry);
    }

    /**
     * The {@code /metrics} answer; {@code gc} collects garbage first, so the heap reads what is
     * live.
     */
    String text(boolean gc) {
        if (gc) {
            System.gc();
        }
        return registry.scrape();
    }
}
