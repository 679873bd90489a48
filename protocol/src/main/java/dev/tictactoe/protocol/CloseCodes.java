package dev.tictactoe.protocol;

/** WebSocket close codes the server uses, standard (RFC 6455) and application-specific. */
public final class CloseCodes {
    public static final int NORMAL = 1000;
    public static final int GOING_AWAY = 1001; // a server shutting down, or an idle connection
    public static final int PROTOCOL_ERROR = 1002; // a frame that breaks RFC 6455
    public static final int UNSUPPORTED_DATA = 1003; // a binary frame
    public static final int ABNORMAL = 1006; // never on the wire: a drop without a close frame
    public static final int INVALID_PAYLOAD = 1007; // a text message that is not UTF-8
    public static final int POLICY_VIOLATION = 1008; // repeated rate-limit abuse
    public static final int MESSAGE_TOO_BIG = 1009; // over Protocol.MAX_FRAME_BYTES
    public static final int SERVER_ERROR = 1011;
    public static final int REPLACED = 4001; // a newer connection took the seat with its token
    public static final int LEFT = 4002; // the member sent leave
    public static final int ROOM_CLOSED = 4004; // by the operator, for good: do not reconnect
    public static final int DISCONNECTED = 4005; // by the operator; the seat is held, as on a drop
    public static final int TOO_SLOW = 4008; // it stopped reading; a rejoin catches up

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
