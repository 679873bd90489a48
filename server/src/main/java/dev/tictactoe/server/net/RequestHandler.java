package dev.tictactoe.server.net;

import static dev.tictactoe.server.net.HttpReplies.JSON;
import static dev.tictactoe.server.net.HttpReplies.error;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.tictactoe.protocol.Durations;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.NewRoom;
import dev.tictactoe.protocol.ProtocolException;
import dev.tictactoe.protocol.RoomCode;
import dev.tictactoe.protocol.Snapshot;
import dev.tictactoe.server.room.Room;
import dev.tictactoe.server.room.RoomRegistry;
import dev.tictactoe.server.room.RoomSettings;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.TooLongHttpContentException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.netty.handler.timeout.IdleStateEvent;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Answers every HTTP request on a connection, in order, with JSON: the API, health, readiness and
 * metrics, and refusals for anything else. A valid upgrade to a live room is passed on to the
 * WebSocket handshake, and this handler leaves the pipeline. It stays one file: requests on a
 * connection are answered strictly in order, and every endpoint's answer goes through the one queue
 * that keeps that order.
 */
final class RequestHandler extends ChannelInboundHandlerAdapter {

    private static final Logger log = LoggerFactory.getLogger(RequestHandler.class);

    /** Requests a client may send ahead while one is being answered (HTTP pipelining). */
    static final int MAX_PIPELINED = 16;

    private static final String X_FORWARDED_FOR = "X-Forwarded-For";

    private final Services services;
    private final boolean overCap;

    /** Requests that arrived while an answer computed elsewhere was pending; answered in order. */
    private final ArrayDeque<FullHttpRequest> waiting = new ArrayDeque<>();

    private boolean answering;

    /** The ticket of this connection's quick-match request while it waits for its answer. */
    private String matchTicket;

    RequestHandler(Services services) {
        this(services, false);
    }

