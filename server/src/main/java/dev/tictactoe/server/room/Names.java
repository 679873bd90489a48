package dev.tictactoe.server.room;

import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.Protocol;

/**
 * Applies the protocol's name rule ({@link Protocol#normalizeName}) with the room's length limit.
 */
final class Names {

    private Names() {}

    /** The name as it will be shown, or a refusal. */
    static String check(String name, int max) {
        String normalized = Protocol.normalizeName(name, max);
        if (normalized == null) {
            throw new Rejection(
                    ErrorCode.NAME_INVALID,
                    "a name is 1 to " + max + " characters, without control or format characters");
        }
        return normalized;
    }
}
