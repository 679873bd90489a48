package dev.tictactoe.client;

import java.time.Duration;

/** When a follower's connection pings the server and when its silence means a dead link. */
final class Heartbeat {
    /** Checks per quiet time (or dead-link time, if shorter). */
    private static final int CHECKS_PER_PING = 5;

    private final long quiet;
    private final long dead;
    private long lastHeard;
    private boolean askPings;

    /** When the first ping sent since the last frame heard went out (nanoTime), or -1. */
    private long unanswered = -1;

    Heartbeat(Duration pingWhenQuiet, Duration deadAfter) {
        this.quiet = pingWhenQuiet.toNanos();
        this.dead = deadAfter.toNanos();
    }

    Duration deadAfter() {
        return Duration.ofNanos(dead);
    }

    long periodNanos() {
        return Math.max(1, Math.min(quiet, dead) / CHECKS_PER_PING);
    }

    /** A new connection: its first check sends the ping that asks the server for its pings. */
    void connected(long now) {
        lastHeard = now;
        askPings = true;
        unanswered = -1;
    }

    void heard(long now) {
        lastHeard = now;
        unanswered = -1;
    }

    /** Whether to ping now: the connection is new, or has been quiet with no ping out. */
    boolean ping(long now) {
        if (!askPings && (unanswered >= 0 || now - lastHeard < quiet)) {
            return false;
        }
        askPings = false;
        if (unanswered < 0) {
            unanswered = now;
        }
        return true;
    }

    /** The silence must outlast a ping by its answer's time: a late check pings first. */
    boolean dead(long now) {
        return unanswered >= 0 && now - lastHeard >= dead && now - unanswered >= dead - quiet;
    }
}
