package dev.tictactoe.server.room;

/**
 * The kinds of change a room journals, numbered in its records and the store's {@code kind} column.
 * The codes are on disk: never renumber one, only add new ones.
 */
public enum ChangeKind {
    SEATED(1),
    SPECTATORS(2),
    DROPPED(3),
    RETURNED(4),
    FREED(5),
    MOVED(6),
    UNDO(7),
    UNDO_ANSWER(8),
    RESIGNED(9),
    CLAIMED(10),
    REMATCH(11),
    BOT_SEATED(12),
    TIMED_OUT(13),
    RESUMED(14);

    private final byte code;

    ChangeKind(int code) {
        this.code = (byte) code;
    }

    public int code() {
        return code;
    }

    /** The kind written as {@code code}, or null when this version does not know it. */
    static ChangeKind ofCode(byte code) {
        for (ChangeKind kind : values()) {
            if (kind.code == code) {
                return kind;
            }
        }
        return null;
    }
}
