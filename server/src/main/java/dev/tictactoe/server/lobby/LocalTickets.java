package dev.tictactoe.server.lobby;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** This node's waiting tickets, in memory, under one lock: first come, first paired per key. */
final class LocalTickets implements Tickets {

    private record Entry(Ticket ticket, long arrived) {}

    private final String node;
    private final Map<String, Entry> byTicket = new HashMap<>();
    private final Map<String, Entry> byPlayer = new HashMap<>();
    private final Map<MatchKey, ArrayDeque<Entry>> byKey = new HashMap<>();

    LocalTickets(String node) {
        this.node = node;
    }

    @Override
    public synchronized CompletionStage<Enqueued> enqueue(
            Ticket ticket, boolean mayWait, Duration wait, long now) {
        if (byPlayer.containsKey(ticket.player())) {
            return done(Enqueued.Refused.ALREADY_QUEUED);
        }
        ArrayDeque<Entry> same = byKey.get(ticket.key());
        if (same != null) {
            Entry partner = same.peekFirst();
            remove(partner);
            return done(new Enqueued.Paired(partner.ticket, node));
        }
        if (!mayWait) {
            return done(Enqueued.Refused.QUEUE_FULL);
        }
        Entry entry = new Entry(ticket, now);
        byTicket.put(ticket.id(), entry);
        byPlayer.put(ticket.player(), entry);
        byKey.computeIfAbsent(ticket.key(), k -> new ArrayDeque<>()).addLast(entry);
        return done(new Enqueued.Queued());
    }

    /** Nothing here is ever lost: a ticket not waiting was paired, and its answer is under way. */
    @Override
    public synchronized CompletionStage<Claim> claim(String ticketId) {
        Entry entry = byTicket.get(ticketId);
        if (entry == null) {
            return done(new Claim.Pending());
        }
        remove(entry);
        return done(new Claim.Claimed(node));
    }

    @Override
    public synchronized CompletionStage<Optional<Enqueued.Waiting>> status(
            String ticketId, long now) {
        Entry entry = byTicket.get(ticketId);
        return done(entry == null ? Optional.empty() : Optional.of(waiting(entry, now)));
    }

    private void remove(Entry entry) {
        byTicket.remove(entry.ticket.id());
        byPlayer.remove(entry.ticket.player());
        ArrayDeque<Entry> same = Objects.requireNonNull(byKey.get(entry.ticket.key()));
        same.remove(entry);
        if (same.isEmpty()) {
            byKey.remove(entry.ticket.key());
        }
    }

    private Enqueued.Waiting waiting(Entry entry, long now) {
        ArrayDeque<Entry> same = Objects.requireNonNull(byKey.get(entry.ticket.key()));
        return new Enqueued.Waiting(
                entry.ticket,
                List.copyOf(same).indexOf(entry) + 1,
                same.size(),
                byTicket.size(),
                Duration.ofNanos(now - entry.arrived));
    }

    private static <T> CompletionStage<T> done(T value) {
        return CompletableFuture.completedFuture(value);
    }
}
