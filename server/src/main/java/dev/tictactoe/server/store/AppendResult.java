package dev.tictactoe.server.store;

/**
 * What {@link Journal#append} did with a record: took it, or refused it without writing anything,
 * in which case the room refuses the change it stands for.
 */
public sealed interface AppendResult {

    /** The one accepted value. */
    AppendResult ACCEPTED = new Accepted();

    /** The record is queued for the writer and will be durable per the journal's policy. */
    record Accepted() implements AppendResult {}

    /** The record was not taken; {@code message} says why in words fit for a log or an error. */
    record Refused(Reason reason, String message) implements AppendResult {}

    /** Why a record was refused. */
    enum Reason {
        /** The writer's queue is full: the disk is slower than the rooms. */
        QUEUE_FULL,
        /** The last write failed (disk full, I/O error) and has not succeeded since. */
        FAILING,
        /** The payload is over {@link JournalFormat#MAX_BODY_BYTES}. */
        TOO_LARGE,
        /** The journal is closed. */
        CLOSED
    }

    default boolean accepted() {
        return this instanceof Accepted;
    }
}
