package dev.tictactoe.server.net;

import java.time.Duration;

/** The limits of a socket's session, read from the server's settings where it is wired. */
record SessionLimits(
        int maxFrameBytes,
        int maxOutboundBytes,
        int messagesPerSecond,
        int messageBurst,
        int abuseStrikes,
        Duration idleTimeout,
        Duration pingInterval) {

    /** Quiet ping intervals after which a connection is idle: the timeout, rounded up. */
    long intervalsBeforeClose() {
        long interval = pingInterval.toNanos();
        return Math.max(1, (idleTimeout.toNanos() + interval - 1) / interval);
    }

    RateLimiter rateLimiter() {
        return new RateLimiter(messagesPerSecond, messageBurst, abuseStrikes, System::nanoTime);
    }
}
