package dev.tictactoe.server.lobby;

import dev.tictactoe.server.bot.Level;
import dev.tictactoe.server.game.Mark;
import dev.tictactoe.server.metrics.MatchOutcome;
import dev.tictactoe.server.metrics.ServerMetrics;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import java.util.random.RandomGenerator;

/**
 * Quick match from request to room over the {@link MatchQueue} and one {@link MatchTimer}; each
 * waiter is answered once, on the thread that caused the answer. Safe from any thread.
 */
public final class Matchmaker implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(Matchmaker.class);

    /** What a waiting request hears when the server stops. */
    static final String RESTARTING = "the server is restarting; try again in a moment";

    /** Where a waiting request hears how it ended: once, from any thread, without blocking. */
    public interface Waiter {
        void answer(MatchAnswer answer);
    }

    /** A waiter and when its request arrived ({@code System.nanoTime()} time base). */
    private record Pending(Waiter waiter, long since) {}

    private final MatchQueue queue;
    private final MatchTimer timer;
    private final MatchRooms rooms;
    private final LongSupplier nanoTime;
    private final ServerMetrics metrics;
    private final ConcurrentHashMap<String, Pending> waiters = new ConcurrentHashMap<>();

    /** {@code seats} draws the seats of pairings and bot fills; seed it for repeatable tests. */
    public Matchmaker(
            Duration wait,
            int maxWaiting,
            RandomGenerator seats,
            MatchRooms rooms,
            MatchTimer.Scheduler scheduler,
            LongSupplier nanoTime,
            ServerMetrics metrics) {
        this.queue = new MatchQueue(wait, maxWaiting, seats, this::on);
        this.timer = new MatchTimer(queue, scheduler, nanoTime);
        this.rooms = rooms;
        this.nanoTime = nanoTime;
        this.metrics = metrics;
    }

    public Duration waitLimit() {
        return queue.waitLimit();
    }

    /** Queues {@code ticket}; {@code waiter} hears how it ends, except a refusal, returned here. */
    public Enqueued submit(Ticket ticket, Waiter waiter) {
        Pending pending = new Pending(waiter, nanoTime.getAsLong());
        if (waiters.putIfAbsent(ticket.id(), pending) != null) {
            metrics.matchEnded(MatchOutcome.REFUSED);
            return Enqueued.Refusal.TICKET_IN_USE.refused();
        }
        Enqueued result = queue.enqueue(ticket, pending.since());
        if (result instanceof Enqueued.Refused) {
            waiters.remove(ticket.id(), pending);
            metrics.matchEnded(MatchOutcome.REFUSED);
        } else if (result instanceof Enqueued.Queued) {
            log.debug("ticket of '{}' waits for {}", ticket.name(), ticket.key());
            // A short bot delay may bring the next deadline forward.
            timer.poke();
        }
        return result;
    }

    /** Where a waiting request stands, or empty when none waits with that ticket. */
    public Optional<Enqueued.Waiting> status(String ticketId) {
        return queue.status(ticketId, nanoTime.getAsLong());
    }

    /** Its waiter hears {@link MatchAnswer.Cancelled}; false when none waits. */
    public boolean cancel(String ticketId) {
        return queue.cancel(ticketId);
    }

    public int waiting() {
        return queue.size();
    }

    /** Stops the timer and answers every waiting request unavailable. */
    @Override
    public void close() {
        timer.stop();
        for (Ticket ticket : queue.drain()) {
            metrics.matchEnded(MatchOutcome.UNAVAILABLE);
            answer(ticket, new MatchAnswer.Unavailable(ticket, RESTARTING));
        }
    }

    /** Every way a ticket leaves the queue ends here, once per ticket. */
    private void on(MatchEvent event) {
        switch (event) {
            case MatchEvent.Paired paired -> paired(paired);
            case MatchEvent.BotFilled filled -> botFilled(filled);
            case MatchEvent.TimedOut out -> {
                Pending pending = waiters.remove(out.ticket().id());
                Duration waited =
                        pending == null
                                ? queue.waitLimit()
                                : Duration.ofNanos(nanoTime.getAsLong() - pending.since());
                metrics.matchEnded(MatchOutcome.TIMEOUT);
                log.debug(
                        "ticket of '{}' let go after {} ms",
                        out.ticket().name(),
                        waited.toMillis());
                deliver(pending, new MatchAnswer.TimedOut(out.ticket(), waited));
            }
            case MatchEvent.Cancelled cancelled -> {
                metrics.matchEnded(MatchOutcome.CANCELLED);
                log.debug("ticket of '{}' cancelled", cancelled.ticket().name());
                answer(cancelled.ticket(), new MatchAnswer.Cancelled(cancelled.ticket()));
            }
        }
    }

    private void paired(MatchEvent.Paired paired) {
        long now = nanoTime.getAsLong();
        MatchRooms.Seat x = seat(paired.x(), now);
        MatchRooms.Seat o = seat(paired.o(), now);
        Map<Mark, MatchRooms.Seat> seats = new EnumMap<>(Map.of(Mark.X, x, Mark.O, o));
        MatchRooms.Opened room = rooms.seat(paired.key(), seats, metrics, log);
        if (room != null) {
            log.info(
                    "'{}' (X) and '{}' (O) paired into room {} for {}, after {} ms and {} ms",
                    paired.x().name(),
                    paired.o().name(),
                    room.code(),
                    paired.key(),
                    x.waitedNanos() / 1_000_000,
                    o.waitedNanos() / 1_000_000);
        }
    }

    private void botFilled(MatchEvent.BotFilled filled) {
        Ticket ticket = filled.ticket();
        Map<Mark, MatchRooms.Seat> seat = Map.of(filled.seat(), seat(ticket, 0));
        MatchRooms.Opened room = rooms.seat(ticket.key(), seat, metrics, log);
        if (room != null) {
            log.info(
                    "'{}' ({}) plays the {} bot in room {} for {}, nobody came within {}",
                    ticket.name(),
                    filled.seat(),
                    ticket.bot(),
                    room.code(),
                    ticket.key(),
                    ticket.botAfter());
        }
    }

    /** The seat of {@code ticket}, its waiter taken out of those waiting. */
    private MatchRooms.Seat seat(Ticket ticket, long now) {
        Pending pending = waiters.remove(ticket.id());
        return pending == null
                ? new MatchRooms.Seat(ticket, null, 0)
                : new MatchRooms.Seat(ticket, pending.waiter(), now - pending.since());
    }

    /** The bot of a ticket filled with one: only a ticket that asks for a bot is. */
    static Level bot(Ticket ticket) {
        return Objects.requireNonNull(ticket.bot(), "a bot fill of a ticket without a bot");
    }

    private void answer(Ticket ticket, MatchAnswer answer) {
        deliver(waiters.remove(ticket.id()), answer);
    }

    private static void deliver(@Nullable Pending pending, MatchAnswer answer) {
        deliver(pending == null ? null : pending.waiter(), answer);
    }

    /** Answers {@code waiter}, if any; its failure is logged, not thrown. */
    static void deliver(@Nullable Waiter waiter, MatchAnswer answer) {
        if (waiter == null) {
            return;
        }
        try {
            waiter.answer(answer);
        } catch (RuntimeException e) {
            // One waiter's failure must not keep the other of a pairing from its answer.
            log.error("answering the request of '{}' failed", answer.ticket().name(), e);
        }
    }
}
