package dev.tictactoe.protocol;

import org.jspecify.annotations.Nullable;

import java.util.Objects;

/**
 * A message or exchange broke the protocol; carries the error code to send back and a precise human
 * message naming the offending field.
 */
public final class ProtocolException extends RuntimeException {
    private final ErrorCode code;
    private final @Nullable String ref;

    public ProtocolException(ErrorCode code, String message) {
        // No stack trace: bad input from a peer is an expected value, not a bug, and can be
        // frequent.
        this(code, message, null, null);
    }

    public ProtocolException(ErrorCode code, String message, Throwable cause) {
        this(code, message, cause, null);
    }

    private ProtocolException(
            ErrorCode code, String message, @Nullable Throwable cause, @Nullable String ref) {
        super(message, cause, false, false);
        this.code = code;
        this.ref = ref;
    }

    /** The same refusal, naming what it refers to (the error's {@code ref}). */
    public ProtocolException withRef(@Nullable String ref) {
        return new ProtocolException(code, getMessage(), getCause(), ref);
    }

    /** What the refused message was, for the error's {@code ref}: its id, else its type. */
    public @Nullable String ref() {
        return ref;
    }

    /** The message given at construction, which every constructor requires. */
    @Override
    public String getMessage() {
        return Objects.requireNonNull(super.getMessage());
    }

    /** The error code a server would answer with. */
    public ErrorCode code() {
        return code;
    }
}
