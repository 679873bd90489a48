package dev.tictactoe.server.store;

import java.time.Duration;
import java.util.Locale;

/** What a client's acknowledgement means after a crash (see docs/operations.md). */
public record DurabilityPolicy(Mode mode, Duration gather) {

    public enum Mode {
        FSYNC,
        GROUP,
        NONE
    }

    public static final DurabilityPolicy FSYNC_EACH =
            new DurabilityPolicy(Mode.FSYNC, Duration.ZERO);
    public static final DurabilityPolicy DEFAULT = group(Duration.ofMillis(100));
    public static final DurabilityPolicy NONE = new DurabilityPolicy(Mode.NONE, DEFAULT.gather);

    public DurabilityPolicy {
        if (mode == Mode.GROUP && (gather.isNegative() || gather.isZero())) {
            throw new IllegalArgumentException(
                    "a group commit interval is positive, not " + gather);
        }
    }

    public static DurabilityPolicy group(Duration interval) {
        return new DurabilityPolicy(Mode.GROUP, interval);
    }

    /** The policy as {@code --durability} spells it, for the start line. */
    public String spelled() {
        return mode == Mode.GROUP
                ? "group:" + gather.toMillis() + "ms"
                : mode.name().toLowerCase(Locale.ROOT);
    }

    public boolean holdsUntilDurable() {
        return mode == Mode.FSYNC;
    }

    /** Reads {@code fsync}, {@code none}, or {@code group} with an optional {@code :10ms}. */
    public static DurabilityPolicy parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.startsWith("group:") && t.endsWith("ms")) {
            try {
                return group(Duration.ofMillis(Long.parseLong(t.substring(6, t.length() - 2))));
            } catch (NumberFormatException e) {
                // falls through to the error below
            }
        }
        return switch (t) {
            case "fsync" -> FSYNC_EACH;
            case "none" -> NONE;
            case "group" -> DEFAULT;
            default ->
                    throw new IllegalArgumentException(
                            "durability is fsync, group, group:<n>ms or none, not '" + text + "'");
        };
    }
}
