package dev.tictactoe.server.store;

/** What the store did with a write: took it, or why it refused it. */
public enum AppendResult {
    ACCEPTED,
    /** The disk is slower than the rooms. */
    QUEUE_FULL,
    /** The last commit failed; {@link Store#problem} says how. */
    FAILING,
    CLOSED;

    public boolean accepted() {
        return this == ACCEPTED;
    }
}
