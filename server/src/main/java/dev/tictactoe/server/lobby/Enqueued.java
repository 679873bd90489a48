package dev.tictactoe.server.lobby;

import java.time.Duration;

/** Where a submitted ticket went: paired at once, waiting, or refused. */
public sealed interface Enqueued {

    record Queued(Waiting waiting) implements Enqueued {}

    /** Paired on arrival with {@code partner}, whose request waits on {@code node}. */
    record Paired(Ticket partner, String node) implements Enqueued {}

    /** Why a ticket was not queued, with the error code the HTTP layer answers. */
    enum Refused implements Enqueued {
        ALREADY_QUEUED(
                "match_already_queued",
                "this player already waits for a match; cancel that request or wait for its"
                        + " answer"),
        TICKET_IN_USE("match_ticket_in_use", "that ticket id is in use; choose another at random"),
        QUEUE_FULL("match_queue_full", "too many players are waiting; try again later");

        private final String wire;
        private final String message;

        Refused(String wire, String message) {
            this.wire = wire;
            this.message = message;
        }

        public String wire() {
            return wire;
        }

        public String message() {
            return message;
        }
    }

    /** {@code position} 1 is next of its settings to be paired; {@code total}: the whole queue. */
    record Waiting(Ticket ticket, int position, int sameSettings, int total, Duration waited) {}
}
