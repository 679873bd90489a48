package dev.tictactoe.server.store;

/**
 * What the store did with a write: took it, or refused it without writing anything, in which case
 * the room plays on in memory and writes its whole state with the next change the store takes.
 */
public sealed interface AppendResult {

    /** The one accepted value. */
    AppendResult ACCEPTED = new Accepted();

    /** The write is queued for the writer and will be durable per the store's policy. */
    record Accepted() implements AppendResult {}

    /** The write was not taken; {@code message} says why in words fit for a log or an error. */
    record Refused(Reason reason, String message) implements AppendResult {}

    /** Why a write was refused. */
    enum Reason {
        /** The writer's queue is full: the disk is slower than the rooms. */
        QUEUE_FULL,
        /** The last commit failed (disk full, I/O error) and has not succeeded since. */
        FAILING,
        /** The store is closed. */
        CLOSED
    }

    default boolean accepted() {
        return this instanceof Accepted;
    }
}
