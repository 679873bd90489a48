package dev.tictactoe.server.net;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/** A token bucket per address, bounded; a lookup takes a token first and a hit gives it back. */
class AddressBudget {

    static final int MAX_ADDRESSES = 10_000;

    /** Tokens at one per {@code nanosPerToken}, up to {@code burst}; full when made. */
    static final class Bucket {
        private final double nanosPerToken;
        private final double burst;
        private double tokens;
        private long last;

        /** What was refused while empty, for whoever counts it. */
        long held;

        Bucket(double nanosPerToken, double burst, long now) {
            this.nanosPerToken = nanosPerToken;
            this.burst = burst;
            this.tokens = burst;
            this.last = now;
        }

        private void refill(long now) {
            tokens = Math.min(burst, tokens + (now - last) / nanosPerToken);
            last = now;
        }

        boolean take(long now) {
            refill(now);
            if (tokens < 1) {
                return false;
            }
            tokens -= 1;
            return true;
        }

        /** Gives a token back; true once the bucket is full again. */
        boolean giveBack(long now) {
            refill(now);
            tokens = Math.min(burst, tokens + 1);
            return tokens >= burst;
        }

        /** Whole seconds until the next token, at least 1. */
        long secondsToWait() {
            return Math.max(1, (long) Math.ceil((1 - tokens) * nanosPerToken / 1e9));
        }
    }

    private final double nanosPerToken;
    private final int burst;
    final LongSupplier clock;
    private final Map<String, Bucket> buckets;

    AddressBudget(double nanosPerToken, int burst, int maxAddresses, LongSupplier nanoClock) {
        this.nanosPerToken = nanosPerToken;
        this.burst = burst;
        this.clock = nanoClock;
        this.buckets =
                new LinkedHashMap<>(256, 0.75f, true) {
                    @Override
                    protected boolean removeEldestEntry(Map.Entry<String, Bucket> eldest) {
                        return size() > maxAddresses;
                    }
                };
    }

    /** The bucket of {@code address}, made full if new; call holding the lock. */
    Bucket bucket(String address) {
        return buckets.computeIfAbsent(
                address, a -> new Bucket(nanosPerToken, burst, clock.getAsLong()));
    }

    /** Zero if {@code address} may look (a token is taken), else the whole seconds to wait. */
    synchronized long take(String address) {
        Bucket bucket = bucket(address);
        return bucket.take(clock.getAsLong()) ? 0 : bucket.secondsToWait();
    }

    /** A lookup by {@code address} that took a token found its room: the token goes back. */
    synchronized void found(String address) {
        Bucket bucket = buckets.get(address);
        if (bucket != null && bucket.giveBack(clock.getAsLong())) {
            buckets.remove(address);
        }
    }

    synchronized int size() {
        return buckets.size();
    }
}
