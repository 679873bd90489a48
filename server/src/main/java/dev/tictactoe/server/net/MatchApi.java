package dev.tictactoe.server.net;

import static dev.tictactoe.server.net.HttpReplies.JSON;
import static dev.tictactoe.server.net.HttpReplies.error;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.ProtocolException;
import dev.tictactoe.server.cluster.ClusterSettings;
import dev.tictactoe.server.lobby.Enqueued;
import dev.tictactoe.server.lobby.Lobby;
import dev.tictactoe.server.lobby.MatchAnswer;
import dev.tictactoe.server.lobby.MatchEvent;
import dev.tictactoe.server.lobby.MatchKey;
import dev.tictactoe.server.lobby.MatchRequest;
import dev.tictactoe.server.lobby.MatchRooms;
import dev.tictactoe.server.lobby.MatchSettings;
import dev.tictactoe.server.lobby.Matchmaker;
import dev.tictactoe.server.lobby.SharedMatchmaker;
import dev.tictactoe.server.lobby.Ticket;
import dev.tictactoe.server.metrics.Level;
import dev.tictactoe.server.metrics.ServerMetrics;
import dev.tictactoe.server.room.RoomRegistry;

import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.ScheduledFuture;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.security.SecureRandom;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;

/**
 * The quick-match endpoints over the {@link Lobby}: reads a request, hands it over with a waiter,
 * and turns every answer into a status and a JSON body. Holds no connection: {@link MatchEndpoint}
 * keeps the waiting {@code POST} open and writes what it is given.
 */
final class MatchApi {

    private static final Logger log = LoggerFactory.getLogger(MatchApi.class);

    /** The code of a {@code GET} or {@code DELETE} naming no waiting request. */
    static final String UNKNOWN_TICKET = "match_unknown_ticket";

    /** An HTTP answer: a status and a JSON body, or no body (null) for 204. */
    record Reply(HttpResponseStatus status, @Nullable JsonNode body) {}

    /** What became of a {@code POST}: waiting under {@code ticket}, or answered at once. */
    sealed interface Submitted {
        record Waiting(String ticket) implements Submitted {}

        record Answered(Reply reply) implements Submitted {}
    }

    private final Lobby lobby;
    private final int maxNameLength;

    MatchApi(Lobby lobby, int maxNameLength) {
        this.lobby = lobby;
        this.maxNameLength = maxNameLength;
    }

    /** The server's matchmaker, its one timer on {@code timerLoop}. */
    static Matchmaker matchmaker(
            MatchSettings config,
            RoomRegistry rooms,
            ServerMetrics metrics,
            EventExecutor timerLoop,
            RandomGenerator seats) {
        Matchmaker matchmaker =
                new Matchmaker(
                        config.matchWait(),
                        config.matchMaxWaiting(),
                        seats,
                        MatchRooms.in(rooms),
                        (task, delayNanos) -> {
                            ScheduledFuture<?> timer =
                                    timerLoop.schedule(task, delayNanos, TimeUnit.NANOSECONDS);
                            return () -> timer.cancel(false);
                        },
                        System::nanoTime,
                        metrics);
        metrics.watch(Level.MATCH_QUEUE, matchmaker::waiting);
        return matchmaker;
    }

    /**
     * Across nodes with {@code --redis} (known by its {@code --node} or a random id), else local.
     */
    static Lobby lobby(
            MatchSettings config,
            ClusterSettings cluster,
            Matchmaker matchmaker,
            RoomRegistry rooms,
            ServerMetrics metrics,
            EventExecutor loop,
            RandomGenerator seats) {
        if (cluster.redis() == null) {
            return Lobby.local(matchmaker);
        }
        String node =
                cluster.node() != null
                        ? String.valueOf(cluster.node())
                        : Long.toHexString(new SecureRandom().nextLong());
        return new SharedMatchmaker(
                cluster.redis(),
                node,
                matchmaker,
                MatchRooms.in(rooms),
                config.matchMaxWaiting(),
                seats,
                loop,
                metrics);
    }

    /** {@code POST /api/match}: {@code answer} hears the reply later unless given back now. */
    Submitted submit(String body, Consumer<Reply> answer) {
        Ticket ticket;
        try {
            ticket = MatchRequest.read(body, maxNameLength, lobby.waitLimit());
        } catch (ProtocolException e) {
            return new Submitted.Answered(
                    new Reply(HttpResponseStatus.BAD_REQUEST, error(e.code(), e.getMessage())));
        }
        CompletableFuture<Enqueued> result =
                lobby.submit(ticket, matched -> answer.accept(reply(matched)))
                        .toCompletableFuture();
        if (!result.isDone()) {
            // Across nodes the queue answers later: a refusal then reaches the waiting request.
            result.thenAccept(
                    later -> {
                        if (later instanceof Enqueued.Refused refused) {
                            answer.accept(refusal(refused));
                        }
                    });
            return new Submitted.Waiting(ticket.id());
        }
        return switch (result.join()) {
            case Enqueued.Refused refused -> new Submitted.Answered(refusal(refused));
            // A pairing made at once reaches the waiter like any other answer.
            case Enqueued.Queued queued -> new Submitted.Waiting(ticket.id());
            case MatchEvent.Paired paired -> new Submitted.Waiting(ticket.id());
        };
    }

