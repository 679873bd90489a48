package dev.tictactoe.server.lobby;

import java.time.Duration;
import java.util.Locale;

/** Where a submitted ticket went: paired at once, waiting, or refused. */
public sealed interface Enqueued {

    record Queued() implements Enqueued {}

    /** Paired on arrival with {@code partner}, whose request waits on {@code node}. */
    record Paired(Ticket partner, String node) implements Enqueued {}

    /** Why a ticket was not queued, with the error code the HTTP layer answers. */
    enum Refused implements Enqueued {
        ALREADY_QUEUED(
                "this player already waits for a match; cancel that request or wait for its"
                        + " answer"),
        TICKET_IN_USE("that ticket id is in use; choose another at random"),
        QUEUE_FULL("too many players are waiting; try again later");

        private final String message;

        Refused(String message) {
            this.message = message;
        }

        /** The error code, spelled from the name: {@code match_queue_full}. */
        public String wire() {
            return "match_" + name().toLowerCase(Locale.ROOT);
        }

        public String message() {
            return message;
        }
    }

    /** {@code position} 1 is next of its settings to be paired; {@code total}: the whole queue. */
    record Waiting(Ticket ticket, int position, int sameSettings, int total, Duration waited) {}
}
