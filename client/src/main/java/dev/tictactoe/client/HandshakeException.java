package dev.tictactoe.client;

import org.jspecify.annotations.Nullable;

import java.io.IOException;

/** The WebSocket upgrade was refused with an unexpected status, or timed out (status 0). */
public final class HandshakeException extends IOException {
    private final int status;

    public HandshakeException(int status, String message, @Nullable Throwable cause) {
        super(message, cause);
        this.status = status;
    }

    /** The HTTP status of the refusal, or 0 when there was no answer. */
    public int status() {
        return status;
    }
}
