package dev.tictactoe.server.lobby;

import dev.tictactoe.server.lobby.HeldTickets.Held;
import dev.tictactoe.server.metrics.Level;
import dev.tictactoe.server.metrics.MatchOutcome;
import dev.tictactoe.server.metrics.ServerMetrics;

import io.netty.util.concurrent.EventExecutor;

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
import java.util.concurrent.TimeUnit;
import java.util.random.RandomGenerator;

/**
 * Quick match across nodes: a request waits in Redis ({@link SharedTickets}) while this node holds
 * it ({@link HeldTickets}); the node whose arrival pairs two opens the room and tells the other by
 * a {@link NodeAnswer}. Without Redis, its own {@link Matchmaker}. Runs on one event loop.
 */
public final class SharedMatchmaker implements Lobby {

    private static final Logger log = LoggerFactory.getLogger(SharedMatchmaker.class);

    /** How often a ticket paired elsewhere looks for its answer once its own timer is due. */
    static final Duration ANSWER_CHECK = Duration.ofSeconds(1);

    /** How long past its wait a ticket paired elsewhere waits for its answer before giving up. */
    static final Duration ANSWER_GRACE = Duration.ofSeconds(5);

    /** How long a stopping node waits for Redis to take its tickets out. */
    static final Duration CLOSE_WAIT = Duration.ofSeconds(1);

    private final Matchmaker local;
    private final ServerMetrics metrics;
    private final EventExecutor loop;
    private final String node;
    private final int maxWaiting;
    private final HeldTickets held;
    private final RedisLink link;

    /** {@code node} names this node on Redis; {@code seats} is used on {@code loop} only. */
    public SharedMatchmaker(
            URI redis,
            String node,
            Matchmaker local,
            MatchRooms rooms,
            int maxWaiting,
            RandomGenerator seats,
            EventExecutor loop,
            ServerMetrics metrics) {
        this.local = local;
        this.metrics = metrics;
        this.loop = loop;
        this.node = node;
        this.maxWaiting = maxWaiting;
        this.held = new HeldTickets(loop, metrics, rooms, seats);
        this.link =
                new RedisLink(
                        redis,
                        loop,
                        SharedTickets.channel(node),
                        message -> loop.execute(() -> settle(message)),
                        () -> loop.execute(this::lookForAnswers));
        metrics.watch(Level.SHARED_MATCH, () -> link.up() ? 1 : 0);
    }

    @Override
    public Duration waitLimit() {
        return local.waitLimit();
    }

    @Override
    public CompletionStage<Enqueued> submit(Ticket ticket, Matchmaker.Waiter waiter) {
        if (!link.up()) {
            return CompletableFuture.completedFuture(local.submit(ticket, waiter));
        }
        Duration wait = local.waitLimit();
        Duration botAfter = ticket.botAfter(); // set when the ticket wants a bot
        if (botAfter != null && botAfter.compareTo(wait) >= 0) {
            return refused(Enqueued.Refusal.botAfterTooLong(wait));
        }
        if (waiting() >= maxWaiting) {
            return refused(Enqueued.Refusal.QUEUE_FULL.refused());
        }
        Held mine = held.hold(ticket, waiter);
        if (mine == null) {
            return refused(Enqueued.Refusal.TICKET_IN_USE.refused());
        }
        return tickets()
                .enqueue(ticket, node, wait)
                .handleAsync(
                        (arrival, failure) -> {
                            if (failure != null) {
                                held.release(mine);
                                log.warn(
                                        "quick match on this node: Redis failed ({})",
                                        failure.toString());
                                return local.submit(ticket, waiter);
                            }
                            return switch (arrival) {
                                case SharedTickets.Arrival.Refused r -> {
                                    held.release(mine);
                                    metrics.matchEnded(MatchOutcome.REFUSED);
                                    yield r.reason().refused();
                                }
                                case SharedTickets.Arrival.Queued q -> {
                                    held.arm(mine, botAfter != null ? botAfter : wait, this::due);
                                    yield new Enqueued.Queued(
                                            new Enqueued.Waiting(ticket, 1, 1, 1, Duration.ZERO));
                                }
                                case SharedTickets.Arrival.Paired p -> {
                                    held.release(mine);
                                    yield paired(mine, p);
                                }
                            };
                        },
                        loop);
    }

    @Override
    public CompletionStage<Optional<Enqueued.Waiting>> status(String ticketId) {
        Optional<Enqueued.Waiting> here = local.status(ticketId);
        if (here.isPresent() || !link.up()) {
            return CompletableFuture.completedFuture(here);
        }
        return tickets().status(ticketId).exceptionally(failure -> Optional.empty());
    }

