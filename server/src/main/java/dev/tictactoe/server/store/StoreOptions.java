package dev.tictactoe.server.store;

import java.time.Duration;

/** The store's tuning: durability, queue, retention, games per room, retry waits. */
public record StoreOptions(
        DurabilityPolicy policy,
        int queueCapacity,
        Duration retention,
        int maxGamesPerRoom,
        Duration retryBackoff,
        Duration maxRetryBackoff) {

    public static final int DEFAULT_QUEUE_CAPACITY = 65_536;
    public static final int DEFAULT_MAX_GAMES_PER_ROOM = 1_000;

    /** The default sizes and retries with this policy and games' retention. */
    public static StoreOptions of(DurabilityPolicy policy, Duration retention) {
        return new StoreOptions(
                policy,
                DEFAULT_QUEUE_CAPACITY,
                retention,
                DEFAULT_MAX_GAMES_PER_ROOM,
                Duration.ofMillis(50),
                Duration.ofSeconds(5));
    }
}
