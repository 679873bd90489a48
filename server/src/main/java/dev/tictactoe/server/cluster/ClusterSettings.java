package dev.tictactoe.server.cluster;

import org.jspecify.annotations.Nullable;

import java.net.URI;

/** A node's character and the Redis of quick match; both null on a single server. */
public record ClusterSettings(@Nullable Character node, @Nullable URI redis) {

    public static final @Nullable Character DEFAULT_NODE = null;

    public static final @Nullable URI DEFAULT_REDIS = null;
}
