package dev.tictactoe.server.clock;

import dev.tictactoe.server.settings.Check;

import org.jspecify.annotations.Nullable;

import java.time.Duration;

/** The claim rule of an untimed turn: after {@code after}, the opponent may claim the game. */
public record IdleClaim(long turnStartedNanos, long turnStartedAt, Duration after) {

    public static final Duration DEFAULT_AFTER = Duration.ofSeconds(60);

    /** Shortest idle time a server may set: less would punish a slow connection. */
    public static final Duration MIN_AFTER = Duration.ofSeconds(10);

    public static final Duration MAX_AFTER = Duration.ofHours(1);

    public IdleClaim {
        validate(after);
    }

    public static Duration validate(@Nullable Duration after) {
        return Check.requireWithin("idle claim time", after, MIN_AFTER, MAX_AFTER);
    }

    /** The first instant (epoch ms) at which the game can be claimed. */
    public long claimableAt() {
        return turnStartedAt + after.toMillis();
    }

    /** How long until the opponent of the side to move may claim; zero once it may. */
    public Duration untilClaimable(long nowNanos) {
        return Duration.ofNanos(Math.max(0, after.toNanos() - (nowNanos - turnStartedNanos)));
    }
}
