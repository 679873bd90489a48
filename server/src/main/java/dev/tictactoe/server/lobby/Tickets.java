package dev.tictactoe.server.lobby;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/** Where waiting tickets are kept: this node's memory, or Redis for every node. */
sealed interface Tickets permits LocalTickets, RedisTickets {

    /** Pairs {@code ticket} with the oldest of its key, else queues it (if {@code mayWait}). */
    CompletionStage<Enqueued> enqueue(Ticket ticket, boolean mayWait, Duration wait, long now);

    /** Takes a waiting ticket out, unless it was paired first. */
    CompletionStage<Claim> claim(String ticketId);

    /** Where a waiting ticket stands at {@code now} ({@code System.nanoTime()}), or empty. */
    CompletionStage<Optional<Enqueued.Waiting>> status(String ticketId, long now);

    /** The answer to {@link #claim}: taken out by the caller, or already ended otherwise. */
    sealed interface Claim {
        /** Taken out of the queue; it waited on {@code node}. */
        record Claimed(String node) implements Claim {}

        /** Paired elsewhere, and its answer stored. */
        record Answered(NodeAnswer answer) implements Claim {}

        /** Paired elsewhere; its answer is on the way. */
        record Pending() implements Claim {}

        /** Nothing is known of it (never seen, cancelled, or expired). */
        record Gone() implements Claim {}
    }
}
