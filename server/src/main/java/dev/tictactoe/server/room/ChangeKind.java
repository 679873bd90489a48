package dev.tictactoe.server.room;

/**
 * The kinds of change a room writes to its journal, one per published version: the one numbering of
 * a command's kind, in its record's bytes ({@link ChangeCodec}) and in the store's {@code kind}
 * column. The codes are on disk: never renumber one, only add new ones.
 */
public enum ChangeKind {
    /** A person took a seat. */
    SEATED(1),
    /** The number of spectators changed. */
    SPECTATORS(2),
    /** A player's connection dropped; the seat is held until a wall-clock deadline. */
    DROPPED(3),
    /** A dropped player came back. */
    RETURNED(4),
    /** A seat was emptied: its player left for good or its grace ran out. */
    FREED(5),
    /** A move by a person or a bot. */
    MOVED(6),
    /** A takeback asked for (granted at once against a bot). */
    UNDO(7),
    /** A takeback request answered. */
    UNDO_ANSWER(8),
    RESIGNED(9),
    /** A game claimed from an idle opponent. */
    CLAIMED(10),
    /** A rematch offered (or started, when both have offered). */
    REMATCH(11),
    BOT_SEATED(12),
    /** The side to move ran out of time. */
    TIMED_OUT(13),
    /** The room came back after a restart: the times shown moved with the wall clock. */
    RESUMED(14);

    private static final ChangeKind[] BY_CODE = new ChangeKind[256];

    static {
        for (ChangeKind kind : values()) {
            BY_CODE[kind.code] = kind;
        }
    }

    private final byte code;

    ChangeKind(int code) {
        this.code = (byte) code;
    }

    /** The kind's number on disk. */
    public int code() {
        return code;
    }

    /** The kind written as {@code code}, or null when this version does not know it. */
    static ChangeKind ofCode(byte code) {
        return BY_CODE[code & 0xff];
    }
}
