package dev.tictactoe.server.store;

import org.jspecify.annotations.Nullable;

/** What the store did with a write: took it, or refused it ({@code refused} says why). */
public record AppendResult(@Nullable Reason refused, String message) {

    static final AppendResult ACCEPTED = new AppendResult(null, "accepted");

    /** The disk is slower than the rooms, the last commit failed, or the store closed. */
    public enum Reason {
        QUEUE_FULL,
        FAILING,
        CLOSED
    }

    public boolean accepted() {
        return refused == null;
    }
}
