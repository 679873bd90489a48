package dev.tictactoe.server.room;

/**
 * The last few encoded diffs of a room, so a member who missed some gets them replayed. The ring
 * starts small and doubles up to its capacity: most rooms sit idle with a handful of diffs.
 */
final class DiffHistory {

    private static final int INITIAL = 4;

    private final int capacity;
    private byte[][] diffs;

    /** Versions {@code newest - held + 1 .. newest} are held. */
    private long newest;

    private int held;

    DiffHistory(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException(
                    "a diff history holds at least one diff, not " + capacity);
        }
        this.capacity = capacity;
        this.diffs = new byte[Math.min(INITIAL, capacity)][];
    }

    /** Adds the diff that produced {@code version}, one more than the newest held. */
    void add(long version, byte[] encodedDiff) {
        if (held == diffs.length && diffs.length < capacity) {
            grow();
        }
        newest = version;
        diffs[slot(version)] = encodedDiff;
        held = Math.min(held + 1, diffs.length);
    }

    /** True if every diff after {@code version} up to the newest is still held. */
    boolean covers(long version) {
        return version >= 0 && version <= newest && newest - version <= held;
    }

    /** The encoded diff that produced {@code version}; callers check {@link #covers} first. */
    byte[] get(long version) {
        return diffs[slot(version)];
    }

    /** The held diffs, oldest first; the last produced the newest version. */
    java.util.List<byte[]> held() {
        java.util.List<byte[]> list = new java.util.ArrayList<>(held);
        for (long v = newest - held + 1; v <= newest; v++) {
            list.add(get(v));
        }
        return list;
    }

    private int slot(long version) {
        return (int) (version % diffs.length);
    }

    /** Doubles the ring, moving each held diff to its slot in the larger one. */
    private void grow() {
        byte[][] old = diffs;
        diffs = new byte[Math.min(capacity, old.length * 2)][];
        for (long v = newest - held + 1; v <= newest; v++) {
            diffs[slot(v)] = old[(int) (v % old.length)];
        }
    }
}
