package dev.tictactoe.server.store;

/**
 * What a journal record says happened to a room. Each kind has a fixed byte on disk: never
 * renumber one, only add new bytes (and raise {@link JournalFormat#VERSION} when a kind's meaning
 * changes). Two kinds mean something to the journal itself: {@link #CHECKPOINT} replaces a room's
 * earlier records and {@link #END} forgets the room; the others are the room's own business.
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
    LEFT(10),
    /** The room's whole state: recovery starts the room from the newest one. */
    CHECKPOINT(11),
    /** The room is gone: recovery drops it and compaction drops its records. */
    END(12);

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
