package dev.tictactoe.server.store;

import java.util.HashMap;
import java.util.Map;

/**
 * Where each live room's history starts in the journal: at its first record, or at its newest
 * checkpoint. Everything before that start, and every record of a room that ended, is garbage that
 * compaction leaves behind. One small entry per live room, whatever the journal's size.
 */
final class LiveIndex {

    /** A place in the journal: a segment and an offset in it, in write order. */
    record Pos(long seq, long offset) implements Comparable<Pos> {
        @Override
        public int compareTo(Pos o) {
            return seq != o.seq ? Long.compare(seq, o.seq) : Long.compare(offset, o.offset);
        }
    }

    private final Map<String, Pos> starts = new HashMap<>();

    /**
     * Notes a record written at {@code offset} of segment {@code seq}; records arrive in write
     * order. The place is made only when the index keeps it: most records leave it as it is.
     */
    void apply(String room, RecordKind kind, long seq, long offset) {
        switch (kind) {
            case END -> starts.remove(room);
            case CHECKPOINT -> starts.put(room, new Pos(seq, offset));
            default -> {
                if (!starts.containsKey(room)) {
                    starts.put(room, new Pos(seq, offset));
                }
            }
        }
    }

    /** True if the record of {@code room} at {@code pos} is still part of a live room's history. */
    boolean keeps(String room, Pos pos) {
        Pos start = starts.get(room);
        return start != null && pos.compareTo(start) >= 0;
    }

    int liveRooms() {
        return starts.size();
    }
}
