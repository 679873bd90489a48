package dev.tictactoe.server.lobby;

import dev.tictactoe.server.lobby.Tickets.Claim;
import dev.tictactoe.server.metrics.Level;
import dev.tictactoe.server.metrics.MatchOutcome;
import dev.tictactoe.server.metrics.ServerMetrics;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.LongSupplier;
import java.util.function.Predicate;
import java.util.random.RandomGenerator;

/** Quick match from request to room, here or across nodes; safe from any thread. */
public final class Matchmaker implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(Matchmaker.class);

    static final String RESTARTING = "the server is restarting; try again in a moment";

    /** What a request hears when it was paired on another node but its answer never came. */
    static final String LOST = "the match was made but its answer was lost; ask again";

    /** How often a ticket paired elsewhere looks for its answer once its own timer is due. */
    static final Duration ANSWER_CHECK = Duration.ofSeconds(1);

    /** How long past its wait a ticket paired elsewhere waits for its answer before giving up. */
    static final Duration ANSWER_GRACE = Duration.ofSeconds(5);

    /** How long a stopping node waits for Redis to take its tickets out. */
    static final Duration CLOSE_WAIT = Duration.ofSeconds(1);

    /** Runs {@code task} once after {@code delayNanos}; returns how to cancel it. */
    @FunctionalInterface
    public interface Scheduler {
        Runnable schedule(Runnable task, long delayNanos);
    }

    private final Duration wait;
    private final int maxWaiting;
    private final RandomGenerator seats;
    private final MatchRooms rooms;
    private final Scheduler scheduler;
    private final LongSupplier nanoTime;
    private final ServerMetrics metrics;
    private final String node;
    private final LocalTickets local;
    private final @Nullable RedisTickets shared;
    private final ConcurrentHashMap<String, Held> held = new ConcurrentHashMap<>();

    /** {@code seats} draws seats (seed it in tests); without {@code redis}, on this node only. */
    public Matchmaker(
            MatchSettings settings,
            RandomGenerator seats,
            MatchRooms rooms,
            Scheduler scheduler,
            LongSupplier nanoTime,
            ServerMetrics metrics,
            @Nullable URI redis,
            String node) {
        this.wait = settings.matchWait();
        this.maxWaiting = settings.matchMaxWaiting();
        this.seats = seats;
        this.rooms = rooms;
        this.scheduler = scheduler;
        this.nanoTime = nanoTime;
        this.metrics = metrics;
        this.node = node;
        this.local = new LocalTickets(node);
        metrics.watch(Level.MATCH_QUEUE, this::waiting);
        if (redis == null) {
            this.shared = null;
            return;
        }
        RedisTickets tickets =
                new RedisTickets(
                        redis, node, scheduler, answer -> tell(node, answer), held::values);
        this.shared = tickets;
        metrics.watch(Level.SHARED_MATCH, () -> tickets.up() ? 1 : 0);
    }

    public Duration waitLimit() {
        return wait;
    }

    /** Queues {@code ticket}; {@code waiter} hears how it ends, but a refusal, returned here. */
    public CompletionStage<Enqueued> submit(Ticket ticket, Consumer<MatchAnswer> waiter) {
        long now = nanoTime.getAsLong();
        RedisTickets redis = reachable();
        Held h = new Held(ticket, waiter, now, redis != null ? redis : local);
        if (held.putIfAbsent(ticket.id(), h) != null) {
            metrics.matchEnded(MatchOutcome.REFUSED);
            return CompletableFuture.completedFuture(Enqueued.Refused.TICKET_IN_USE);
        }
        boolean mayWait = held.size() <= maxWaiting;
        return h.store
                .enqueue(ticket, mayWait, wait, now)
                .exceptionallyCompose(
                        failure -> {
                            log.warn(
                                    "quick match on this node: Redis failed ({})",
                                    failure.toString());
                            h.store = local;
                            return local.enqueue(ticket, mayWait, wait, now);
                        })
                .thenApply(arrival -> arrived(h, arrival));
    }

    private Enqueued arrived(Held h, Enqueued arrival) {
        switch (arrival) {
            case Enqueued.Refused r -> {
                held.remove(h.ticket.id(), h);
                metrics.matchEnded(MatchOutcome.REFUSED);
            }
            case Enqueued.Queued q -> {
                log.debug("ticket of '{}' waits for {}", h.ticket.name(), h.ticket.key());
                Duration botAfter = h.ticket.botAfter(); // set when the ticket wants a bot
                h.arm(scheduler, botAfter != null ? botAfter : wait, () -> due(h));
            }
            case Enqueued.Paired p -> seat(h, p);
        }
        return arrival;
    }

    /** Where a waiting request stands (on any node), or empty when none waits with that ticket. */
    public CompletionStage<Optional<Enqueued.Waiting>> status(String ticketId) {
        long now = nanoTime.getAsLong();
        return anywhere(
                tickets -> tickets.status(ticketId, now), Optional::isPresent, Optional.empty());
    }

    /** Cancels a request waiting on any node (its waiter hears it); false when none waits. */
    public CompletionStage<Boolean> cancel(String ticketId) {
        return anywhere(tickets -> cancel(tickets, ticketId), done -> done, false);
    }

    public int waiting() {
        return held.size();
    }

    /** Stops: every request held here leaves its queue and is answered unavailable. */
    @Override
    public void close() {
        List<CompletableFuture<?>> claims = new ArrayList<>();
        for (Held h : List.copyOf(held.values())) {
            if (h.store == local || reachable() != null) {
                claims.add(h.store.claim(h.ticket.id()).toCompletableFuture());
            }
            finish(h, new MatchAnswer.Unavailable(h.ticket, RESTARTING));
        }
        try {
            CompletableFuture.allOf(claims.toArray(CompletableFuture[]::new))
                    .get(CLOSE_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            log.info("not every waiting ticket left Redis before the stop: {}", e.toString());
        }
        if (shared != null) {
            shared.close();
        }
    }

    /** Asks this node's tickets, then Redis's unless found here; Redis failing is {@code none}. */
    private <T> CompletionStage<T> anywhere(
            Function<Tickets, CompletionStage<T>> ask, Predicate<T> found, T none) {
        return ask.apply(local)
                .thenCompose(
                        here -> {
                            RedisTickets redis = reachable();
                            return found.test(here) || redis == null
                                    ? CompletableFuture.completedFuture(here)
                                    : ask.apply(redis).exceptionally(failure -> none);
                        });
    }

    private @Nullable RedisTickets reachable() {
        return shared != null && shared.up() ? shared : null;
    }

    private CompletionStage<Boolean> cancel(Tickets store, String ticketId) {
        return store.claim(ticketId)
                .thenApply(
                        claim -> {
                            if (claim instanceof Claim.Claimed c) {
                                tell(
                                        c.node(),
                                        NodeAnswer.of(ticketId, NodeAnswer.Status.CANCELLED));
                                return true;
                            }
                            return false;
                        });
    }

    /** A ticket's bot fill or timeout is due: it leaves its queue, unless it was paired first. */
    private void due(Held h) {
        if (held.get(h.ticket.id()) != h) {
            return;
        }
        if (h.store != local && reachable() == null) {
            finish(h, h.timedOut(nanoTime.getAsLong()));
            return;
        }
        h.store
                .claim(h.ticket.id())
                .whenComplete((claim, failure) -> claimed(h, failure != null ? null : claim));
    }

    /** What {@link #due} learnt of its ticket; null: nothing, as Redis failed. */
    private void claimed(Held h, @Nullable Claim claim) {
        if (held.get(h.ticket.id()) != h) {
            return;
        }
        switch (claim == null ? new Claim.Gone() : claim) {
            case Claim.Claimed c -> {
                if (h.ticket.bot() != null) {
                    seat(h, null);
                } else {
                    finish(h, h.timedOut(nanoTime.getAsLong()));
                }
            }
            case Claim.Answered a -> tell(node, a.answer());
            case Claim.Pending p -> {
                long waited = nanoTime.getAsLong() - h.since;
                if (waited < wait.plus(ANSWER_GRACE).toNanos()) {
                    h.arm(scheduler, ANSWER_CHECK, () -> due(h));
                } else {
                    finish(h, new MatchAnswer.Unavailable(h.ticket, LOST));
                }
            }
            case Claim.Gone g -> finish(h, h.timedOut(nanoTime.getAsLong()));
        }
    }

    /** Seats {@code mine} facing {@code p}'s ticket, or its bot (null {@code p}); answers both. */
    private void seat(Held mine, Enqueued.@Nullable Paired p) {
        MatchRooms.Seated seated = rooms.seat(mine.ticket, seats, p);
        finish(mine, seated.mine());
        NodeAnswer theirs = seated.theirs();
        if (p != null && theirs != null) {
            tell(p.node(), theirs);
        }
    }

    /** Answers a request by its ticket: here when this node holds it, else through Redis. */
    private void tell(String to, NodeAnswer answer) {
        if (to.equals(node)) {
            Held h = held.get(answer.ticket());
            if (h != null) {
                finish(h, answer.to(h.ticket, MatchRooms.FULL));
            }
        } else if (shared != null) {
            shared.tell(to, answer);
        }
    }

    /** The one end of a request held here. */
    private void finish(Held h, MatchAnswer answer) {
        if (held.remove(h.ticket.id(), h)) {
            h.answer(answer, metrics, nanoTime.getAsLong());
        }
    }
}
