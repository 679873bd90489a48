package dev.tictactoe.server.lobby;

import dev.tictactoe.server.game.Mark;
import dev.tictactoe.server.lobby.Enqueued.Refusal;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeSet;
import java.util.random.RandomGenerator;

/**
 * The quick-match queue: a ticket is paired with the oldest waiting ticket of the same {@link
 * MatchKey}, or waits. Thread-safe under one lock; time comes in as {@code System.nanoTime()}
 * values and the owner calls {@link #expireBotFill} and {@link #timeout} at {@link
 * #nextDeadline()}. Every ticket that waited leaves with exactly one {@link MatchEvent}, handed to
 * the listener after the lock is released: answer waiting requests from the listener only.
 */
public final class MatchQueue {

    private static final Logger log = LoggerFactory.getLogger(MatchQueue.class);

    /** The longest a request waits for a partner before it is let go. */
    public static final Duration DEFAULT_WAIT = Duration.ofSeconds(30);

    /** How long a player who accepts a bot waits for a person first, unless it says otherwise. */
    public static final Duration DEFAULT_BOT_AFTER = Duration.ofSeconds(10);

    /** Tickets waiting at most, over all settings. */
    public static final int DEFAULT_MAX_WAITING = 10_000;

    public interface Listener {
        void on(MatchEvent event);
    }

    private final Duration wait;
    private final long waitNanos;
    private final int maxWaiting;
    private final RandomGenerator seats;
    private final Listener listener;
    private final Object lock = new Object();

    // In arrival order, which is timeout order too: every ticket waits as long.
    private final LinkedHashMap<String, Entry> byTicket = new LinkedHashMap<>();

    private final Map<String, Entry> byPlayer = new HashMap<>();
    private final Map<MatchKey, ArrayDeque<Entry>> byKey = new HashMap<>();

    // By the instant the bot comes, compared by difference as nanoTime values must be.
    private final TreeSet<Entry> botFills =
            new TreeSet<>(
                    (a, b) -> {
                        int byTime = Long.compare(a.botAt - b.botAt, 0);
                        return byTime != 0 ? byTime : Long.compare(a.seq, b.seq);
                    });

    private long seq;

    /** {@code seq} tells apart two entries of the same ticket. */
    private record Entry(Ticket ticket, long arrived, long botAt, long seq) {}

    /** {@code seats} draws who plays X (seed it for repeatable tests), under the lock only. */
    public MatchQueue(Duration wait, int maxWaiting, RandomGenerator seats, Listener listener) {
        if (wait.isNegative() || wait.isZero()) {
            throw new IllegalArgumentException("the wait must be positive, was " + wait);
        }
        if (maxWaiting < 1) {
            throw new IllegalArgumentException("maxWaiting must be at least 1, was " + maxWaiting);
        }
        this.wait = wait;
        this.waitNanos = wait.toNanos();
        this.maxWaiting = maxWaiting;
        this.seats = seats;
        this.listener = listener;
    }

    public Duration waitLimit() {
        return wait;
    }

    /** Pairs {@code ticket} with the oldest of its key, queues it, or refuses it. */
    public Enqueued enqueue(Ticket ticket, long now) {
        Enqueued result;
        synchronized (lock) {
            result = enqueueLocked(ticket, now);
        }
        if (result instanceof MatchEvent.Paired paired) {
            deliver(List.of(paired));
        }
        return result;
    }

    private Enqueued enqueueLocked(Ticket ticket, long now) {
        if (byPlayer.containsKey(ticket.player())) {
            return Refusal.ALREADY_QUEUED.refused();
        }
        if (byTicket.containsKey(ticket.id())) {
            return Refusal.TICKET_IN_USE.refused();
        }
        Duration botAfter = ticket.botAfter(); // set when the ticket wants a bot
        if (botAfter != null && botAfter.compareTo(wait) >= 0) {
            return Refusal.botAfterTooLong(wait);
        }
        ArrayDeque<Entry> same = byKey.get(ticket.key());
        if (same != null && !same.isEmpty()) {
            Entry partner = same.peekFirst();
            remove(partner);
            boolean partnerIsX = seats.nextBoolean();
            Ticket x = partnerIsX ? partner.ticket : ticket;
            Ticket o = partnerIsX ? ticket : partner.ticket;
            log.debug("paired {} and {} for {}", x.id(), o.id(), ticket.key());
            return new MatchEvent.Paired(ticket.key(), x, o);
        }
        if (byTicket.size() >= maxWaiting) {
            return Refusal.QUEUE_FULL.refused();
        }
        long botAt = botAfter != null ? now + botAfter.toNanos() : 0;
        Entry entry = new Entry(ticket, now, botAt, seq++);
        byTicket.put(ticket.id(), entry);
        byPlayer.put(ticket.player(), entry);
        byKey.computeIfAbsent(ticket.key(), k -> new ArrayDeque<>()).addLast(entry);
        if (ticket.wantsBot()) {
            botFills.add(entry);
        }
        return new Enqueued.Queued(waiting(entry, now));
    }

