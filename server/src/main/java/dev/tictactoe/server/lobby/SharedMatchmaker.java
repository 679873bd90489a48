package dev.tictactoe.server.lobby;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.tictactoe.server.game.Mark;
import dev.tictactoe.server.metrics.ServerMetrics;
import dev.tictactoe.server.metrics.ServerMetrics.MatchOutcome;
import dev.tictactoe.server.room.RoomRegistry;

import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.ScheduledFuture;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.random.RandomGenerator;

/**
 * Quick match across nodes: a request waits in Redis ({@link SharedTickets}) while this node holds
 * its HTTP request. The node whose arrival pairs two tickets opens the room on itself, answers its
 * own request, and stores the other's answer under that ticket and publishes it to the other's
 * node. Bot fills and timeouts are this node's timers, each taking its ticket out of Redis first.
 * While Redis is unreachable, requests go to this node's own {@link Matchmaker}. Everything after a
 * Redis answer runs on one event loop.
 */
public final class SharedMatchmaker implements Lobby {

    private static final Logger log = LoggerFactory.getLogger(SharedMatchmaker.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    /** How often a ticket paired elsewhere looks for its answer once its own timer is due. */
    static final Duration ANSWER_CHECK = Duration.ofSeconds(1);

    /** How long past its wait a ticket paired elsewhere waits for its answer before giving up. */
    static final Duration ANSWER_GRACE = Duration.ofSeconds(5);

    /** How long a stopping node waits for Redis to take its tickets out. */
    static final Duration CLOSE_WAIT = Duration.ofSeconds(1);

    /** A ticket in Redis whose request this node holds. */
    private static final class Held {
        final Ticket ticket;
        final Matchmaker.Waiter waiter;
        final long since = System.nanoTime();
        ScheduledFuture<?> timer;

        Held(Ticket ticket, Matchmaker.Waiter waiter) {
            this.ticket = ticket;
            this.waiter = waiter;
        }
    }

    private final Matchmaker local;
    private final MatchRooms rooms;
    private final ServerMetrics metrics;
    private final EventExecutor loop;
    private final RandomGenerator seats;
    private final String node;
    private final int maxWaiting;
    private final RedisLink link;
    private final ConcurrentHashMap<String, Held> held = new ConcurrentHashMap<>();

    /**
     * @param node this node's name on Redis: its {@code --node} character, or any id of its own
     * @param local the matchmaker of requests that arrive while Redis is unreachable
     * @param seats draws seats; used on {@code loop} only
     */
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
        this.rooms = rooms;
        this.metrics = metrics;
        this.loop = loop;
        this.seats = seats;
        this.node = node;
        this.maxWaiting = maxWaiting;
        this.link =
                new RedisLink(
                        redis,
                        loop,
                        SharedTickets.channel(node),
                        message -> loop.execute(() -> settle(message)),
                        () -> loop.execute(this::lookForAnswers));
        metrics.watchSharedMatch(link::up);
    }

