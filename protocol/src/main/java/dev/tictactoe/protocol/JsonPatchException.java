package dev.tictactoe.protocol;

/** A JSON Patch could not be applied: a path that does not resolve, or a failed test. */
public final class JsonPatchException extends RuntimeException {
    public JsonPatchException(String message) {
        super(message);
    }
}
