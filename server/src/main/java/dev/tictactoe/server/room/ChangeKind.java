package dev.tictactoe.server.room;

import org.jspecify.annotations.Nullable;

/**
 * The kinds of change a room journals, numbered from 1 in this order in its records and the store's
 * {@code kind} column: the codes are on disk, so new kinds only go at the end.
 */
public enum ChangeKind {
    SEATED,
    SPECTATORS,
    DROPPED,
    RETURNED,
    FREED,
    MOVED,
    UNDO,
    UNDO_ANSWER,
    RESIGNED,
    CLAIMED,
    REMATCH,
    BOT_SEATED,
    TIMED_OUT,
    RESUMED;

    public int code() {
        return ordinal() + 1;
    }

    /** The kind written as {@code code}, null when this version does not know it. */
    static @Nullable ChangeKind ofCode(byte code) {
        return code >= 1 && code <= values().length ? values()[code - 1] : null;
    }
}
