package dev.tictactoe.protocol;

/** WebSocket close codes the server uses, standard (RFC 6455) and application-specific. */
public final class CloseCodes {
    /** Normal closure: the session ended as intended. */
    public static final int NORMAL = 1000;

    /** Going away: server shutdown, or the connection was idle too long. */
    public static final int GOING_AWAY = 1001;

    /** Protocol error: a frame that breaks RFC 6455 (reserved opcode, unmasked, ...). */
    public static final int PROTOCOL_ERROR = 1002;

    /** Unsupported data: a binary frame was sent. */
    public static final int UNSUPPORTED_DATA = 1003;

    /** Never sent on the wire: the local marker for a connection that dropped without a close. */
    public static final int ABNORMAL = 1006;

    /** Invalid payload: a text message that is not UTF-8. */
    public static final int INVALID_PAYLOAD = 1007;

    /** Policy violation: repeated rate-limit abuse. */
    public static final int POLICY_VIOLATION = 1008;

    /**
     * Message too big: a frame, or a message in fragments, over {@link Protocol#MAX_FRAME_BYTES}.
     */
    public static final int MESSAGE_TOO_BIG = 1009;

    /** Internal error on the server. */
    public static final int SERVER_ERROR = 1011;

    /** The seat was taken over by a newer connection presenting the same seat token. */
    public static final int REPLACED = 4001;

    /** The member sent {@code leave}; the server confirms by closing. */
    public static final int LEFT = 4002;

    /**
     * The room was closed by the server's operator, for the reason the close frame gives; it is
     * gone, so do not reconnect.
     */
    public static final int ROOM_CLOSED = 4004;

    /**
     * The server's operator cut this connection. The seat is held for the seat grace as after any
     * drop: rejoining with the seat token takes it back.
     */
    public static final int DISCONNECTED = 4005;

    /**
     * Too slow: more was waiting to be sent to this connection than the server holds for one (it
     * stopped reading). Reconnect and rejoin; the snapshot catches up.
     */
    public static final int TOO_SLOW = 4008;

    private CloseCodes() {}

    /** A short name for a close code, for logs and terminal output. */
    public static String describe(int code) {
        return switch (code) {
            case NORMAL -> "normal";
            case GOING_AWAY -> "going away";
            case PROTOCOL_ERROR -> "protocol error";
            case UNSUPPORTED_DATA -> "unsupported data";
            case ABNORMAL -> "connection lost";
            case INVALID_PAYLOAD -> "invalid payload";
            case POLICY_VIOLATION -> "policy violation";
            case MESSAGE_TOO_BIG -> "message too big";
            case SERVER_ERROR -> "server error";
            case REPLACED -> "replaced by a newer connection";
            case LEFT -> "left";
            case ROOM_CLOSED -> "room closed";
            case DISCONNECTED -> "disconnected by the operator";
            case TOO_SLOW -> "too slow";
            default -> "code " + code;
        };
    }
}
