package dev.tictactoe.server.cluster;

import org.jspecify.annotations.Nullable;

import java.net.URI;

/**
 * A node's place among others: its character of the room-code alphabet and the Redis that pairs
 * quick-match requests across nodes ({@code redis://host:port}); both null on a single server. Each
 * default is the {@code DEFAULT_} constant of its component (see {@code flags.Flags}); the flags'
 * converters ({@code flags.Values}) check both.
 */
public record ClusterSettings(@Nullable Character node, @Nullable URI redis) {

    /** Default: no node character; room codes are fully random, as on a single server. */
    public static final @Nullable Character DEFAULT_NODE = null;

    /** Default: no Redis; quick match pairs the requests of this node only. */
    public static final @Nullable URI DEFAULT_REDIS = null;
}
