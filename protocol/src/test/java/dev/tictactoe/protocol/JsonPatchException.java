package dev.tictactoe.protocol;

/** A JSON Patch could not be applied: a path that does not resolve, or a failed test. */
final class JsonPatchException extends RuntimeException {
    JsonPatchException(String message) {
        super(message);
    }
}
