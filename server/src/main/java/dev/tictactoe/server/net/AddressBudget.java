package dev.tictactoe.server.net;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * A token bucket per address for room codes that name no room: a lookup takes a token before it
 * looks (so check and charge are one step across loops) and a hit gives it back; an empty bucket
 * refuses hits too, or a refusal would tell a miss from a hit. Addresses remembered are bounded.
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

    /** Zero if {@code address} may look (a token is taken), else the whole seconds to wait. */
    synchronized long take(String address) {
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
        if (bucket.tokens >= 1) {
            bucket.tokens -= 1;
            return 0;
        }
        return Math.max(1, (long) Math.ceil((1 - bucket.tokens) / perNano / SECOND));
    }

    /** A lookup by {@code address} that took a token found its room: the token goes back. */
    synchronized void found(String address) {
        Bucket bucket = buckets.get(address);
        if (bucket == null) {
            return;
        }
        refill(bucket);
        bucket.tokens = Math.min(burst, bucket.tokens + 1);
        if (bucket.tokens >= burst) {
            buckets.remove(address);
        }
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
