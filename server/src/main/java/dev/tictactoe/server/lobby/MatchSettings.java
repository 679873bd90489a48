package dev.tictactoe.server.lobby;

import dev.tictactoe.protocol.Durations;
import dev.tictactoe.server.settings.Check;

import java.time.Duration;

/** The settings of quick match; each default is its component's {@code DEFAULT_} constant. */
public record MatchSettings(Duration matchWait, int matchMaxWaiting) {

    public static final Duration DEFAULT_MATCH_WAIT = Duration.ofSeconds(30);

    public static final int DEFAULT_MATCH_MAX_WAITING = 10_000;

    /** The longest wait: an HTTP request held longer is cut by many proxies and clients. */
    public static final Duration MAX_MATCH_WAIT = Duration.ofMinutes(5);

    public MatchSettings {
        Check.requirePositive("matchWait", matchWait);
        if (matchWait.compareTo(MAX_MATCH_WAIT) > 0) {
            throw new IllegalArgumentException(
                    "matchWait must be at most %d minutes, was %s"
                            .formatted(MAX_MATCH_WAIT.toMinutes(), Durations.format(matchWait)));
        }
        Check.requirePositive("matchMaxWaiting", matchMaxWaiting);
    }
}
