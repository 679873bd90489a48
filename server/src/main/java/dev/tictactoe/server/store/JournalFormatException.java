package dev.tictactoe.server.store;

import java.io.IOException;

/** A journal that this code must not read: a newer or unknown format, or history lost mid-file. */
public final class JournalFormatException extends IOException {

    public JournalFormatException(String message) {
        super(message);
    }
}
