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
     * Commits every {@link #DEFAULT_GROUP_INTERVAL} with {@code synchronous=OFF}: a process crash
     * loses what gathered since the last commit; a power loss or an OS crash can lose any recent
     * change and may leave the database unreadable.
     */
    DurabilityPolicy NONE = new None();

    /** How often the default group commit commits. */
    Duration DEFAULT_GROUP_INTERVAL = Duration.ofMillis(100);

    DurabilityPolicy DEFAULT = new GroupCommit(DEFAULT_GROUP_INTERVAL);

    record FsyncEach() implements DurabilityPolicy {
        @Override
        public Duration gather() {
            return Duration.ZERO;
        }

        @Override
        public String spelled() {
            return "fsync";
        }

        @Override
        public boolean holdsUntilDurable() {
            return true;
        }
    }

    /**
     * Commits what gathered every {@code interval}, each commit fsynced ({@code synchronous=FULL}):
     * a process crash or a power loss takes at most the last interval's changes. Clients see a
     * change before it is committed.
     */
    record GroupCommit(Duration interval) implements DurabilityPolicy {
        public GroupCommit {
            if (interval.isNegative() || interval.isZero()) {
                throw new IllegalArgumentException(
                        "a group commit interval is positive, not " + interval);
            }
        }

        @Override
        public Duration gather() {
            return interval;
        }

        @Override
        public String spelled() {
            return "group:" + interval.toMillis() + "ms";
        }

        @Override
        public boolean holdsUntilDurable() {
            return false;
        }
    }

    record None() implements DurabilityPolicy {
        @Override
        public Duration gather() {
            return DEFAULT_GROUP_INTERVAL;
        }

        @Override
        public String spelled() {
            return "none";
        }

        @Override
        public boolean holdsUntilDurable() {
            return false;
        }
    }

    /*
     * Each record answers the three questions below for itself: a default method here would make
     * initializing a record initialize this interface, whose constants make records, a cycle two
     * threads could deadlock on.
     */

    /** How long the writer lets records gather before it commits them. */
    Duration gather();

    /** The policy as {@code --durability} spells it, for the start line. */
    String spelled();

    /** True when a room holds what it sends of a change until the store has it on disk. */
    boolean holdsUntilDurable();

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