    @Override
    public CompletionStage<Boolean> cancel(String ticketId) {
        if (local.cancel(ticketId)) {
            return CompletableFuture.completedFuture(true);
        }
        if (!link.up()) {
            return CompletableFuture.completedFuture(false);
        }
        return tickets()
                .claim(ticketId)
                .thenApplyAsync(
                        claim -> {
                            if (!(claim instanceof SharedTickets.Claim.Claimed claimed)) {
                                return false;
                            }
                            NodeAnswer cancelled =
                                    NodeAnswer.of(ticketId, NodeAnswer.Status.CANCELLED);
                            if (claimed.node().equals(node)) {
                                held.settle(cancelled);
                            } else {
                                tickets().publish(claimed.node(), cancelled.json());
                            }
                            return true;
                        },
                        loop)
                .exceptionally(failure -> false);
    }

    @Override
    public int waiting() {
        return held.size() + local.waiting();
    }

    /** Stops: this node's tickets leave Redis and their requests are answered unavailable. */
    @Override
    public void close() {
        local.close();
        List<CompletableFuture<?>> claims = new ArrayList<>();
        for (Held h : held.releaseAll()) {
            if (link.up()) {
                claims.add(tickets().claim(h.ticket.id()).toCompletableFuture());
            }
            held.unavailable(h, Matchmaker.RESTARTING);
        }
        try {
            CompletableFuture.allOf(claims.toArray(CompletableFuture[]::new))
                    .get(CLOSE_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            log.info("not every waiting ticket left Redis before the stop: {}", e.toString());
        }
        link.close();
    }

    /** This node's arrival paired it with a ticket on {@code p.node()}, which hears of it. */
    private MatchEvent.Paired paired(Held mine, SharedTickets.Arrival.Paired p) {
        HeldTickets.Pairing pairing = held.pair(mine, p);
        tickets()
                .answer(p.ticket(), p.node(), pairing.theirs().json())
                .exceptionally(failure -> unsent(p.node(), failure));
        return pairing.event();
    }

    /** A message on this node's channel. */
    private void settle(String message) {
        NodeAnswer.read(message)
                .ifPresentOrElse(
                        held::settle,
                        () -> log.warn("unreadable quick-match message on node {}", node));
    }

    /** After a resubscription: answers published meanwhile are read where they are kept. */
    private void lookForAnswers() {
        if (!link.up()) {
            return;
        }
        for (Held h : held.all()) {
            tickets()
                    .storedAnswer(h.ticket.id())
                    .thenAcceptAsync(
                            stored -> {
                                if (stored != null) {
                                    settle(stored);
                                }
                            },
                            loop);
        }
    }

    /** A ticket's bot fill or timeout is due: it leaves Redis, unless it was paired first. */
    private void due(Held h) {
        if (!held.holds(h)) {
            return;
        }
        if (!link.up()) {
            if (held.release(h)) {
                held.timedOut(h);
            }
            return;
        }
        tickets()
                .claim(h.ticket.id())
                .whenCompleteAsync(
                        (claim, failure) -> {
                            if (!held.holds(h)) {
                                return;
                            }
                            switch (failure != null ? new SharedTickets.Claim.Gone() : claim) {
                                case SharedTickets.Claim.Claimed c -> {
                                    if (held.release(h)) {
                                        if (h.ticket.wantsBot()) {
                                            held.botFill(h);
                                        } else {
                                            held.timedOut(h);
                                        }
                                    }
                                }
                                case SharedTickets.Claim.Answered a -> settle(a.answer());
                                case SharedTickets.Claim.Pending p -> {
                                    if (h.waited().compareTo(waitLimit().plus(ANSWER_GRACE)) < 0) {
                                        held.arm(h, ANSWER_CHECK, this::due);
                                    } else if (held.release(h)) {
                                        held.unavailable(h, HeldTickets.LOST);
                                    }
                                }
                                case SharedTickets.Claim.Gone g -> {
                                    if (held.release(h)) {
                                        held.timedOut(h);
                                    }
                                }
                            }
                        },
                        loop);
    }

    private static @Nullable Object unsent(String node, Throwable failure) {
        log.warn("the answer to a ticket on node {} was not sent: {}", node, failure.toString());
        return null;
    }

    private SharedTickets tickets() {
        return new SharedTickets(link.commands().async());
    }

    private CompletionStage<Enqueued> refused(Enqueued.Refused refused) {
        metrics.matchEnded(MatchOutcome.REFUSED);
        return CompletableFuture.completedFuture(refused);
    }
}