    /** Whether requests are paired across nodes now. */
    public boolean shared() {
        return link.up();
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
        if (ticket.wantsBot() && ticket.botAfter().compareTo(wait) >= 0) {
            return refused(
                    Enqueued.Refusal.BOT_AFTER_TOO_LONG,
                    "botAfter must be shorter than the longest wait, " + wait.toSeconds() + "s");
        }
        if (waiting() >= maxWaiting) {
            return refused(
                    Enqueued.Refusal.QUEUE_FULL, "too many players are waiting; try again later");
        }
        Held mine = new Held(ticket, waiter);
        if (held.putIfAbsent(ticket.id(), mine) != null) {
            return refused(Enqueued.Refusal.TICKET_IN_USE, TICKET_IN_USE);
        }
        return tickets()
                .enqueue(ticket, node, wait)
                .handleAsync(
                        (arrival, failure) -> {
                            if (failure != null) {
                                held.remove(ticket.id(), mine);
                                log.warn(
                                        "quick match through Redis failed ({}); on this node",
                                        failure.toString());
                                return local.submit(ticket, waiter);
                            }
                            return switch (arrival) {
                                case SharedTickets.Arrival.Refused r -> {
                                    held.remove(ticket.id(), mine);
                                    metrics.matchEnded(MatchOutcome.REFUSED);
                                    yield new Enqueued.Refused(r.reason(), message(r.reason()));
                                }
                                case SharedTickets.Arrival.Queued q -> {
                                    arm(mine, ticket.wantsBot() ? ticket.botAfter() : wait);
                                    yield new Enqueued.Queued(
                                            new Enqueued.Waiting(ticket, 1, 1, 1, Duration.ZERO));
                                }
                                case SharedTickets.Arrival.Paired p -> {
                                    held.remove(ticket.id(), mine);
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
                            String cancelled = answer(ticketId, "cancelled");
                            if (claimed.node().equals(node)) {
                                settle(cancelled);
                            } else {
                                tickets().publish(claimed.node(), cancelled);
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
        for (Held h : held.values()) {
            if (held.remove(h.ticket.id(), h)) {
                cancelTimer(h);
                if (link.up()) {
                    claims.add(tickets().claim(h.ticket.id()).toCompletableFuture());
                }
                metrics.matchEnded(MatchOutcome.UNAVAILABLE);
                deliver(h, new MatchAnswer.Unavailable(h.ticket, RESTARTING));
            }
        }
        try {
            CompletableFuture.allOf(claims.toArray(CompletableFuture[]::new))
                    .get(CLOSE_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            log.info("not every waiting ticket left Redis before the stop: {}", e.toString());
        }
        link.close();
    }

    /** This node's arrival paired it with a ticket waiting on {@code p.node()}. */
    private MatchEvent.Paired paired(Held mine, SharedTickets.Arrival.Paired p) {
        MatchKey key = mine.ticket.key();
        Ticket partner = Ticket.of(p.ticket(), p.player(), p.name(), key);
        Mark seat = seats.nextBoolean() ? Mark.X : Mark.O;
        Map<Mark, Ticket> players = new EnumMap<>(Mark.class);
        players.put(seat, mine.ticket);
        players.put(seat.opponent(), partner);
        MatchRooms.Opened room = open(key, players);
        String theirs;
        if (room == null) {
            metrics.matchEnded(MatchOutcome.UNAVAILABLE);
            deliver(mine, new MatchAnswer.Unavailable(mine.ticket, FULL));
            theirs = answer(partner.id(), "unavailable");
        } else {
            metrics.matchPaired(System.nanoTime() - mine.since);
            deliver(
                    mine,
                    new MatchAnswer.Matched(
                            mine.ticket,
                            room.code(),
                            seat,
                            room.tokens().get(seat),
                            MatchAnswer.Opponent.person(partner.name()),
                            room.settings()));
            theirs =
                    JSON.createObjectNode()
                            .put("ticket", partner.id())
                            .put("status", "matched")
                            .put("code", room.code())
                            .put("seat", seat.opponent().name())
                            .put("token", room.tokens().get(seat.opponent()))
                            .put("opponent", mine.ticket.name())
                            .toString();
            log.info(
                    "'{}' and '{}' (waiting on node {}) paired into room {} for {}",
                    mine.ticket.name(),
                    partner.name(),
                    p.node(),
                    room.code(),
                    key);
        }
        tickets()
                .answer(partner.id(), p.node(), theirs)
                .whenComplete(
                        (ok, failure) -> {
                            if (failure != null) {
                                log.warn(
                                        "the answer to a ticket on node {} was not sent: {}",
                                        p.node(),
                                        failure.toString());
                            }
                        });
        Ticket x = players.get(Mark.X);
        return new MatchEvent.Paired(key, x, players.get(Mark.O));
    }

    /** An answer for a ticket this node holds, heard on its channel or found under the ticket. */
    private void settle(String message) {
        JsonNode answer;
        try {
            answer = JSON.readTree(message);
        } catch (Exception e) {
            log.warn("unreadable quick-match message on {}: {}", node, e.toString());
            return;
        }
        Held h = held.remove(answer.path("ticket").asText());
        if (h == null) {
            return;
        }
        cancelTimer(h);
        switch (answer.path("status").asText()) {
            case "matched" -> {
                metrics.matchPaired(System.nanoTime() - h.since);
                Mark seat = Mark.valueOf(answer.path("seat").asText());
                deliver(
                        h,
                        new MatchAnswer.Matched(
                                h.ticket,
                                answer.path("code").asText(),
                                seat,
                                answer.path("token").asText(),
                                MatchAnswer.Opponent.person(answer.path("opponent").asText()),
                                MatchRooms.settings(h.ticket.key(), Mark.X, null)));
            }
            case "cancelled" -> {
                metrics.matchEnded(MatchOutcome.CANCELLED);
                deliver(h, new MatchAnswer.Cancelled(h.ticket));
            }
            default -> {
                metrics.matchEnded(MatchOutcome.UNAVAILABLE);
                deliver(h, new MatchAnswer.Unavailable(h.ticket, FULL));
            }
        }
    }

    /**
     * After the subscriber reconnects: answers published meanwhile are read where they are kept.
     */
    private void lookForAnswers() {
        if (!link.up()) {
            return;
        }
        for (Held h : held.values()) {
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

    private void arm(Held h, Duration delay) {
        ScheduledFuture<?> timer =
                loop.schedule(() -> due(h), delay.toNanos(), TimeUnit.NANOSECONDS);
        synchronized (h) {
            h.timer = timer;
        }
    }

    /** A ticket's bot fill or timeout is due: it leaves Redis, unless it was paired first. */
    private void due(Held h) {
        if (held.get(h.ticket.id()) != h) {
            return;
        }
        if (!link.up()) {
            if (held.remove(h.ticket.id(), h)) {
                timedOut(h);
            }
            return;
        }
        tickets()
                .claim(h.ticket.id())
                .whenCompleteAsync(
                        (claim, failure) -> {
                            if (held.get(h.ticket.id()) != h) {
                                return;
                            }
                            switch (failure != null ? new SharedTickets.Claim.Gone() : claim) {
                                case SharedTickets.Claim.Claimed c -> {
                                    held.remove(h.ticket.id(), h);
                                    if (h.ticket.wantsBot()) {
                                        botFill(h);
                                    } else {
                                        timedOut(h);
                                    }
                                }
                                case SharedTickets.Claim.Answered a -> settle(a.answer());
                                case SharedTickets.Claim.Pending p -> {
                                    long waited = System.nanoTime() - h.since;
                                    if (waited > waitLimit().plus(ANSWER_GRACE).toNanos()) {
                                        held.remove(h.ticket.id(), h);
                                        metrics.matchEnded(MatchOutcome.UNAVAILABLE);
                                        deliver(h, new MatchAnswer.Unavailable(h.ticket, LOST));
                                    } else {
                                        arm(h, ANSWER_CHECK);
                                    }
                                }
                                case SharedTickets.Claim.Gone g -> {
                                    held.remove(h.ticket.id(), h);
                                    timedOut(h);
                                }
                            }
                        },
                        loop);
    }

    private void botFill(Held h) {
        Mark seat = seats.nextBoolean() ? Mark.X : Mark.O;
        MatchRooms.Opened room = open(h.ticket.key(), Map.of(seat, h.ticket));
        if (room == null) {
            metrics.matchEnded(MatchOutcome.UNAVAILABLE);
            deliver(h, new MatchAnswer.Unavailable(h.ticket, FULL));
            return;
        }
        metrics.matchBotFilled();
        deliver(
                h,
                new MatchAnswer.Matched(
                        h.ticket,
                        room.code(),
                        seat,
                        room.tokens().get(seat),
                        MatchAnswer.Opponent.bot(h.ticket.bot()),
                        room.settings()));
    }

    private void timedOut(Held h) {
        metrics.matchEnded(MatchOutcome.TIMEOUT);
        deliver(
                h,
                new MatchAnswer.TimedOut(h.ticket, Duration.ofNanos(System.nanoTime() - h.since)));
    }

    private MatchRooms.Opened open(MatchKey key, Map<Mark, Ticket> players) {
        try {
            return rooms.open(key, players);
        } catch (RoomRegistry.Full e) {
            log.warn("no room for a match under {}: {}", key, e.getMessage());
            return null;
        }
    }

    private SharedTickets tickets() {
        return new SharedTickets(link.commands().async());
    }

    private static void cancelTimer(Held h) {
        synchronized (h) {
            if (h.timer != null) {
                h.timer.cancel(false);
            }
        }
    }

    private static void deliver(Held h, MatchAnswer answer) {
        try {
            h.waiter.answer(answer);
        } catch (RuntimeException e) {
            log.error("answering the request of '{}' failed", h.ticket.name(), e);
        }
    }

    private CompletionStage<Enqueued> refused(Enqueued.Refusal reason, String message) {
        metrics.matchEnded(MatchOutcome.REFUSED);
        return CompletableFuture.completedFuture(new Enqueued.Refused(reason, message));
    }

    private static String answer(String ticket, String status) {
        return JSON.createObjectNode().put("ticket", ticket).put("status", status).toString();
    }

    private static String message(Enqueued.Refusal reason) {
        return reason == Enqueued.Refusal.ALREADY_QUEUED
                ? "this player already waits for a match; cancel that request or wait for its"
                        + " answer"
                : TICKET_IN_USE;
    }

    private static final String TICKET_IN_USE =
            "that ticket id is in use; choose another at random";
    private static final String FULL = "no room could be opened: the server is full";
    private static final String LOST = "the match was made but its answer was lost; ask again";
    private static final String RESTARTING = "the server is restarting; try again in a moment";
}
