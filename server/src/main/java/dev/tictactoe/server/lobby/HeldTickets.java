package dev.tictactoe.server.lobby;

import dev.tictactoe.server.game.Mark;
import dev.tictactoe.server.metrics.MatchOutcome;
import dev.tictactoe.server.metrics.ServerMetrics;

import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.ScheduledFuture;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;

/**
 * The requests this node holds while their tickets wait in Redis, each with its one timer (bot fill
 * or timeout). Whoever takes a request out answers it, exactly once.
 */
final class HeldTickets {

    private static final Logger log = LoggerFactory.getLogger(HeldTickets.class);

    /** What a request hears when it was paired elsewhere but its answer never came. */
    static final String LOST = "the match was made but its answer was lost; ask again";

    static final class Held {
        final Ticket ticket;
        final Matchmaker.Waiter waiter;
        final long since = System.nanoTime();
        private @Nullable ScheduledFuture<?> timer;

        Held(Ticket ticket, Matchmaker.Waiter waiter) {
            this.ticket = ticket;
            this.waiter = waiter;
        }

        Duration waited() {
            return Duration.ofNanos(System.nanoTime() - since);
        }
    }

    /** A pairing: the event, and what the partner's node must hear. */
    record Pairing(MatchEvent.Paired event, NodeAnswer theirs) {}

    private final ConcurrentHashMap<String, Held> held = new ConcurrentHashMap<>();
    private final EventExecutor loop;
    private final ServerMetrics metrics;
    private final MatchRooms rooms;
    private final RandomGenerator seats;

    /** {@code seats} draws seats, on {@code loop} only. */
    HeldTickets(
            EventExecutor loop, ServerMetrics metrics, MatchRooms rooms, RandomGenerator seats) {
        this.loop = loop;
        this.metrics = metrics;
        this.rooms = rooms;
        this.seats = seats;
    }

    /** Holds a new request, null when one with that ticket id is held already. */
    @Nullable Held hold(Ticket ticket, Matchmaker.Waiter waiter) {
        Held h = new Held(ticket, waiter);
        return held.putIfAbsent(ticket.id(), h) == null ? h : null;
    }

    /** Whether {@code h} is still held (not yet answered). */
    boolean holds(Held h) {
        return held.get(h.ticket.id()) == h;
    }

    /** Takes {@code h} out to answer it; false if someone else did. */
    boolean release(Held h) {
        if (!held.remove(h.ticket.id(), h)) {
            return false;
        }
        synchronized (h) {
            if (h.timer != null) {
                h.timer.cancel(false);
            }
        }
        return true;
    }

    /** {@code due} runs on the loop after {@code delay}, unless {@code h} is answered first. */
    void arm(Held h, Duration delay, Consumer<Held> due) {
        ScheduledFuture<?> timer =
                loop.schedule(() -> due.accept(h), delay.toNanos(), TimeUnit.NANOSECONDS);
        synchronized (h) {
            h.timer = timer;
        }
    }

    List<Held> all() {
        return List.copyOf(held.values());
    }

    /** Takes every request out, to answer them all (the server is stopping). */
    List<Held> releaseAll() {
        return all().stream().filter(this::release).toList();
    }

    int size() {
        return held.size();
    }

    /** Answers the held request that {@code answer} names, if it is still held here. */
    void settle(NodeAnswer answer) {
        Held h = held.get(answer.ticket());
        if (h == null || !release(h)) {
            return;
        }
        switch (answer.status()) {
            case MATCHED -> metrics.matchPaired(System.nanoTime() - h.since);
            case CANCELLED -> metrics.matchEnded(MatchOutcome.CANCELLED);
            case UNAVAILABLE -> metrics.matchEnded(MatchOutcome.UNAVAILABLE);
        }
        Matchmaker.deliver(h.waiter, answer.to(h.ticket, MatchRooms.FULL));
    }

    /** Answers a released request that nobody came for. */
    void timedOut(Held h) {
        metrics.matchEnded(MatchOutcome.TIMEOUT);
        Matchmaker.deliver(h.waiter, new MatchAnswer.TimedOut(h.ticket, h.waited()));
    }

    /** Answers a released request that could not be seated. */
    void unavailable(Held h, String message) {
        metrics.matchEnded(MatchOutcome.UNAVAILABLE);
        Matchmaker.deliver(h.waiter, new MatchAnswer.Unavailable(h.ticket, message));
    }

    /** Seats {@code mine} (released) and the ticket of another node it was paired with, here. */
    Pairing pair(Held mine, SharedTickets.Arrival.Paired p) {
        MatchKey key = mine.ticket.key();
        Ticket partner = Ticket.of(p.ticket(), p.player(), p.name(), key);
        Mark seat = seats.nextBoolean() ? Mark.X : Mark.O;
        Map<Mark, MatchRooms.Seat> players = new EnumMap<>(Mark.class);
        players.put(seat, new MatchRooms.Seat(mine.ticket, mine.waiter, mine.waited().toNanos()));
        players.put(seat.opponent(), new MatchRooms.Seat(partner, null, 0));
        MatchEvent.Paired event =
                seat == Mark.X
                        ? new MatchEvent.Paired(key, mine.ticket, partner)
                        : new MatchEvent.Paired(key, partner, mine.ticket);
        MatchRooms.Opened room = rooms.seat(key, players, metrics, log);
        if (room == null) {
            return new Pairing(event, NodeAnswer.of(partner.id(), NodeAnswer.Status.UNAVAILABLE));
        }
        log.info(
                "'{}' and '{}' (waiting on node {}) paired into room {} for {}",
                mine.ticket.name(),
                partner.name(),
                p.node(),
                room.code(),
                key);
        Mark other = seat.opponent();
        return new Pairing(
                event,
                NodeAnswer.matched(
                        partner.id(), room.code(), other, room.token(other), mine.ticket.name()));
    }

    /** Seats {@code h} (released) against its bot. */
    void botFill(Held h) {
        Mark seat = seats.nextBoolean() ? Mark.X : Mark.O;
        rooms.seat(
                h.ticket.key(),
                Map.of(seat, new MatchRooms.Seat(h.ticket, h.waiter, 0)),
                metrics,
                log);
    }
}
