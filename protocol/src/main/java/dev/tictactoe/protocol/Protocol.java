package dev.tictactoe.protocol;

import org.jspecify.annotations.Nullable;

/** Constants and small validity checks shared by both ends of the wire protocol. */
public final class Protocol {
    /** The protocol version a client states in {@code join}; bumped on incompatible changes. */
    public static final int VERSION = 1;

    public static final int MAX_NAME_LENGTH = 32; // code points
    public static final int MAX_MOVE_ID_LENGTH = 64;
    public static final int MAX_FRAME_BYTES = 64 * 1024;
    public static final int MIN_SIZE = 3;
    public static final int MAX_SIZE = 19;
    public static final int MIN_WIN_LENGTH = 3; // the longest is the board side

    /** 2^53 - 1, the largest integer every JSON reader (JavaScript's too) holds exactly. */
    public static final long MAX_BOT_SEED = (1L << 53) - 1;

    public static final long MAX_PING_SEQ = MAX_BOT_SEED;

    private Protocol() {}

    /** Whether the server takes {@code name} with the default length limit. */
    public static boolean isValidName(@Nullable String name) {
        return normalizeName(name, MAX_NAME_LENGTH) != null;
    }

    /** The one rule for names: trimmed, 1 to {@code maxLength} code points, all shown. */
    public static @Nullable String normalizeName(@Nullable String name, int maxLength) {
        if (name == null) {
            return null;
        }
        String trimmed = name.strip();
        int length = trimmed.codePointCount(0, trimmed.length());
        if (length == 0
                || length > maxLength
                || !trimmed.codePoints().allMatch(Protocol::shownInName)) {
            return null;
        }
        return trimmed;
    }

    private static boolean shownInName(int codePoint) {
        return switch (Character.getType(codePoint)) {
            case Character.CONTROL,
                    Character.FORMAT,
                    Character.SURROGATE,
                    Character.UNASSIGNED,
                    Character.PRIVATE_USE,
                    Character.LINE_SEPARATOR,
                    Character.PARAGRAPH_SEPARATOR ->
                    false;
            default -> true;
        };
    }
}
