package dev.tictactoe.server.store;

import java.io.IOException;

/** The data directory cannot be used, for a reason an operator must act on, in one line. */
public final class DataDirException extends IOException {

    public DataDirException(String message) {
        super(message);
    }
}
