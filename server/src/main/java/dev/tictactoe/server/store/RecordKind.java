package dev.tictactoe.server.store;

/**
 * What a journal record says happened to a room. Each kind has a fixed byte on disk: never renumber
 * one, only add new bytes (and raise {@link JournalFormat#VERSION} when a kind's meaning changes).
 * Two kinds mean something to the journal itself: {@link #CHECKPOINT} replaces a room's earlier
 * records and {@link #END} forgets the room; the others are the room's own business, one per change
 * it made (the room reads its payloads). {@link #CREATED}, {@link #SETTINGS} and {@link #RESULT}
 * are reserved and not written: a room's creation and settings are its first checkpoint, and a
 * result is part of the change that caused it.
 */
public enum RecordKind {
    CREATED(1),
    SETTINGS(2),
    SEATED(3),
    MOVE(4),
    UNDO(5),
    RESIGN(6),
    RESULT(7),
    REMATCH(8),
    BOT_SEATED(9),
    /** A seat emptied: its player left for good or its grace ran out. */
    LEFT(10),
    /** The room's whole state: recovery starts the room from the newest one. */
    CHECKPOINT(11),
    /** The room is gone: recovery drops it and compaction drops its records. */
    END(12),
    SPECTATORS(13),
    /** A player's connection dropped; the seat is held for a while. */
    DROPPED(14),
    /** A dropped player came back. */
    RETURNED(15),
    UNDO_ANSWER(16),
    CLAIM(17),
    TIMEOUT(18),
    /** The room came back after a restart. */
    RESUMED(19);

    private static final RecordKind[] BY_CODE = new RecordKind[256];

    static {
        for (RecordKind kind : values()) {
            BY_CODE[kind.code] = kind;
        }
    }

    private final byte code;

    RecordKind(int code) {
        this.code = (byte) code;
    }

    byte code() {
        return code;
    }

    /** The kind written as {@code code}, or null when this version does not know it. */
    static RecordKind ofCode(byte code) {
        return BY_CODE[code & 0xff];
    }
}
