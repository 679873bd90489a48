package dev.tictactoe.server.net;

import org.slf4j.Logger;
import org.slf4j.event.Level;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * At most one log line per key (a client address) per interval, so nothing a client does can flood
 * the log: repeats are counted and the next line that gets through says how many there were.
 */
final class LogLimiter {

    /** Keys remembered at most; the least recently logged is forgotten first. */
    static final int MAX_KEYS = 1_024;

    /** One line per key per minute. */
    static final long INTERVAL_NANOS = 60_000_000_000L;

    private final LongSupplier clock;
    private final Map<String, long[]> lines =
            new LinkedHashMap<>(64, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, long[]> eldest) {
                    return size() > MAX_KEYS;
                }
            };

    LogLimiter(LongSupplier nanoClock) {
        this.clock = nanoClock;
    }

    /** -1 to stay silent; otherwise log, mentioning the returned count of lines held back. */
    synchronized long admit(String key) {
        long now = clock.getAsLong();
        long[] entry = lines.get(key);
        if (entry == null) {
            lines.put(key, new long[] {now, 0});
            return 0;
        }
        if (now - entry[0] < INTERVAL_NANOS) {
            entry[1]++;
            return -1;
        }
        long held = entry[1];
        entry[0] = now;
        entry[1] = 0;
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
