package dev.tictactoe.server.settings;

import dev.tictactoe.protocol.Durations;

import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.List;

/** The checks of settings values; a refusal's message starts with the setting's name. */
public final class Check {
    private Check() {}

    public static void requirePositive(String name, long value) {
        if (value <= 0) {
            throw new IllegalArgumentException(name + " must be positive, was " + value);
        }
    }

    public static void requirePositive(String name, Duration value) {
        if (value == null || value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(
                    "%s must be a positive duration, was %s".formatted(name, shown(value)));
        }
    }

    /** {@code value} within {@code min..max}: "base time must be 10s..3h, was 5s". */
    public static Duration requireWithin(
            String name, @Nullable Duration value, Duration min, Duration max) {
        if (value == null || value.compareTo(min) < 0 || value.compareTo(max) > 0) {
            throw new IllegalArgumentException(
                    "%s must be %s..%s, was %s"
                            .formatted(name, shown(min), shown(max), shown(value)));
        }
        return value;
    }

    private static String shown(@Nullable Duration value) {
        return value == null ? "nothing" : Durations.format(value);
    }

    public static void requirePort(String name, int value) {
        if (value < 0 || value > 65_535) {
            throw new IllegalArgumentException(name + " must be 0..65535, was " + value);
        }
    }

    /** A list as given, each entry trimmed and blank ones dropped ("a, b," is [a, b]). */
    public static List<String> words(List<String> values) {
        return values.stream().map(String::strip).filter(v -> !v.isEmpty()).toList();
    }
}
