package dev.tictactoe.server.store;

/** What the store did with a write: took it, or refused it without writing anything. */
public sealed interface AppendResult {

    /** The one accepted value. */
    AppendResult ACCEPTED = new Accepted();

    record Accepted() implements AppendResult {
        @Override
        public boolean accepted() {
            return true;
        }
    }

    /** The write was not taken; {@code message} says why in words fit for a log or an error. */
    record Refused(Reason reason, String message) implements AppendResult {
        @Override
        public boolean accepted() {
            return false;
        }
    }

    /** Why: the disk is slower than the rooms, the last commit failed, or the store closed. */
    enum Reason {
        QUEUE_FULL,
        FAILING,
        CLOSED
    }

    /**
     * Whether the store took the write. Each record answers for itself: a default method here would
     * make initializing a record initialize this interface, whose constant makes a record, a cycle
     * two threads could deadlock on.
     */
    boolean accepted();
}
