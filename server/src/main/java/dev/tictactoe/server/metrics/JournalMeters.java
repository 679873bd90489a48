package dev.tictactoe.server.metrics;

/** What the store tells the meters about its journal. */
public interface JournalMeters {

    /** Meters nothing: for a journal opened without a server around it. */
    JournalMeters NONE =
            new JournalMeters() {
                @Override
                public void durable(long appendedNanos) {}

                @Override
                public void refused(String reason) {}
            };

    /** A record appended at {@code appendedNanos} ({@link System#nanoTime}) is now durable. */
    void durable(long appendedNanos);

    /** An append was refused ("queue_full", "failing", "closed", "too_large"). */
    void refused(String reason);
}
