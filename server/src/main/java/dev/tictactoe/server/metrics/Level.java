package dev.tictactoe.server.metrics;

import org.jspecify.annotations.Nullable;

/** A level the server reads at each scrape, as {@link ServerMetrics#watch} reports it. */
public enum Level {
    ROOMS("ttt.rooms", "Live rooms", null),
    BOT_QUEUE("ttt.bot.queue", "Bot moves waiting for a thread", null),
    MATCH_QUEUE("ttt.match.waiting", "Quick-match requests waiting for an opponent", null),
    SHARED_MATCH(
            "ttt.match.shared",
            "1 while quick match pairs across nodes through Redis, else 0",
            null),
    JOURNAL_QUEUE("ttt.journal.queue", "Journal records waiting for the writer", null),
    CHANNELS("ttt.channels.open", "Open TCP connections, HTTP and WebSocket", null),
    PENDING("ttt.outbound.pending", "Bytes waiting to be sent, all connections together", "bytes"),
    PENDING_MOST(
            "ttt.outbound.pending.max",
            "Bytes waiting to be sent to the most backed-up connection",
            "bytes"),
    WAITING(
            "ttt.outbound.waiting",
            "Bytes sent to connections and not yet read, kernel queues included",
            "bytes");

    final String meter;
    final String description;
    final @Nullable String unit;

    Level(String meter, String description, @Nullable String unit) {
        this.meter = meter;
        this.description = description;
        this.unit = unit;
    }
}
