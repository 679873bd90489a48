package dev.tictactoe.server.store;

import java.time.Duration;
import java.util.Locale;

/**
 * When the journal forces what it wrote to the disk, which is when an append's durable callback
 * runs. Each policy trades the changes a power loss can take against fsync calls.
 */
public sealed interface DurabilityPolicy {

    /** Force after every batch the writer takes from its queue: nothing acknowledged is lost. */
    DurabilityPolicy FSYNC_EACH = new FsyncEach();

    /** Leave the data to the OS: a process crash loses nothing, a power loss the last seconds. */
    DurabilityPolicy NONE = new None();

    /** The interval of the default group commit. */
    Duration DEFAULT_GROUP_INTERVAL = Duration.ofMillis(100);

    /**
     * Under a group commit, how long the writer lets records gather before it writes them (never
     * longer than the interval): the most a process crash can take.
     */
    Duration GATHER = Duration.ofMillis(20);

    /** Group commit every 100 ms: at most 10 fsyncs a second, whatever the load. */
    DurabilityPolicy DEFAULT = new GroupCommit(DEFAULT_GROUP_INTERVAL);

    /** See {@link #FSYNC_EACH}. */
    record FsyncEach() implements DurabilityPolicy {}

    /**
     * Force at most once per {@code interval}, and write what gathered every {@link #GATHER}: a
     * busy journal costs a wake-up and a write per gathering and a force per interval, not per
     * record; a process crash takes at most the last gathering's changes, a power loss the last
     * interval's.
     */
    record GroupCommit(Duration interval) implements DurabilityPolicy {
        public GroupCommit {
            if (interval.isNegative() || interval.isZero()) {
                throw new IllegalArgumentException(
                        "a group commit interval is positive, not " + interval);
            }
        }
    }

    /** See {@link #NONE}. */
    record None() implements DurabilityPolicy {}

    /**
     * Reads {@code fsync}, {@code none}, or {@code group} with an optional interval ({@code
     * group:10ms}).
     */
    static DurabilityPolicy parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.equals("fsync")) {
            return FSYNC_EACH;
        }
        if (t.equals("none")) {
            return NONE;
        }
        if (t.equals("group")) {
            return DEFAULT;
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
