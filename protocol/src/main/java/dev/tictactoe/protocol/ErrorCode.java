package dev.tictactoe.protocol;

/** Why the server refused something. */
public enum ErrorCode implements WireWord {
    BAD_MESSAGE("the message could not be understood"),
    UNSUPPORTED_PROTOCOL("this server does not speak that protocol version"),
    MESSAGE_TOO_LARGE("the message is larger than the server accepts"),
    BINARY_NOT_SUPPORTED("only text frames are accepted"),
    NOT_JOINED("send join first"),
    ALREADY_JOINED("this connection has already joined"),
    UNKNOWN_ROOM("there is no room with that code"),
    ROOM_FULL("both seats are taken"),
    SERVER_FULL("the server is at capacity, try again later"),
    NAME_INVALID("names are 1 to 32 characters, without control or format characters"),
    NOT_A_PLAYER("spectators cannot do that"),
    NOT_YOUR_TURN("it is not your turn"),
    WAITING_FOR_OPPONENT("the game has not started: waiting for an opponent"),
    CELL_TAKEN("that cell is already taken"),
    OUT_OF_RANGE("that cell is not on the board"),
    GAME_OVER("the game is over"),
    GAME_NOT_OVER("the game is still in progress"),
    STALE_VERSION("the room has changed since that version"),
    VERSION_AHEAD("the room has not reached that version"),
    NOTHING_TO_UNDO("there is no move to take back"),
    NO_PENDING_REQUEST("there is no request to answer"),
    SEAT_TAKEN("that seat is taken"),
    SPECTATORS_DISABLED("this room does not allow spectators"),
    RATE_LIMITED("too many messages, slow down"),
    ORIGIN_NOT_ALLOWED("pages from that origin may not open a room socket here"),
    CLAIM_NOT_ALLOWED("this game cannot be claimed"),
    CLAIM_TOO_EARLY("the opponent has not been idle long enough to claim the game"),
    INVALID_SETTINGS("those room settings are not valid"),
    INTERNAL_ERROR("something went wrong on the server");

    private final String text;

    ErrorCode(String text) {
        this.text = text;
    }

    /** A default human-readable explanation. */
    public String text() {
        return text;
    }
}
