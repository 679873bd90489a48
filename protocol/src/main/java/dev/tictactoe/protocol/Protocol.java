package dev.tictactoe.protocol;

import org.jspecify.annotations.Nullable;

/** Constants and small validity checks shared by both ends of the wire protocol. */
public final class Protocol {
    /** The protocol version a client states in {@code join}; bumped on incompatible changes. */
    public static final int VERSION = 1;

    /** Longest player name, in characters (code points). */
    public static final int MAX_NAME_LENGTH = 32;

    /** Longest client-chosen move id. */
    public static final int MAX_MOVE_ID_LENGTH = 64;

    /** Largest WebSocket frame either side accepts, in bytes. */
    public static final int MAX_FRAME_BYTES = 64 * 1024;

    /** Smallest and largest board side. */
    public static final int MIN_SIZE = 3;

    public static final int MAX_SIZE = 19;

    /** Shortest winning row; the longest is the board side. */
    public static final int MIN_WIN_LENGTH = 3;

    /**
     * Largest {@code botSeed} of a new room: 2^53 - 1, the largest integer every JSON reader
     * (JavaScript's numbers included) holds exactly. The smallest is 0.
     */
    public static final long MAX_BOT_SEED = (1L << 53) - 1;

    /** Largest {@code seq} of a {@code ping}, for the same reason; the smallest is 0. */
    public static final long MAX_PING_SEQ = (1L << 53) - 1;

    private Protocol() {}

    /**
     * True when {@code name} is a valid player name as the server would take it, with the default
     * length limit; see {@link #normalizeName}.
     */
    public static boolean isValidName(@Nullable String name) {
        return normalizeName(name, MAX_NAME_LENGTH) != null;
    }

    /**
     * The one rule for player names: surrounding white space is trimmed; what is left must be 1 to
     * {@code maxLength} code points with no control or format characters (so no bidi overrides,
     * zero-width characters or byte-order marks), no line or paragraph separators, no private-use,
     * unassigned or lone surrogate code points. Returns the trimmed name, null if it breaks the
     * rule.
     */
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
