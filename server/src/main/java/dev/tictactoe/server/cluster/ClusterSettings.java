package dev.tictactoe.server.cluster;

import dev.tictactoe.protocol.RoomCode;

import org.jspecify.annotations.Nullable;

import java.net.URI;

/**
 * A node's place among others: its character of the room-code alphabet and the Redis that pairs
 * quick-match requests across nodes ({@code redis://host:port}); both null on a single server. Each
 * default is the {@code DEFAULT_} constant of its component (see {@code flags.Flags}).
 */
public record ClusterSettings(@Nullable Character node, @Nullable URI redis) {

    /** Default: no node character; room codes are fully random, as on a single server. */
    public static final @Nullable Character DEFAULT_NODE = null;

    /** Default: no Redis; quick match pairs the requests of this node only. */
    public static final @Nullable URI DEFAULT_REDIS = null;

    public ClusterSettings {
        if (node != null && RoomCode.ALPHABET.indexOf(node) < 0) {
            throw new IllegalArgumentException(
                    "node must be one character of " + RoomCode.ALPHABET + ", was '" + node + "'");
        }
        if (redis != null && !"redis".equals(redis.getScheme())) {
            throw new IllegalArgumentException(
                    "redis must be redis://host:port, was '" + redis + "'");
        }
    }
}
