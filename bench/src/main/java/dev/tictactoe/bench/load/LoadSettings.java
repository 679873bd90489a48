package dev.tictactoe.bench.load;

import java.time.Duration;

/**
 * A validated load run: every quantity bounded, so a run always stops by itself.
 *
 * @param moves stop after this many measured moves (0: run for the whole duration)
 * @param capacity open this many idle seated connections instead of playing (0: play)
 * @param connectionsPerSource connections per local address before the next 127.0.0.x is used
 * @param hold how long capacity mode keeps the connections open after measuring (for inspection)
 */
record LoadSettings(
        Target target,
        boolean relay,
        int rooms,
        Duration duration,
        long moves,
        Duration warmup,
        Duration think,
        int capacity,
        int threads,
        int size,
        int winLength,
        long seed,
        int connectionsPerSource,
        Duration hold,
        String label) {

    static final int MAX_ROOMS = 100_000;
    static final int MAX_CAPACITY = 1_000_000;
    static final Duration MAX_DURATION = Duration.ofHours(1);
    static final Duration MAX_WARMUP = Duration.ofMinutes(10);
    static final Duration MAX_THINK = Duration.ofMinutes(1);

    LoadSettings {
        range("--rooms", rooms, 1, MAX_ROOMS);
        positive("--duration", duration, MAX_DURATION);
        if (moves < 0) {
            throw new IllegalArgumentException("--moves must be positive, was " + moves);
        }
        notNegative("--warmup", warmup, MAX_WARMUP);
        notNegative("--think", think, MAX_THINK);
        if (capacity != 0) {
            range("--capacity", capacity, 2, MAX_CAPACITY);
            if (capacity % 2 != 0) {
                throw new IllegalArgumentException(
                        "--capacity must be even (two seats per room), was " + capacity);
            }
        }
        range("--threads", threads, 1, 256);
        range("--size", size, 3, 19);
        range("--k", winLength, 3, size);
        range("--connections-per-source", connectionsPerSource, 1, 60_000);
        notNegative("--hold", hold, MAX_WARMUP);
    }

    boolean capacityMode() {
        return capacity > 0;
    }

    /** Connections the run opens. */
    int connections() {
        return capacityMode() ? capacity : 2 * rooms;
    }

    String mode() {
        return relay ? "relay" : "game";
    }

    private static void range(String flag, long value, long min, long max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(
                    flag + " must be " + min + " to " + max + ", was " + value);
        }
    }

    private static void positive(String flag, Duration value, Duration max) {
        if (value == null || value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(flag + " must be a positive duration, was " + value);
        }
        if (value.compareTo(max) > 0) {
            throw new IllegalArgumentException(flag + " must be at most " + max + ", was " + value);
        }
    }

    private static void notNegative(String flag, Duration value, Duration max) {
        if (value == null || value.isNegative()) {
            throw new IllegalArgumentException(flag + " must be zero or more, was " + value);
        }
        if (value.compareTo(max) > 0) {
            throw new IllegalArgumentException(flag + " must be at most " + max + ", was " + value);
        }
    }
}