    /**
     * {@code overCap}: the connection came when the server already held as many as it takes; it may
     * still ask for health, readiness and metrics, and is refused anything else.
     */
    RequestHandler(Services services, boolean overCap) {
        this.services = services;
        this.overCap = overCap;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof FullHttpRequest request)) {
            ctx.fireChannelRead(msg);
            return;
        }
        requestReceived(ctx, true);
        if (answering) {
            if (waiting.size() >= MAX_PIPELINED) {
                request.release();
                ctx.close();
                return;
            }
            waiting.add(request);
            return;
        }
        handle(ctx, request);
    }

    private void handle(ChannelHandlerContext ctx, FullHttpRequest request) {
        try {
            answer(ctx, request);
        } finally {
            request.release();
        }
    }

    private void answer(ChannelHandlerContext ctx, FullHttpRequest request) {
        CrossOrigin.allow(ctx.channel(), null);
        boolean head = request.method().equals(HttpMethod.HEAD);
        if (!request.decoderResult().isSuccess()) {
            // The decoder (or, for a body too large, the aggregator) discards the rest of the
            // connection's input, so it has to close; it drains what the client is still sending
            // first, or the close could reset the connection before the answer is read.
            Refusal refusal = refusalOf(request.decoderResult().cause());
            DrainInput.sendThenDrain(
                    ctx,
                    HttpReplies.json(
                            refusal.status(),
                            error(ErrorCode.BAD_MESSAGE, refusal.message()),
                            head));
            return;
        }
        if (request.protocolVersion().majorVersion() != 1) {
            reply(
                    ctx,
                    false,
                    head,
                    HttpResponseStatus.HTTP_VERSION_NOT_SUPPORTED,
                    error(ErrorCode.BAD_MESSAGE, "this server speaks HTTP/1.1"));
            return;
        }
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        // Kept on the channel: its limits, logs and JSON fields name the client, not a proxy.
        services.clients().of(ctx.channel(), request.headers().get(X_FORWARDED_FOR));
        String expect = request.headers().get(HttpHeaderNames.EXPECT);
        if (expect != null && !HttpHeaderValues.CONTINUE.contentEqualsIgnoreCase(expect)) {
            reply(
                    ctx,
                    keepAlive,
                    head,
                    HttpResponseStatus.EXPECTATION_FAILED,
                    error(
                            ErrorCode.BAD_MESSAGE,
                            "Expect: "
                                    + abbreviate(expect)
                                    + " cannot be met; the only expectation known is"
                                    + " 100-continue"));
            return;
        }
        Route route = Router.route(request.method(), request.uri());
        HttpCounter.routed(ctx.channel(), route);
        if (overCap && !isProbe(route)) {
            refusedNow(ctx);
            return;
        }
        if (crossOrigin(ctx, request, route, keepAlive)) {
            return;
        }
        switch (route) {
            case Route.Upgrade upgrade -> upgrade(ctx, request, upgrade.code());
            case Route.CreateRoom create -> createRoom(ctx, request);
            case Route.QuickMatch quick -> quickMatch(ctx, request);
            case Route.MatchStatus status ->
                    sendLater(ctx, keepAlive, services.matches().status(status.ticket()));
            case Route.CancelMatch cancel ->
                    sendLater(ctx, keepAlive, services.matches().cancel(cancel.ticket()));
            case Route.RoomInfo info -> roomInfo(ctx, request, info.code());
            case Route.Games games -> archived(ctx, request, games.code(), null, false);
            case Route.Game game -> archived(ctx, request, game.code(), game.game(), false);
            case Route.GameAnalysis analysis ->
                    archived(ctx, request, analysis.code(), analysis.game(), true);
            case Route.Health health ->
                    HttpReplies.send(ctx, services.probes().health(head), keepAlive);
            case Route.Ready ready ->
                    HttpReplies.send(ctx, services.probes().ready(head), keepAlive);
            case Route.Prometheus prometheus ->
                    HttpReplies.send(ctx, services.probes().metrics(prometheus.gc()), keepAlive);
            case Route.Asset asset ->
                    HttpReplies.send(
                            ctx,
                            services.files().respond(asset.path(), request.headers(), head),
                            keepAlive);
            case Route.NotFound notFound ->
                    reply(
                            ctx,
                            keepAlive,
                            head,
                            HttpResponseStatus.NOT_FOUND,
                            error(
                                    ErrorCode.BAD_MESSAGE,
                                    "no such endpoint: " + abbreviate(notFound.path())));
            case Route.MethodNotAllowed notAllowed -> {
                FullHttpResponse response =
                        HttpReplies.json(
                                HttpResponseStatus.METHOD_NOT_ALLOWED,
                                error(
                                        ErrorCode.BAD_MESSAGE,
                                        abbreviate(request.method().name())
                                                + " is not allowed on "
                                                + notAllowed.path()),
                                head);
                response.headers().set(HttpHeaderNames.ALLOW, notAllowed.allow());
                HttpReplies.send(ctx, response, keepAlive);
            }
            case Route.BadTarget bad ->
                    reply(
                            ctx,
                            false,
                            head,
                            HttpResponseStatus.BAD_REQUEST,
                            error(ErrorCode.BAD_MESSAGE, bad.reason()));
            case Route.TooLong tooLong ->
                    reply(
                            ctx,
                            false,
                            head,
                            HttpResponseStatus.REQUEST_URI_TOO_LONG,
                            error(
                                    ErrorCode.BAD_MESSAGE,
                                    "the path is "
                                            + tooLong.length()
                                            + " characters, at most "
                                            + Router.MAX_PATH_CHARS
                                            + " are read"));
        }
    }

    /**
     * Lets a page from an allowed origin read this API answer, and answers a browser's preflight
     * for an API path; returns whether the request was such a preflight, now answered.
     */
    private boolean crossOrigin(
            ChannelHandlerContext ctx, FullHttpRequest request, Route route, boolean keepAlive) {
        String origin = request.headers().get(HttpHeaderNames.ORIGIN);
        boolean api = CrossOrigin.isApi(route);
        boolean allowed =
                api
                        && origin != null
                        && services.origins()
                                .allows(origin, request.headers().get(HttpHeaderNames.HOST));
        CrossOrigin.allow(ctx.channel(), allowed ? origin.trim() : null);
        if (!api
                || !(route instanceof Route.MethodNotAllowed path)
                || !CrossOrigin.isPreflight(request)) {
            return false;
        }
        if (!allowed) {
            reply(
                    ctx,
                    keepAlive,
                    false,
                    HttpResponseStatus.FORBIDDEN,
                    error(
                            ErrorCode.ORIGIN_NOT_ALLOWED,
                            "pages from "
                                    + abbreviate(origin)
                                    + " may not call this server's API"));
            return true;
        }
        FullHttpResponse response = HttpReplies.empty(HttpResponseStatus.NO_CONTENT);
        CrossOrigin.addPreflight(response, path.allow());
        HttpReplies.send(ctx, response, keepAlive);
        return true;
    }

    /** What a connection over the cap may still ask: health, readiness and metrics. */
    private static boolean isProbe(Route route) {
        return route instanceof Route.Health
                || route instanceof Route.Ready
                || route instanceof Route.Prometheus;
    }

    /**
     * While the server drains, or on a connection over the cap, what would start something new is
     * refused, and the connection closed.
     */
    private boolean refusedNow(ChannelHandlerContext ctx) {
        if (overCap) {
            reply(
                    ctx,
                    false,
                    false,
                    HttpResponseStatus.SERVICE_UNAVAILABLE,
                    error(ErrorCode.SERVER_FULL, "too many connections; try again later"));
            return true;
        }
        if (!services.state().isDraining()) {
            return false;
        }
        reply(
                ctx,
                false,
                false,
                HttpResponseStatus.SERVICE_UNAVAILABLE,
                error(ErrorCode.SERVER_FULL, "the server is restarting; try again in a moment"));
        return true;
    }

    private void upgrade(ChannelHandlerContext ctx, FullHttpRequest request, String typedCode) {
        if (refusedNow(ctx)) {
            return;
        }
        String origin = request.headers().get(HttpHeaderNames.ORIGIN);
        if (!services.origins().allows(origin, request.headers().get(HttpHeaderNames.HOST))) {
            log.info(
                    "refused a socket from origin {} (host {})",
                    origin,
                    request.headers().get(HttpHeaderNames.HOST));
            reply(
                    ctx,
                    false,
                    false,
                    HttpResponseStatus.FORBIDDEN,
                    error(
                            ErrorCode.ORIGIN_NOT_ALLOWED,
                            "pages from " + origin + " may not open a room socket on this server"));
            return;
        }
        String problem = Handshakes.problem(request);
        if (problem != null) {
            boolean version = problem.startsWith(Handshakes.VERSION_PROBLEM);
            FullHttpResponse response =
                    HttpReplies.json(
                            version
                                    ? HttpResponseStatus.UPGRADE_REQUIRED
                                    : HttpResponseStatus.BAD_REQUEST,
                            error(ErrorCode.BAD_MESSAGE, problem),
                            false);
            if (version) {
                response.headers().set(HttpHeaderNames.SEC_WEBSOCKET_VERSION, Handshakes.VERSION);
            }
            HttpReplies.send(ctx, response, false);
            return;
        }
        Optional<Room> room = findRoom(ctx, request, typedCode, false);
        if (room.isEmpty()) {
            return;
        }
        ctx.channel().attr(SessionHandler.ROOM).set(room.get());
        EventLoop home = room.get().loop();
        if (LoopMove.needed(ctx.channel(), home)) {
            // Requests pipelined behind the upgrade wait, and go when this handler leaves.
            answering = true;
            request.retain();
            LoopMove.to(
                    ctx.channel(),
                    home,
                    loop -> services.sweeps().watch(loop, false),
                    () -> handshake(ctx, request),
                    request::release);
            return;
        }
        handshake(ctx, request.retain());
    }

    /** The handshake, then frames, go past this handler from now on. */
    private void handshake(ChannelHandlerContext ctx, FullHttpRequest request) {
        requestReceived(ctx, false);
        ctx.pipeline().remove(this);
        ctx.fireChannelRead(request);
    }

    /** Stops the request clock; with {@code more}, the next request's first byte restarts it. */
    private static void requestReceived(ChannelHandlerContext ctx, boolean more) {
        if (ctx.pipeline().get(LoopMove.WATCH) instanceof IdleSweep.Watch watch) {
            watch.requestReceived(more);
        }
    }

    private void createRoom(ChannelHandlerContext ctx, FullHttpRequest request) {
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        if (refusedNow(ctx)) {
            return;
        }
        RoomSettings settings;
        NewRoom asked;
        try {
            String body = request.content().toString(StandardCharsets.UTF_8);
            asked = body.isBlank() ? NewRoom.DEFAULT : MessageCodec.decodeNewRoom(body);
            settings = RoomSettings.resolve(asked, ThreadLocalRandom.current());
        } catch (ProtocolException e) {
            reply(
                    ctx,
                    keepAlive,
                    false,
                    HttpResponseStatus.BAD_REQUEST,
                    error(e.code(), e.getMessage()));
            return;
        }
        Room room;
        try {
            room = services.rooms().create(settings, asked.botSeed());
        } catch (RoomRegistry.Full e) {
            reply(
                    ctx,
                    keepAlive,
                    false,
                    HttpResponseStatus.SERVICE_UNAVAILABLE,
                    error(ErrorCode.SERVER_FULL, e.getMessage()));
            return;
        }
        ObjectNode body =
                JSON.createObjectNode()
                        .put("code", room.code())
                        .put("path", "/rooms/" + room.code() + "/ws");
        body.set(
                "settings",
                HttpReplies.settings(settings, settings.creatorSeat())
                        .put("botSeed", asked.botSeed()));
        reply(ctx, keepAlive, false, HttpResponseStatus.CREATED, body);
    }

    /**
     * Waits for a quick match without holding the loop: the request is queued with a waiter that
     * hands its answer back to this connection's loop. Later requests on this connection wait
     * behind it, in order.
     */
    private void quickMatch(ChannelHandlerContext ctx, FullHttpRequest request) {
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        if (refusedNow(ctx)) {
            return;
        }
        answering = true;
        MatchApi.Submitted submitted =
                services.matches()
                        .submit(
                                request.content().toString(StandardCharsets.UTF_8),
                                reply ->
                                        ctx.executor()
                                                .execute(
                                                        () ->
                                                                matchAnswered(
                                                                        ctx, keepAlive, reply)));
        switch (submitted) {
            case MatchApi.Submitted.Answered answered -> {
                answering = false;
                send(ctx, keepAlive, answered.reply());
            }
            // Even a pairing made at once is answered through the waiter, a task after this one.
            case MatchApi.Submitted.Waiting queued -> matchTicket = queued.ticket();
        }
    }

    private void matchAnswered(ChannelHandlerContext ctx, boolean keepAlive, MatchApi.Reply reply) {
        matchTicket = null;
        send(ctx, keepAlive, reply);
        answered(ctx);
    }

    /** The request being answered is done: the requests that queued behind it go on, in order. */
    private void answered(ChannelHandlerContext ctx) {
        answering = false;
        while (!answering && !waiting.isEmpty() && ctx.channel().isActive()) {
            handle(ctx, waiting.poll());
        }
    }

    /**
     * A quick-match answer that may come from Redis: later requests on this connection wait behind
     * it, in order.
     */
    private void sendLater(
            ChannelHandlerContext ctx, boolean keepAlive, CompletionStage<MatchApi.Reply> reply) {
        var now = reply.toCompletableFuture();
        if (now.isDone() && !now.isCompletedExceptionally()) {
            send(ctx, keepAlive, now.join());
            return;
        }
        answering = true;
        reply.whenComplete(
                (answer, failure) ->
                        ctx.executor()
                                .execute(
                                        () -> {
                                            send(
                                                    ctx,
                                                    keepAlive,
                                                    failure == null
                                                            ? answer
                                                            : new MatchApi.Reply(
                                                                    HttpResponseStatus
                                                                            .SERVICE_UNAVAILABLE,
                                                                    error(
                                                                            ErrorCode.SERVER_FULL,
                                                                            "quick match could not"
                                                                                + " be reached; try"
                                                                                + " again")));
                                            answered(ctx);
                                        }));
    }

    private static void send(ChannelHandlerContext ctx, boolean keepAlive, MatchApi.Reply reply) {
        if (reply.body() == null) {
            HttpReplies.send(ctx, HttpReplies.empty(reply.status()), keepAlive);
        } else {
            reply(ctx, keepAlive, false, reply.status(), reply.body());
        }
    }

    private void roomInfo(ChannelHandlerContext ctx, FullHttpRequest request, String typedCode) {
        Optional<Room> room = findRoom(ctx, request, typedCode, HttpUtil.isKeepAlive(request));
        if (room.isEmpty()) {
            return;
        }
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        // Computed on the room's loop: later requests on this connection wait their turn.
        answering = true;
        room.get()
                .status()
                .addListener(
                        f ->
                                ctx.executor()
                                        .execute(
                                                () -> {
                                                    if (f.isSuccess()) {
                                                        reply(
                                                                ctx,
                                                                keepAlive,
                                                                false,
                                                                HttpResponseStatus.OK,
                                                                MessageCodec.toTree(
                                                                        (Snapshot) f.getNow()));
                                                    } else {
                                                        reply(
                                                                ctx,
                                                                keepAlive,
                                                                false,
                                                                HttpResponseStatus
                                                                        .INTERNAL_SERVER_ERROR,
                                                                error(
                                                                        ErrorCode.INTERNAL_ERROR,
                                                                        "status unavailable"));
                                                    }
                                                    answered(ctx);
                                                }));
    }

    /**
     * A room's archived games: the list of their numbers, one game, or one game's analysis. Read
     * (and analysed) off the event loop; an unknown room counts against the address's budget of
     * unknown codes like a room lookup.
     */
    private void archived(
            ChannelHandlerContext ctx,
            FullHttpRequest request,
            String typedCode,
            Integer game,
            boolean analysis) {
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        String address =
                services.clients().of(ctx.channel(), request.headers().get(X_FORWARDED_FOR));
        // The token is taken before the lookup, which answers later: lookups in flight at once
        // are all counted.
        long retryAfter = services.unknownCodes().take(address);
        if (retryAfter > 0) {
            tooManyUnknownCodes(ctx, address, retryAfter, keepAlive);
            return;
        }
        String code = RoomCode.normalize(typedCode).orElse(null);
        if (code == null || services.games() == null) {
            reply(
                    ctx,
                    keepAlive,
                    false,
                    HttpResponseStatus.NOT_FOUND,
                    error(
                            ErrorCode.UNKNOWN_ROOM,
                            "no games kept for room " + abbreviate(typedCode)));
            return;
        }
        answering = true;
        ArchivedGames.lookup(services.games(), code, game)
                .thenCompose(
                        body ->
                                body == null
                                        ? CompletableFuture.<GameAnalyses.Outcome>completedFuture(
                                                null)
                                        : analysis
                                                ? services.analyses().analyse(address, body)
                                                : CompletableFuture.completedFuture(
                                                        new GameAnalyses.Analysed(body)))
                .whenComplete(
                        (outcome, failure) ->
                                ctx.executor()
                                        .execute(
                                                () -> {
                                                    answerArchived(
                                                            ctx,
                                                            keepAlive,
                                                            address,
                                                            outcome,
                                                            failure,
                                                            game == null
                                                                    ? "no games kept for room "
                                                                            + code
                                                                    : "room "
                                                                            + code
                                                                            + " has no game "
                                                                            + game);
                                                    answered(ctx);
                                                }));
    }

    private void answerArchived(
            ChannelHandlerContext ctx,
            boolean keepAlive,
            String address,
            GameAnalyses.Outcome outcome,
            Throwable failure,
            String notFound) {
        if (outcome != null || failure != null) {
            // The room has games (or the archive failed, no fault of the client's): no miss.
            services.unknownCodes().found(address);
        }
        switch (outcome) {
            case null -> {
                if (failure != null) {
                    reply(
                            ctx,
                            keepAlive,
                            false,
                            HttpResponseStatus.INTERNAL_SERVER_ERROR,
                            error(ErrorCode.INTERNAL_ERROR, "games unavailable"));
                } else {
                    reply(
                            ctx,
                            keepAlive,
                            false,
                            HttpResponseStatus.NOT_FOUND,
                            error(ErrorCode.UNKNOWN_ROOM, notFound));
                }
            }
            case GameAnalyses.Analysed found ->
                    reply(ctx, keepAlive, false, HttpResponseStatus.OK, found.body());
            case GameAnalyses.Refused refused -> {
                boolean busy = refused == GameAnalyses.Refused.BUSY;
                FullHttpResponse response =
                        HttpReplies.json(
                                busy
                                        ? HttpResponseStatus.SERVICE_UNAVAILABLE
                                        : HttpResponseStatus.TOO_MANY_REQUESTS,
                                busy
                                        ? error(
                                                ErrorCode.SERVER_FULL,
                                                "too many games are being analysed; try again"
                                                        + " in a few seconds")
                                        : error(
                                                ErrorCode.RATE_LIMITED,
                                                "an analysis for this address is still being"
                                                        + " made; try again when it is done"),
                                false);
                response.headers().setInt(HttpHeaderNames.RETRY_AFTER, busy ? 5 : 2);
                HttpReplies.send(ctx, response, keepAlive);
            }
        }
    }

    /** The room a typed code names, or empty once the request has been answered 404 or 429. */
    private Optional<Room> findRoom(
            ChannelHandlerContext ctx,
            FullHttpRequest request,
            String typedCode,
            boolean keepAlive) {
        String address =
                services.clients().of(ctx.channel(), request.headers().get(X_FORWARDED_FOR));
        long retryAfter = services.unknownCodes().take(address);
        if (retryAfter > 0) {
            tooManyUnknownCodes(ctx, address, retryAfter, keepAlive);
            return Optional.empty();
        }
        Optional<Room> room = services.rooms().find(typedCode);
        if (room.isPresent()) {
            services.unknownCodes().found(address);
        } else {
            reply(
                    ctx,
                    keepAlive,
                    false,
                    HttpResponseStatus.NOT_FOUND,
                    error(
                            ErrorCode.UNKNOWN_ROOM,
                            "no room with code " + abbreviate(typedCode).toUpperCase(Locale.ROOT)));
        }
        return room;
    }

    /** Answers 429: {@code address} named too many unknown codes lately. */
    private void tooManyUnknownCodes(
            ChannelHandlerContext ctx, String address, long retryAfter, boolean keepAlive) {
        services.metrics().lookupThrottled();
        long held = services.clientLog().admit(address);
        if (held >= 0) {
            log.info(
                    "{} tried too many unknown room codes; refusing lookups for now ({} similar"
                            + " lines held back)",
                    address,
                    held);
        }
        FullHttpResponse response =
                HttpReplies.json(
                        HttpResponseStatus.TOO_MANY_REQUESTS,
                        error(
                                ErrorCode.RATE_LIMITED,
                                "too many unknown room codes; retry in " + retryAfter + " s"),
                        false);
        response.headers()
                .setInt(HttpHeaderNames.RETRY_AFTER, (int) Math.min(Integer.MAX_VALUE, retryAfter));
        HttpReplies.send(ctx, response, keepAlive);
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
        if (event instanceof IdleStateEvent && matchTicket != null) {
            // A quick-match request is quiet while it waits; its wait is bounded by the match wait
            // limit.
            return;
        }
        if (event == ServerState.Event.REQUEST_TIMEOUT) {
            if (answering) {
                // An answer is still owed first, and the late request will not be answered.
                ctx.close();
                return;
            }
            reply(
                    ctx,
                    false,
                    false,
                    HttpResponseStatus.REQUEST_TIMEOUT,
                    error(
                            ErrorCode.BAD_MESSAGE,
                            "the request did not arrive whole within "
                                    + Durations.format(services.config().requestTimeout())));
            return;
        }
        if (event instanceof IdleStateEvent || event == ServerState.Event.DRAIN) {
            // A plain HTTP connection that went quiet, or the server is stopping: nothing is owed.
            ctx.close();
            return;
        }
        super.userEventTriggered(ctx, event);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (matchTicket != null) {
            // A client that gives up closes the connection: its request leaves the queue.
            services.matches().leave(matchTicket);
        }
        ctx.fireChannelInactive();
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        waiting.forEach(FullHttpRequest::release);
        waiting.clear();
    }

    private static void reply(
            ChannelHandlerContext ctx,
            boolean keepAlive,
            boolean head,
            HttpResponseStatus status,
            JsonNode body) {
        HttpReplies.send(ctx, HttpReplies.json(status, body, head), keepAlive);
        if (status.code() >= 500 && status.code() != 503 && status.code() != 505) {
            log.warn("HTTP {}: {}", status.code(), body);
        }
    }

    /** How a request the decoder or the aggregator gave up on is answered. */
    private record Refusal(HttpResponseStatus status, String message) {}

    // Which limit the request broke, if any (the subclasses of TooLongFrameException first).
    private static Refusal refusalOf(Throwable cause) {
        return switch (cause) {
            case TooLongHttpContentException body ->
                    new Refusal(
                            HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE,
                            "request bodies are at most "
                                    + ServerInitializer.MAX_HTTP_BODY_BYTES
                                    + " bytes");
            case TooLongHttpLineException line ->
                    new Refusal(
                            HttpResponseStatus.REQUEST_URI_TOO_LONG,
                            "the request line is over "
                                    + ServerInitializer.MAX_REQUEST_LINE_BYTES
                                    + " bytes");
            case TooLongFrameException headers ->
                    new Refusal(
                            HttpResponseStatus.REQUEST_HEADER_FIELDS_TOO_LARGE,
                            "the headers are over "
                                    + ServerInitializer.MAX_HEADER_BYTES
                                    + " bytes");
            case null, default ->
                    new Refusal(HttpResponseStatus.BAD_REQUEST, "malformed HTTP request");
        };
    }

    /** What a client sent, shortened for an answer or a log line. */
    static String abbreviate(String text) {
        return text.length() <= 64 ? text : text.substring(0, 64) + "...";
    }
}
