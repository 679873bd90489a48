package dev.tictactoe.server.room;

import dev.tictactoe.protocol.ErrorCode;

/** A request the rules or the room refuse: answered with a typed error to the sender only. */
final class Rejection extends RuntimeException {

    final ErrorCode code;

    Rejection(ErrorCode code, String message) {
        // No stack trace: this is an expected outcome, not a fault.
        super(message, null, false, false);
        this.code = code;
    }
}
