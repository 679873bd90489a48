package dev.tictactoe.server.cluster;

import org.jspecify.annotations.Nullable;

import java.net.URI;

/** A node's character and the Redis of quick match; both null on a single server. */
public record ClusterSettings(@Nullable Character node, @Nullable URI redis) {

    /** Default: no node character; room codes are fully random, as on a single server. */
    public static final @Nullable Character DEFAULT_NODE = null;

    /** Default: no Redis; quick match pairs the requests of this node only. */
    public static final @Nullable URI DEFAULT_REDIS = null;
}