    /** {@code GET /api/match/{ticket}}, for a request waiting on any node. */
    CompletionStage<Reply> status(String ticket) {
        return lobby.status(ticket)
                .thenApply(
                        waiting -> waiting.map(MatchApi::waiting).orElseGet(() -> unknown(ticket)));
    }

    /**
     * {@code DELETE /api/match/{ticket}}: the waiting {@code POST} is answered {@code cancelled}.
     */
    CompletionStage<Reply> cancel(String ticket) {
        return lobby.cancel(ticket)
                .thenApply(
                        cancelled ->
                                cancelled
                                        ? new Reply(HttpResponseStatus.NO_CONTENT, null)
                                        : unknown(ticket));
    }

    /** The connection of a waiting request closed: it leaves the queue. */
    void leave(String ticket) {
        lobby.cancel(ticket)
                .thenAccept(
                        left -> {
                            if (left) {
                                log.debug(
                                        "a waiting quick-match request closed its connection and"
                                                + " left the queue");
                            }
                        });
    }

    private static Reply unknown(String ticket) {
        return new Reply(
                HttpResponseStatus.NOT_FOUND,
                error(
                        UNKNOWN_TICKET,
                        "no quick-match request waits with ticket "
                                + HttpReplies.abbreviate(ticket)
                                + "; it may have been answered already"));
    }

    static Reply refusal(Enqueued.Refused refused) {
        HttpResponseStatus status =
                switch (refused.reason()) {
                    case ALREADY_QUEUED, TICKET_IN_USE -> HttpResponseStatus.CONFLICT;
                    case QUEUE_FULL -> HttpResponseStatus.SERVICE_UNAVAILABLE;
                    case BOT_AFTER_TOO_LONG -> HttpResponseStatus.BAD_REQUEST;
                };
        return new Reply(status, error(refused.reason().wire(), refused.message()));
    }

    /** The answer to a waiting {@code POST}. */
    static Reply reply(MatchAnswer answer) {
        ObjectNode body = JSON.createObjectNode();
        return switch (answer) {
            case MatchAnswer.Matched m -> {
                body.put("status", "matched")
                        .put("ticket", m.ticket().id())
                        .put("code", m.code())
                        .put("path", "/rooms/" + m.code() + "/ws")
                        .put("seat", m.seat().name())
                        .put("token", m.token());
                body.putObject("opponent")
                        .put("name", m.opponent().name())
                        .put("kind", m.opponent().bot() == null ? "human" : "bot")
                        .put(
                                "level",
                                m.opponent().bot() == null
                                        ? null
                                        : m.opponent().bot().name().toLowerCase(Locale.ROOT));
                body.set("settings", HttpReplies.settings(m.settings(), m.seat()));
                yield new Reply(HttpResponseStatus.OK, body);
            }
            case MatchAnswer.TimedOut t ->
                    new Reply(
                            HttpResponseStatus.OK,
                            body.put("status", "timeout")
                                    .put("ticket", t.ticket().id())
                                    .put("waitedMs", t.waited().toMillis()));
            case MatchAnswer.Cancelled c ->
                    new Reply(
                            HttpResponseStatus.OK,
                            body.put("status", "cancelled").put("ticket", c.ticket().id()));
            case MatchAnswer.Unavailable u ->
                    new Reply(
                            HttpResponseStatus.SERVICE_UNAVAILABLE,
                            error(ErrorCode.SERVER_FULL, u.message()));
        };
    }

    static Reply waiting(Enqueued.Waiting waiting) {
        MatchKey key = waiting.ticket().key();
        ObjectNode body =
                JSON.createObjectNode()
                        .put("status", "waiting")
                        .put("ticket", waiting.ticket().id())
                        .put("position", waiting.position())
                        .put("sameSettings", waiting.sameSettings())
                        .put("waiting", waiting.total())
                        .put("waitedMs", waiting.waited().toMillis());
        body.putObject("settings")
                .put("size", key.rules().size())
                .put("winLength", key.rules().winLength())
                .put("clock", key.timeControl() == null ? null : key.timeControl().toString());
        return new Reply(HttpResponseStatus.OK, body);
    }
}
