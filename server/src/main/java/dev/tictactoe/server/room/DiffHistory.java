package dev.tictactoe.server.room;

import org.jspecify.annotations.Nullable;

import java.util.Objects;

/** A room's last encoded diffs, in a ring of reused buffers that doubles up to its capacity. */
final class DiffHistory {

    private static final int INITIAL = 4;

    /** A buffer's size is a multiple of this, so diffs a little longer than the last still fit. */
    private static final int BUFFER_STEP = 64;

    private final int capacity;

    private byte[] @Nullable [] buffers;

    private int[] lengths;

    /** Versions {@code newest - held + 1 .. newest} are held. */
    private long newest;

    private int held;

    DiffHistory(int capacity) {
        this.capacity = capacity;
        this.buffers = new byte[Math.min(INITIAL, capacity)][];
        this.lengths = new int[buffers.length];
    }

    /** The next version's diff: the first {@code length} bytes of {@code encoded}. */
    void add(long version, byte[] encoded, int length) {
        if (held == buffers.length && buffers.length < capacity) {
            grow();
        }
        newest = version;
        int slot = slot(version);
        byte[] buffer = buffers[slot];
        if (buffer == null || buffer.length < length) {
            buffer = new byte[(length / BUFFER_STEP + 1) * BUFFER_STEP];
            buffers[slot] = buffer;
        }
        System.arraycopy(encoded, 0, buffer, 0, length);
        lengths[slot] = length;
        held = Math.min(held + 1, buffers.length);
    }

    boolean covers(long version) {
        return version >= 0 && version <= newest && newest - version <= held;
    }

    /** The diff of a version it {@link #covers}, not copied: send it before the next is added. */
    Outgoing diff(long version) {
        int slot = slot(version);
        return new Outgoing(
                Objects.requireNonNull(buffers[slot], "no diff held in this slot"), lengths[slot]);
    }

    /** Empty at {@code version}: a member there needs no diff, one behind it a snapshot. */
    void startAt(long version) {
        newest = version;
        held = 0;
    }

    private int slot(long version) {
        return (int) (version % buffers.length);
    }

    /** Doubles the ring, moving each held diff's buffer to its slot in the larger one. */
    private void grow() {
        byte[] @Nullable [] oldBuffers = buffers;
        int[] oldLengths = lengths;
        buffers = new byte[Math.min(capacity, oldBuffers.length * 2)][];
        lengths = new int[buffers.length];
        for (long v = newest - held + 1; v <= newest; v++) {
            int from = (int) (v % oldBuffers.length);
            buffers[slot(v)] = oldBuffers[from];
            lengths[slot(v)] = oldLengths[from];
        }
    }
}
