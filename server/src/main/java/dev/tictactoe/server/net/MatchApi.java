package dev.tictactoe.server.net;

import static dev.tictactoe.server.net.HttpReplies.JSON;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.tictactoe.protocol.ProtocolException;
import dev.tictactoe.protocol.WireWord;
import dev.tictactoe.server.cluster.ClusterSettings;
import dev.tictactoe.server.lobby.Enqueued;
import dev.tictactoe.server.lobby.MatchAnswer;
import dev.tictactoe.server.lobby.MatchKey;
import dev.tictactoe.server.lobby.MatchRequest;
import dev.tictactoe.server.lobby.MatchRooms;
import dev.tictactoe.server.lobby.MatchSettings;
import dev.tictactoe.server.lobby.Matchmaker;
import dev.tictactoe.server.lobby.Ticket;
import dev.tictactoe.server.metrics.ServerMetrics;
import dev.tictactoe.server.room.RoomRegistry;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.util.concurrent.EventExecutor;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.random.RandomGenerator;

/** Quick match over HTTP: a {@code POST} waits for its pairing as a pending answer. */
final class MatchApi {

    private static final Logger log = LoggerFactory.getLogger(MatchApi.class);

    private final Matchmaker lobby;
    private final int maxNameLength;

    MatchApi(Matchmaker lobby, int maxNameLength) {
        this.lobby = lobby;
        this.maxNameLength = maxNameLength;
    }

    /** The server's matchmaker, its timers on {@code timerLoop}, across nodes with --redis. */
    static Matchmaker matchmaker(
            MatchSettings config,
            ClusterSettings cluster,
            RoomRegistry rooms,
            ServerMetrics metrics,
            EventExecutor timerLoop,
            RandomGenerator seats) {
        String node =
                cluster.node() != null
                        ? String.valueOf(cluster.node())
                        : Long.toHexString(seats.nextLong());
        return new Matchmaker(
                config,
                seats,
                MatchRooms.in(rooms),
                (task, delayNanos) -> {
                    var timer = timerLoop.schedule(task, delayNanos, TimeUnit.NANOSECONDS);
                    return () -> timer.cancel(false);
                },
                System::nanoTime,
                metrics,
                cluster.redis(),
                node);
    }

    /** Answered at once or when paired, timed out or cancelled; a closed channel leaves. */
    CompletionStage<FullHttpResponse> submit(Channel channel, String body) {
        CompletableFuture<FullHttpResponse> answer = new CompletableFuture<>();
        Ticket ticket;
        try {
            ticket = MatchRequest.read(body, maxNameLength, lobby.waitLimit());
        } catch (ProtocolException e) {
            return CompletableFuture.completedFuture(
                    HttpReplies.refusal(HttpResponseStatus.BAD_REQUEST, e.code(), e.getMessage()));
        }
        // Across nodes the queue answers later: a refusal then reaches the waiting request.
        lobby.submit(ticket, matched -> answer.complete(reply(matched)))
                .thenAccept(
                        enqueued -> {
                            if (enqueued instanceof Enqueued.Refused refused) {
                                answer.complete(refusal(refused));
                            }
                        });
        if (!answer.isDone()) {
            ChannelFutureListener leave = closed -> leave(ticket.id());
            channel.closeFuture().addListener(leave);
            answer.whenComplete((reply, failure) -> channel.closeFuture().removeListener(leave));
        }
        return answer;
    }

    /** {@code answer} to what may come from Redis, or a 503 when Redis could not be reached. */
    private static <T> CompletionStage<FullHttpResponse> reached(
            CompletionStage<T> asked, Function<T, FullHttpResponse> answer) {
        return asked.thenApply(answer)
                .exceptionally(
                        failure ->
                                HttpReplies.unavailable(
                                        "quick match could not be reached; try again"));
    }

    CompletionStage<FullHttpResponse> status(String ticket) {
        return reached(
                lobby.status(ticket),
                waiting -> waiting.map(MatchApi::waiting).orElseGet(() -> unknown(ticket)));
    }

    CompletionStage<FullHttpResponse> cancel(String ticket) {
        return reached(
                lobby.cancel(ticket),
                cancelled -> cancelled ? HttpReplies.noContent() : unknown(ticket));
    }

    private void leave(String ticket) {
        lobby.cancel(ticket)
                .thenAccept(left -> log.debug("a waiting request closed; left: {}", left));
    }

    private static FullHttpResponse unknown(String ticket) {
        return HttpReplies.refusal(
                HttpResponseStatus.NOT_FOUND,
                "match_unknown_ticket",
                "no quick-match request waits with ticket %s; it may have been answered already"
                        .formatted(HttpReplies.abbreviate(ticket)));
    }

    static FullHttpResponse refusal(Enqueued.Refused refused) {
        HttpResponseStatus status =
                switch (refused) {
                    case ALREADY_QUEUED, TICKET_IN_USE -> HttpResponseStatus.CONFLICT;
                    case QUEUE_FULL -> HttpResponseStatus.SERVICE_UNAVAILABLE;
                };
        return HttpReplies.refusal(status, refused.wire(), refused.message());
    }

    static FullHttpResponse reply(MatchAnswer answer) {
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
                        .put("level", WireWord.spelling(m.opponent().bot()));
                body.set("settings", HttpReplies.settings(m.settings(), m.seat()));
                yield HttpReplies.ok(body);
            }
            case MatchAnswer.TimedOut t ->
                    HttpReplies.ok(
                            body.put("status", "timeout")
                                    .put("ticket", t.ticket().id())
                                    .put("waitedMs", t.waited().toMillis()));
            case MatchAnswer.Cancelled c ->
                    HttpReplies.ok(body.put("status", "cancelled").put("ticket", c.ticket().id()));
            case MatchAnswer.Unavailable u -> HttpReplies.unavailable(u.message());
        };
    }

    static FullHttpResponse waiting(Enqueued.Waiting waiting) {
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
                .putPOJO("clock", key.timeControl());
        return HttpReplies.ok(body);
    }
}
