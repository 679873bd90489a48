package dev.tictactoe.server.room;

/** The last few encoded diffs of a room, so a member who missed some gets them replayed. */
final class DiffHistory {

    private final byte[][] diffs;
    private long newest;

    DiffHistory(int capacity) {
        this.diffs = new byte[capacity][];
    }

    void add(long version, byte[] encodedDiff) {
        diffs[(int) (version % diffs.length)] = encodedDiff;
        newest = version;
    }

    /** True if every diff after {@code version} up to the newest is still held. */
    boolean covers(long version) {
        return version >= 0 && version <= newest && newest - version <= diffs.length;
    }

    /** The encoded diff that produced {@code version}; callers check {@link #covers} first. */
    byte[] get(long version) {
        return diffs[(int) (version % diffs.length)];
    }
}
