package dev.tictactoe.server.store;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * One accepted change of a room: its code, what kind of change, the room version it produced and a
 * payload the journal stores without reading (the room puts JSON there).
 */
public record JournalRecord(String room, RecordKind kind, long version, byte[] payload) {

    /** The longest room code a record can name, in UTF-8 bytes (its length is one byte on disk). */
    public static final int MAX_ROOM_BYTES = 255;

    private static final byte[] EMPTY = new byte[0];

    public JournalRecord {
        if (room.isEmpty() || room.getBytes(StandardCharsets.UTF_8).length > MAX_ROOM_BYTES) {
            throw new IllegalArgumentException(
                    "a room code has 1.." + MAX_ROOM_BYTES + " bytes: '" + room + "'");
        }
        if (kind == null) {
            throw new IllegalArgumentException("a record needs a kind");
        }
        payload = payload == null ? EMPTY : payload;
    }

    /** The record that tells the journal {@code room} is gone. */
    public static JournalRecord end(String room, long version) {
        return new JournalRecord(room, RecordKind.END, version, EMPTY);
    }

    /** The payload as UTF-8 text. */
    public String text() {
        return new String(payload, StandardCharsets.UTF_8);
    }

    // A record holds an array: compare its contents, not its identity.

    @Override
    public boolean equals(Object o) {
        return o instanceof JournalRecord r
                && r.room.equals(room)
                && r.kind == kind
                && r.version == version
                && Arrays.equals(r.payload, payload);
    }

    @Override
    public int hashCode() {
        return (room.hashCode() * 31 + kind.hashCode()) * 31
                + Long.hashCode(version)
                + Arrays.hashCode(payload);
    }

    @Override
    public String toString() {
        return "JournalRecord["
                + room
                + " "
                + kind
                + " v"
                + version
                + " "
                + (payload.length <= 64
                        ? HexFormat.of().formatHex(payload)
                        : payload.length + " bytes")
                + "]";
    }
}
