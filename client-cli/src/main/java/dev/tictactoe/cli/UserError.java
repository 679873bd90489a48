package dev.tictactoe.cli;

/** An expected failure shown to the user as one line of words, never as a stack trace. */
final class UserError extends RuntimeException {
    private final int exitCode;

    UserError(String message) {
        this(message, ExitCodes.ERROR);
    }

    UserError(String message, int exitCode) {
        super(message, null, false, false);
        this.exitCode = exitCode;
    }

    int exitCode() {
        return exitCode;
    }
}
