package dev.tictactoe.server.net;

import org.slf4j.Logger;
import org.slf4j.event.Level;

import java.util.Arrays;
import java.util.function.LongSupplier;

/** At most one log line per client a minute; the next says how many were held back. */
final class LogLimiter extends AddressBudget {

    /** The least recently logged is forgotten first. */
    static final int MAX_KEYS = 1_024;

    static final long INTERVAL_NANOS = 60_000_000_000L;

    LogLimiter(LongSupplier nanoClock) {
        super(INTERVAL_NANOS, 1, MAX_KEYS, nanoClock);
    }

    /** -1 to stay silent; otherwise log, mentioning the returned count of lines held back. */
    synchronized long admit(String key) {
        Bucket bucket = bucket(key);
        if (!bucket.take(clock.getAsLong())) {
            bucket.held++;
            return -1;
        }
        long held = bucket.held;
        bucket.held = 0;
        return held;
    }

    /** Logs unless {@code key} was logged within the interval, saying how many were held back. */
    void log(Logger log, Level level, String key, String format, Object... args) {
        long held = admit(key);
        if (held >= 0) {
            Object[] all = Arrays.copyOf(args, args.length + 1);
            all[args.length] = held;
            log.atLevel(level).log(format + " ({} similar lines held back)", all);
        }
    }
}
