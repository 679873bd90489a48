package dev.tictactoe.server.cluster;

import dev.tictactoe.protocol.RoomCode;

import java.net.URI;

/**
 * A node's place among others: its character of the room-code alphabet and the Redis that pairs
 * quick-match requests across nodes; both off on a single server.
 *
 * <p>Each component has its default in the constant named after it ({@code redis}: {@code
 * DEFAULT_REDIS}), which the flag's default and {@code --help} read. To add a setting, add the
 * component and its constant here, the {@code @Option} field of the same name in {@code
 * flags.ClusterFlags} (flag {@code --redis}, variable {@code TTT_REDIS}), and its line in the
 * README's settings table; checks that need only the value go in the constructor below.
 *
 * @param node the node's character, which starts every room code it creates; null for none
 * @param redis redis://host:port; null for none
 */
public record ClusterSettings(Character node, URI redis) {

    /** Default: no node character; room codes are fully random, as on a single server. */
    public static final Character DEFAULT_NODE = null;

    /** Default: no Redis; quick match pairs the requests of this node only. */
    public static final URI DEFAULT_REDIS = null;

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
