package dev.tictactoe.server.store;

import java.io.IOException;

/**
 * The data directory cannot be used, for a reason an operator must act on (another server holds it,
 * it is in an older format, its database is damaged); the message says so in one line.
 */
public final class DataDirException extends IOException {

    public DataDirException(String message) {
        super(message);
    }
}
