package dev.tictactoe.server.store;

/** What the store did with a write: took it, or refused it without writing anything. */
public sealed interface AppendResult {

    /** The one accepted value. */
    AppendResult ACCEPTED = new Accepted();

    record Accepted() implements AppendResult {}

    /** The write was not taken; {@code message} says why in words fit for a log or an error. */
    record Refused(Reason reason, String message) implements AppendResult {}

    /** Why: the disk is slower than the rooms, the last commit failed, or the store closed. */
    enum Reason {
        QUEUE_FULL,
        FAILING,
        CLOSED
    }

    default boolean accepted() {
        return this instanceof Accepted;
    }
}
