package dev.tictactoe.server.store;

import java.time.Duration;
import java.util.Locale;

/**
 * What a client's acknowledgement means after a crash: when the writer commits, how SQLite syncs
 * the commit ({@code PRAGMA synchronous}), and whether a room holds what it sends until then.
 */
public sealed interface DurabilityPolicy {

    /**
     * Every batch is committed with {@code synchronous=FULL} (the WAL is fsynced by the commit),
     * and a room sends nothing of a change until its batch is: what a client saw survives a process
     * crash and a power loss.
     */
    DurabilityPolicy FSYNC_EACH = new FsyncEach();

    /**
     * Commits every {@link #GATHER} with {@code synchronous=OFF}: a process crash loses what
     * gathered since the last commit; a power loss or an OS crash can lose any recent change and
     * may leave the database unreadable.
     */
    DurabilityPolicy NONE = new None();

    /** The interval of the default group commit's fsync. */
    Duration DEFAULT_GROUP_INTERVAL = Duration.ofMillis(100);

    /**
     * How long records gather before the writer commits them under {@code group} and {@code none}:
     * the most a process crash can take.
     */
    Duration GATHER = Duration.ofMillis(20);

    DurabilityPolicy DEFAULT = new GroupCommit(DEFAULT_GROUP_INTERVAL);

    record FsyncEach() implements DurabilityPolicy {}

    /**
     * Commits what gathered every {@link #GATHER} ({@code synchronous=NORMAL}: the commit is in the
     * WAL file, in the OS's hands), and fsyncs the WAL at most once per {@code interval}: a process
     * crash takes at most the last gathering's changes, a power loss the last interval's and
     * gathering's. Clients see a change before it is committed.
     */
    record GroupCommit(Duration interval) implements DurabilityPolicy {
        public GroupCommit {
            if (interval.isNegative() || interval.isZero()) {
                throw new IllegalArgumentException(
                        "a group commit interval is positive, not " + interval);
            }
        }
    }

    record None() implements DurabilityPolicy {}

    /** The policy as {@code --durability} spells it, for the start line. */
    default String spelled() {
        return switch (this) {
            case FsyncEach f -> "fsync";
            case None n -> "none";
            case GroupCommit g -> "group:" + g.interval().toMillis() + "ms";
        };
    }

    /** True when a room holds what it sends of a change until the store has it on disk. */
    default boolean holdsUntilDurable() {
        return this instanceof FsyncEach;
    }

    /** Reads {@code fsync}, {@code none}, or {@code group} with an optional {@code :10ms}. */
    static DurabilityPolicy parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        DurabilityPolicy named =
                switch (t) {
                    case "fsync" -> FSYNC_EACH;
                    case "none" -> NONE;
                    case "group" -> DEFAULT;
                    default -> null;
                };
        if (named != null) {
            return named;
        }
        if (t.startsWith("group:") && t.endsWith("ms")) {
            try {
                return new GroupCommit(
                        Duration.ofMillis(Long.parseLong(t.substring(6, t.length() - 2))));
            } catch (NumberFormatException e) {
                // falls through to the error below
            }
        }
        throw new IllegalArgumentException(
                "durability is fsync, group, group:<n>ms or none, not '" + text + "'");
    }
}
