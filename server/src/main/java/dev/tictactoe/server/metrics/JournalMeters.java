package dev.tictactoe.server.metrics;

/** What the store tells the meters about its journal. */
public interface JournalMeters {

    /** Meters nothing: for a journal opened without a server around it. */
    JournalMeters NONE = new JournalMeters() {};

    /** A record appended at {@code appendedNanos} ({@link System#nanoTime}) is now durable. */
    default void durable(long appendedNanos) {}

    /** An append was refused ("queue_full", "failing", "closed", "too_large"). */
    default void refused(String reason) {}
}
