package dev.tictactoe.server.lobby;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Quick match as the HTTP layer sees it: this node's {@link Matchmaker}, or {@link
 * SharedMatchmaker} across nodes. Answers may come later, on any thread; none blocks.
 */
public interface Lobby extends AutoCloseable {

    Duration waitLimit();

    /**
     * Queues {@code ticket}: the stage says whether it waits, was paired at once, or was refused (a
     * refusal never reaches the waiter); {@code waiter} hears every other end, once.
     */
    CompletionStage<Enqueued> submit(Ticket ticket, Matchmaker.Waiter waiter);

    /** Where a waiting request stands, or empty when none waits with that ticket. */
    CompletionStage<Optional<Enqueued.Waiting>> status(String ticketId);

    /** Cancels a waiting request (its waiter hears it); false when none waits. */
    CompletionStage<Boolean> cancel(String ticketId);

    int waiting();

    /** The server is stopping: every request waiting here is answered unavailable. */
    @Override
    void close();

    static Lobby local(Matchmaker matchmaker) {
        return new Lobby() {
            @Override
            public Duration waitLimit() {
                return matchmaker.waitLimit();
            }

            @Override
            public CompletionStage<Enqueued> submit(Ticket ticket, Matchmaker.Waiter waiter) {
                return CompletableFuture.completedFuture(matchmaker.submit(ticket, waiter));
            }

            @Override
            public CompletionStage<Optional<Enqueued.Waiting>> status(String ticketId) {
                return CompletableFuture.completedFuture(matchmaker.status(ticketId));
            }

            @Override
            public CompletionStage<Boolean> cancel(String ticketId) {
                return CompletableFuture.completedFuture(matchmaker.cancel(ticketId));
            }

            @Override
            public int waiting() {
                return matchmaker.waiting();
            }

            @Override
            public void close() {
                matchmaker.close();
            }
        };
    }
}
