package dev.tictactoe.server.net;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * A token bucket per client address for room codes that name no room, so codes cannot be guessed
 * quickly: each miss takes a token; with none left, every code lookup from that address is refused
 * (hits too, or a refusal would tell a miss from a hit). The addresses remembered are bounded; the
 * least recently seen is forgotten first, which at worst gives it a fresh bucket.
 */
final class AddressBudget {

    /** Addresses remembered at most. */
    static final int MAX_ADDRESSES = 10_000;

    private static final long SECOND = 1_000_000_000L;

    private final double perNano;
    private final double burst;
    private final LongSupplier clock;
    private final Map<String, Bucket> buckets =
            new LinkedHashMap<>(256, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, Bucket> eldest) {
                    return size() > MAX_ADDRESSES;
                }
            };

    private static final class Bucket {
        double tokens;
        long last;
    }

    AddressBudget(int perSecond, int burst, LongSupplier nanoClock) {
        this.perNano = perSecond / (double) SECOND;
        this.burst = burst;
        this.clock = nanoClock;
    }

    /** Zero if {@code address} may look a code up now, else the whole seconds to wait. */
    synchronized long retryAfterSeconds(String address) {
        Bucket bucket = buckets.get(address);
        if (bucket == null) {
            return 0;
        }
        refill(bucket);
        if (bucket.tokens >= 1) {
            return 0;
        }
        return Math.max(1, (long) Math.ceil((1 - bucket.tokens) / perNano / SECOND));
    }

    /** {@code address} named a room that does not exist. */
    synchronized void miss(String address) {
        Bucket bucket =
                buckets.computeIfAbsent(
                        address,
                        a -> {
                            Bucket fresh = new Bucket();
                            fresh.tokens = burst;
                            fresh.last = clock.getAsLong();
                            return fresh;
                        });
        refill(bucket);
        bucket.tokens = Math.max(0, bucket.tokens - 1);
    }

    synchronized int size() {
        return buckets.size();
    }

    private void refill(Bucket bucket) {
        long now = clock.getAsLong();
        bucket.tokens = Math.min(burst, bucket.tokens + (now - bucket.last) * perNano);
        bucket.last = now;
    }
}
