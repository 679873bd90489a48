package dev.tictactoe.server.flags;

import dev.tictactoe.server.cluster.ClusterSettings;

import picocli.CommandLine.Option;

import java.net.URI;

/** The flags of {@link ClusterSettings}; each is named as its component (see {@link Flags}). */
public final class ClusterFlags extends Flags<ClusterSettings> {

    @Option(
            names = "--node",
            description =
                    "This node's character of the room-code alphabet: every room it creates has a"
                        + " code starting with it, for a proxy to route by; recorded in the data"
                        + " directory")
    Character node;

    @Option(
            names = "--redis",
            description =
                    "redis://host:port that pairs quick-match requests across nodes; without it, or"
                            + " while it is down, each node pairs its own")
    URI redis;
}