    /** Takes a waiting ticket out (cancelled, or its connection closed); false if not waiting. */
    public boolean cancel(String ticketId) {
        MatchEvent.Cancelled cancelled;
        synchronized (lock) {
            Entry entry = byTicket.get(ticketId);
            if (entry == null) {
                return false;
            }
            remove(entry);
            cancelled = new MatchEvent.Cancelled(entry.ticket);
        }
        deliver(List.of(cancelled));
        return true;
    }

    /** Where a waiting ticket stands at {@code now}, or empty when it is not waiting. */
    public Optional<Enqueued.Waiting> status(String ticketId, long now) {
        synchronized (lock) {
            Entry entry = byTicket.get(ticketId);
            return entry == null ? Optional.empty() : Optional.of(waiting(entry, now));
        }
    }

    public int size() {
        synchronized (lock) {
            return byTicket.size();
        }
    }

    public int size(MatchKey key) {
        synchronized (lock) {
            ArrayDeque<Entry> same = byKey.get(key);
            return same == null ? 0 : same.size();
        }
    }

    /** Tickets whose bot is due by {@code now} leave, oldest first, with the player's seat. */
    public List<MatchEvent.BotFilled> expireBotFill(long now) {
        List<MatchEvent.BotFilled> filled = new ArrayList<>();
        synchronized (lock) {
            for (Iterator<Entry> it = botFills.iterator(); it.hasNext(); ) {
                Entry entry = it.next();
                if (now - entry.botAt < 0) {
                    break;
                }
                it.remove();
                remove(entry);
                filled.add(
                        new MatchEvent.BotFilled(
                                entry.ticket, seats.nextBoolean() ? Mark.X : Mark.O));
            }
        }
        deliver(filled);
        return filled;
    }

    /** Tickets that have waited the longest allowed by {@code now} leave, oldest first. */
    public List<MatchEvent.TimedOut> timeout(long now) {
        List<MatchEvent.TimedOut> expired = new ArrayList<>();
        synchronized (lock) {
            for (Iterator<Entry> it = byTicket.values().iterator(); it.hasNext(); ) {
                Entry entry = it.next();
                if (now - entry.arrived < waitNanos) {
                    break;
                }
                it.remove();
                remove(entry);
                expired.add(new MatchEvent.TimedOut(entry.ticket));
            }
        }
        deliver(expired);
        return expired;
    }

    /** The next bot fill or timeout (nanoTime), empty when nobody waits. */
    public OptionalLong nextDeadline() {
        synchronized (lock) {
            if (byTicket.isEmpty()) {
                return OptionalLong.empty();
            }
            long deadline = byTicket.firstEntry().getValue().arrived + waitNanos;
            if (!botFills.isEmpty() && botFills.first().botAt - deadline < 0) {
                deadline = botFills.first().botAt;
            }
            return OptionalLong.of(deadline);
        }
    }

    /** Empties the queue when the server stops; no events are sent, the tickets are returned. */
    public List<Ticket> drain() {
        synchronized (lock) {
            List<Ticket> left = byTicket.values().stream().map(e -> e.ticket).toList();
            byTicket.clear();
            byPlayer.clear();
            byKey.clear();
            botFills.clear();
            return left;
        }
    }

    /** Removes {@code entry} from every index (the caller may already have removed it from one). */
    private void remove(Entry entry) {
        byTicket.remove(entry.ticket.id());
        byPlayer.remove(entry.ticket.player());
        botFills.remove(entry);
        ArrayDeque<Entry> same = byKey.get(entry.ticket.key());
        if (same != null) {
            same.remove(entry);
            if (same.isEmpty()) {
                byKey.remove(entry.ticket.key());
            }
        }
    }

    private Enqueued.Waiting waiting(Entry entry, long now) {
        // A waiting entry is in its key's queue.
        ArrayDeque<Entry> same = Objects.requireNonNull(byKey.get(entry.ticket.key()));
        int position = 1;
        for (Entry e : same) {
            if (e.equals(entry)) {
                break;
            }
            position++;
        }
        return new Enqueued.Waiting(
                entry.ticket,
                position,
                same.size(),
                byTicket.size(),
                Duration.ofNanos(now - entry.arrived));
    }

    private void deliver(List<? extends MatchEvent> events) {
        for (MatchEvent event : events) {
            try {
                listener.on(event);
            } catch (RuntimeException e) {
                // A failing listener must not stop the others from hearing of their tickets.
                log.error("match listener failed on {}", event, e);
            }
        }
    }
}
