package dev.tictactoe.protocol;

import org.jspecify.annotations.Nullable;

import java.util.Objects;

/** A message broke the protocol: the error code to answer and words naming the field at fault. */
public final class ProtocolException extends RuntimeException {
    private final ErrorCode code;
    private final @Nullable String ref;

    public ProtocolException(ErrorCode code, String message) {
        // No stack trace: bad input from a peer is expected, and can be frequent.
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

    @Override
    public String getMessage() {
        return Objects.requireNonNull(super.getMessage());
    }

    public ErrorCode code() {
        return code;
    }
}
