package dev.tictactoe.server.clock;

import dev.tictactoe.protocol.Durations;

import java.time.Duration;

/**
 * The claim rule of a game without a clock: once the side to move has let {@code after} pass since
 * its turn started, its opponent may claim the game (it ends as abandoned by the idle side). One
 * value per turn: the room makes a new one whenever a turn starts.
 *
 * @param turnStartedNanos when the turn started, as a {@code System.nanoTime()} value
 * @param turnStartedAt the same instant in epoch milliseconds, to show clients
 * @param after how long the side to move may stay idle before it can be claimed
 */
public record IdleClaim(long turnStartedNanos, long turnStartedAt, Duration after) {

    /** Idle time before a claim, unless the server is told otherwise. */
    public static final Duration DEFAULT_AFTER = Duration.ofSeconds(60);

    /** Shortest idle time a server may set: less would punish a slow connection. */
    public static final Duration MIN_AFTER = Duration.ofSeconds(10);

    /** Longest idle time a server may set. */
    public static final Duration MAX_AFTER = Duration.ofHours(1);

    public IdleClaim {
        validate(after);
    }

    /** A turn starting at {@code nowNanos} (and {@code nowEpochMillis} on the wall clock). */
    public static IdleClaim turnStarted(long nowNanos, long nowEpochMillis, Duration after) {
        return new IdleClaim(nowNanos, nowEpochMillis, after);
    }

    /** Checks an idle time a server is configured with. */
    public static Duration validate(Duration after) {
        if (after == null || after.compareTo(MIN_AFTER) < 0 || after.compareTo(MAX_AFTER) > 0) {
            throw new IllegalArgumentException(
                    "idle claim time must be "
                            + Durations.format(MIN_AFTER)
                            + ".."
                            + Durations.format(MAX_AFTER)
                            + ", was "
                            + (after == null ? "nothing" : Durations.format(after)));
        }
        return after;
    }

    /** The first instant ({@code System.nanoTime()}) at which the game can be claimed. */
    public long claimableAtNanos() {
        return turnStartedNanos + after.toNanos();
    }

    /** The same instant in epoch milliseconds, for the snapshot. */
    public long claimableAt() {
        return turnStartedAt + after.toMillis();
    }

    /**
     * Whether the opponent of the side to move may claim at {@code nowNanos}: from that instant on.
     */
    public boolean canClaim(long nowNanos) {
        return nowNanos - turnStartedNanos >= after.toNanos();
    }

    /** How long until a claim is allowed at {@code nowNanos}; zero once it is. */
    public Duration untilClaimable(long nowNanos) {
        return Duration.ofNanos(Math.max(0, after.toNanos() - (nowNanos - turnStartedNanos)));
    }
}
