package dev.tictactoe.server.net;

import org.jspecify.annotations.Nullable;

import java.util.function.LongSupplier;

/** A connection's token bucket; strikes in different seconds of a minute close it. */
final class RateLimiter {

    /** DROP: refuse silently (already said this second). */
    enum Verdict {
        ALLOW,
        LIMIT,
        DROP,
        ABUSE
    }

    private static final long SECOND = 1_000_000_000L;
    private static final long MINUTE = 60 * SECOND;

    private final AddressBudget.Bucket bucket;
    private final int strikes;
    private final LongSupplier clock;

    /** Most connections never strike. */
    private long @Nullable [] strikeTimes;

    private int strikeCount;
    private long lastStrike = Long.MIN_VALUE;

    RateLimiter(int rate, int burst, int strikes, LongSupplier nanoClock) {
        this.bucket =
                new AddressBudget.Bucket(SECOND / (double) rate, burst, nanoClock.getAsLong());
        this.strikes = strikes;
        this.clock = nanoClock;
    }

    Verdict acquire() {
        long now = clock.getAsLong();
        if (bucket.take(now)) {
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
