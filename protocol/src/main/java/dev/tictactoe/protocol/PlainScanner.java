package dev.tictactoe.protocol;

/**
 * Reads the messages a client sends all through a game, spelled plainly, character by character: a
 * move (fields {@code type}, {@code id} in printable ASCII without escapes, {@code version} and
 * {@code cell} as non-negative integers), a ping (its {@code seq} likewise) or a message with no
 * field but its type (undo, resign, claim, rematch, history, leave); fields in any order,
 * whitespace allowed. This costs a fraction of creating a JSON parser. Anything else gives null and
 * goes to the tree decoder, which then gives the same result or the precise error.
 */
final class PlainScanner {

    private static final int ABSENT = -1;

    /** Longest integers read here: beyond, the value may not fit and the tree decoder judges it. */
    private static final int MAX_VERSION_DIGITS = 18;

    private static final int MAX_CELL_DIGITS = 9;

    /** {@link Protocol#MAX_PING_SEQ} has 16 digits. */
    private static final int MAX_SEQ_DIGITS = 16;

    private final String text;
    private int at;

    private PlainScanner(String text) {
        this.text = text;
    }

    /** The message {@code json} spells plainly, or null. */
    static ClientMessage scan(String json) {
        return new PlainScanner(json).message();
    }

    private ClientMessage message() {
        String type = null;
        String id = null;
        long version = ABSENT;
        long cell = ABSENT;
        long seq = ABSENT;
        if (!take('{')) {
            return null;
        }
        do {
            int start = quoted();
            int end = at - 1;
            if (start < 0 || !take(':')) {
                return null;
            }
            // Each branch stops at the first thing it cannot read: what follows is not trusted.
            if (is("type", start, end) && type == null) {
                if ((type = string()) == null) {
                    return null;
                }
            } else if (is("id", start, end) && id == null) {
                if ((id = string()) == null) {
                    return null;
                }
            } else if (is("version", start, end) && version == ABSENT) {
                if ((version = integer(MAX_VERSION_DIGITS)) == ABSENT) {
                    return null;
                }
            } else if (is("cell", start, end) && cell == ABSENT) {
                if ((cell = integer(MAX_CELL_DIGITS)) == ABSENT) {
                    return null;
                }
            } else if (is("seq", start, end) && seq == ABSENT) {
                if ((seq = integer(MAX_SEQ_DIGITS)) == ABSENT) {
                    return null;
                }
            } else {
                return null; // unknown or repeated
            }
        } while (take(','));
        if (!take('}') || !atEnd() || type == null) {
            return null;
        }
        MessageType known = MessageType.client(type);
        if (known == null) {
            return null;
        }
        boolean onlyType = id == null && version == ABSENT && cell == ABSENT && seq == ABSENT;
        return switch (known) {
            case MOVE ->
                    id == null || version == ABSENT || cell == ABSENT || !Json.isMoveIdLength(id)
                            ? null
                            : new ClientMessage.Move(id, version, (int) cell);
            case UNDO -> onlyType ? new ClientMessage.Undo() : null;
            case RESIGN -> onlyType ? new ClientMessage.Resign() : null;
            case CLAIM -> onlyType ? new ClientMessage.Claim() : null;
            case REMATCH -> onlyType ? new ClientMessage.Rematch() : null;
            case HISTORY -> onlyType ? new ClientMessage.History() : null;
            case LEAVE -> onlyType ? new ClientMessage.Leave() : null;
            case PING -> onlySeq(id, version, cell, seq) ? new ClientMessage.Ping(seq) : null;
            case PONG_REPLY -> onlySeq(id, version, cell, seq) ? new ClientMessage.Pong(seq) : null;
            default -> null;
        };
    }

    private static boolean onlySeq(String id, long version, long cell, long seq) {
        return id == null
                && version == ABSENT
                && cell == ABSENT
                && seq != ABSENT
                && seq <= Protocol.MAX_PING_SEQ;
    }

    /** Skips whitespace, then consumes {@code c} if it comes next. */
    private boolean take(char c) {
        skipWhitespace();
        if (at < text.length() && text.charAt(at) == c) {
            at++;
            return true;
        }
        return false;
    }

    /** A string of printable ASCII without escapes, or null. */
    private String string() {
        int start = quoted();
        return start < 0 ? null : text.substring(start, at - 1);
    }

    /**
     * Consumes a string of printable ASCII without escapes and gives the index where its contents
     * start; they run up to the closing quote, then at {@code at - 1}. Gives -1 if what comes next
     * is not such a string.
     */
    private int quoted() {
        if (!take('"')) {
            return -1;
        }
        int start = at;
        for (; at < text.length(); at++) {
            char c = text.charAt(at);
            if (c == '"') {
                at++;
                return start;
            }
            if (c < 0x20 || c > 0x7e || c == '\\') {
                return -1;
            }
        }
        return -1;
    }

    private boolean is(String name, int start, int end) {
        return end - start == name.length() && text.startsWith(name, start);
    }

    /**
     * A non-negative integer in JSON's form (no leading zeros) of at most {@code maxDigits}, or
     * ABSENT.
     */
    private long integer(int maxDigits) {
        skipWhitespace();
        int start = at;
        long value = 0;
        while (at < text.length() && text.charAt(at) >= '0' && text.charAt(at) <= '9') {
            value = value * 10 + (text.charAt(at++) - '0');
        }
        int digits = at - start;
        if (digits == 0 || digits > maxDigits || (digits > 1 && text.charAt(start) == '0')) {
            return ABSENT;
        }
        // A fraction or exponent makes it a number of another kind.
        if (at < text.length()
                && (text.charAt(at) == '.' || text.charAt(at) == 'e' || text.charAt(at) == 'E')) {
            return ABSENT;
        }
        return value;
    }

    private boolean atEnd() {
        skipWhitespace();
        return at == text.length();
    }

    private void skipWhitespace() {
        while (at < text.length()) {
            char c = text.charAt(at);
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                return;
            }
            at++;
        }
    }
}
