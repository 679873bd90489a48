package dev.tictactoe.server.net;

import org.jspecify.annotations.Nullable;

import java.util.function.LongSupplier;

/**
 * A token bucket per connection: {@code rate} messages a second with bursts of {@code burst}. A
 * connection that keeps hitting the limit in {@code strikes} different seconds within a minute is
 * abusing it and gets closed.
 */
final class RateLimiter {

    /**
     * ALLOW: handle it; LIMIT: refuse and say so; DROP: refuse silently (already said this second);
     * ABUSE: close.
     */
    enum Verdict {
        ALLOW,
        LIMIT,
        DROP,
        ABUSE
    }

    private static final long SECOND = 1_000_000_000L;
    private static final long MINUTE = 60 * SECOND;

    private final double perNano;
    private final double burst;
    private final int strikes;
    private final LongSupplier clock;
    private double tokens;
    private long last;

    /** Made at the first strike: most connections never have one. */
    private long @Nullable [] strikeTimes;

    private int strikeCount;
    private long lastStrike = Long.MIN_VALUE;

    RateLimiter(int rate, int burst, int strikes, LongSupplier nanoClock) {
        this.perNano = rate / (double) SECOND;
        this.burst = burst;
        this.strikes = strikes;
        this.clock = nanoClock;
        this.tokens = burst;
        this.last = nanoClock.getAsLong();
    }

    /**
     * Takes one token for a message; says whether to handle it, refuse it, or close the connection.
     */
    Verdict acquire() {
        long now = clock.getAsLong();
        tokens = Math.min(burst, tokens + (now - last) * perNano);
        last = now;
        if (tokens >= 1) {
            tokens -= 1;
            return Verdict.ALLOW;
        }
        // Strikes count seconds spent over the limit, not messages, so a short burst is not abuse.
        if (lastStrike == Long.MIN_VALUE || now - lastStrike >= SECOND) {
            lastStrike = now;
            if (strikeTimes == null) {
                strikeTimes = new long[strikes];
            }
            strikeTimes[strikeCount++ % strikes] = now;
            if (strikeCount >= strikes && now - strikeTimes[strikeCount % strikes] < MINUTE) {
                return Verdict.ABUSE;
            }
            return Verdict.LIMIT;
        }
        return Verdict.DROP;
    }
}
