package dev.tictactoe.protocol;

import org.jspecify.annotations.Nullable;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The duration grammar of every command line: 500ms, 1.5s, 2m, 1h, 1m30s, bare seconds, PT30S. */
public final class Durations {
    private Durations() {}

    /** Reads a duration; a negative one or another text is an IllegalArgumentException. */
    public static Duration parse(@Nullable String text) {
        String t = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
        try {
            Duration d;
            if (t.startsWith("p")) {
                d = Duration.parse(t.toUpperCase(Locale.ROOT));
            } else {
                d = Duration.ofNanos(sumOfParts(NUMBER.matcher(t).matches() ? t + "s" : t));
            }
            if (d.isNegative()) {
                throw new IllegalArgumentException("negative");
            }
            return d;
        } catch (ArithmeticException | DateTimeParseException | IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "\"" + text + "\" is not a duration (use 500ms, 30s, 2m, 1m30s, 1h or PT30S)",
                    e);
        }
    }

    /** The shortest text in whole milliseconds that {@link #parse} reads back: 90s is "1m30s". */
    public static String format(Duration d) {
        long millis = d.toMillis();
        if (millis == 0) {
            return "0s";
        }
        if (millis < 0) {
            return "-" + format(d.negated());
        }
        Duration whole = Duration.ofMillis(millis);
        return part(whole.toHours(), "h")
                + part(whole.toMinutesPart(), "m")
                + part(whole.toSecondsPart(), "s")
                + part(whole.toMillisPart(), "ms");
    }

    private static String part(long amount, String unit) {
        return amount > 0 ? amount + unit : "";
    }

    private static final long SECOND = 1_000_000_000L;
    private static final Pattern NUMBER = Pattern.compile("[0-9]*\\.?[0-9]+");
    private static final Pattern PART = Pattern.compile("([0-9]*\\.?[0-9]+)(ms|h|m|s)");

    private static long sumOfParts(String t) {
        Matcher part = PART.matcher(t);
        long total = 0;
        int end = 0;
        while (end < t.length() && part.find(end) && part.start() == end) {
            long unit =
                    switch (part.group(2)) {
                        case "h" -> 3_600 * SECOND;
                        case "m" -> 60 * SECOND;
                        case "s" -> SECOND;
                        default -> 1_000_000L;
                    };
            BigDecimal amount = new BigDecimal(part.group(1)).multiply(BigDecimal.valueOf(unit));
            total = Math.addExact(total, amount.longValueExact());
            end = part.end();
        }
        if (end == 0 || end != t.length()) {
            throw new IllegalArgumentException("not a duration");
        }
        return total;
    }
}
