package dev.tictactoe.server.net;

import static dev.tictactoe.server.net.HttpReplies.abbreviate;
import static dev.tictactoe.server.net.HttpReplies.badMessage;
import static dev.tictactoe.server.net.HttpReplies.unavailable;

import static io.netty.handler.codec.http.HttpResponseStatus.BAD_REQUEST;
import static io.netty.handler.codec.http.HttpResponseStatus.EXPECTATION_FAILED;
import static io.netty.handler.codec.http.HttpResponseStatus.HTTP_VERSION_NOT_SUPPORTED;
import static io.netty.handler.codec.http.HttpResponseStatus.METHOD_NOT_ALLOWED;
import static io.netty.handler.codec.http.HttpResponseStatus.NOT_FOUND;
import static io.netty.handler.codec.http.HttpResponseStatus.REQUEST_TIMEOUT;
import static io.netty.handler.codec.http.HttpResponseStatus.REQUEST_URI_TOO_LONG;

import dev.tictactoe.protocol.Durations;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpUtil;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** Answers a connection's HTTP requests in order: common checks, then the route's endpoint. */
final class RequestHandler extends ChannelInboundHandlerAdapter {

    /** Requests a client may send ahead while one is being answered (HTTP pipelining). */
    static final int MAX_PIPELINED = 16;

    /** What requests are checked against and routed to, shared by every connection. */
    record Endpoints(
            RoomsEndpoint rooms,
            MatchApi matches,
            ProbeReplies probes,
            StaticFiles files,
            UpgradeGate upgrades,
            ClientAddress clients,
            OriginPolicy origins,
            ServerState state,
            Duration requestTimeout) {}

    private final Endpoints endpoints;
    private final boolean overCap;
    private final InOrder inOrder = new InOrder(MAX_PIPELINED, this::answer);

    /** A quick-match request waits for its answer: the quiet connection is not idle. */
    private boolean matchWaiting;

    /** {@code overCap}: the connection may only ask for health, readiness and metrics. */
    RequestHandler(Endpoints endpoints, boolean overCap) {
        this.endpoints = endpoints;
        this.overCap = overCap;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof FullHttpRequest request)) {
            ctx.fireChannelRead(msg);
            return;
        }
        IdleSweep.requestReceived(ctx.pipeline(), true);
        inOrder.received(ctx, request);
    }

    private CompletionStage<?> answer(ChannelHandlerContext ctx, FullHttpRequest request) {
        Channel channel = ctx.channel();
        channel.attr(HttpReplies.ALLOWED_ORIGIN).set(null);
        if (!request.decoderResult().isSuccess()) {
            // The decoder discards the rest of the input, so the connection closes, draining first.
            BodyLimit.refuse(ctx, request);
            return InOrder.WRITTEN;
        }
        boolean head = request.method().equals(HttpMethod.HEAD);
        if (request.protocolVersion().majorVersion() != 1) {
            String message = "this server speaks HTTP/1.1";
            return sent(ctx, badMessage(HTTP_VERSION_NOT_SUPPORTED, message, head), false);
        }
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        HttpHeaders headers = request.headers();
        // Kept on the channel: its limits, logs and JSON fields name the client, not a proxy.
        String address = endpoints.clients().of(channel, headers.get("X-Forwarded-For"));
        String expect = headers.get(HttpHeaderNames.EXPECT);
        if (expect != null && !HttpHeaderValues.CONTINUE.contentEqualsIgnoreCase(expect)) {
            String message =
                    "Expect: "
                            + abbreviate(expect)
                            + " cannot be met; the only expectation known is 100-continue";
            return sent(ctx, badMessage(EXPECTATION_FAILED, message, head), keepAlive);
        }
        Route route = Router.route(request.method(), request.uri());
        HttpLog.routed(channel, route);
        if (overCap && !(route instanceof Route.Probe)) {
            return sent(ctx, unavailable("too many connections; try again later"), false);
        }
        // A page from an origin allowed to open sockets may call the API from script too.
        String origin = headers.get(HttpHeaderNames.ORIGIN);
        boolean api =
                route instanceof Route.Api
                        || route instanceof Route.MethodNotAllowed refused
                                && refused.path().startsWith("/api/");
        boolean allowed =
                api
                        && origin != null
                        && endpoints.origins().allows(origin, headers.get(HttpHeaderNames.HOST));
        channel.attr(HttpReplies.ALLOWED_ORIGIN).set(allowed ? origin.trim() : null);
        boolean preflight =
                request.method().equals(HttpMethod.OPTIONS)
                        && origin != null
                        && headers.contains(HttpHeaderNames.ACCESS_CONTROL_REQUEST_METHOD);
        if (api && preflight && route instanceof Route.MethodNotAllowed path) {
            return sent(
                    ctx,
                    allowed
                            ? preflight(path.allow())
                            : HttpReplies.forbidden(
                                    "pages from %s may not call this server's API"
                                            .formatted(abbreviate(origin))),
                    keepAlive);
        }
        if (route instanceof Route.Opens && endpoints.state().isDraining()) {
            return sent(ctx, unavailable("the server is restarting; try again in a moment"), false);
        }
        if (route instanceof Route.Upgrade upgrade) {
            return endpoints.upgrades().open(ctx, request, address, upgrade.code());
        }
        return route(ctx, request, route, address);
    }

    private static CompletionStage<?> sent(
            ChannelHandlerContext ctx, FullHttpResponse response, boolean keepAlive) {
        HttpReplies.send(ctx, response, keepAlive);
        return InOrder.WRITTEN;
    }

    private static FullHttpResponse preflight(String methods) {
        FullHttpResponse response = HttpReplies.noContent();
        response.headers()
                .set(HttpHeaderNames.ACCESS_CONTROL_ALLOW_METHODS, methods)
                // The body's type is the only header the API reads; kept for ten minutes.
                .set(HttpHeaderNames.ACCESS_CONTROL_ALLOW_HEADERS, "Content-Type")
                .set(HttpHeaderNames.ACCESS_CONTROL_MAX_AGE, 600);
        return response;
    }

    private CompletionStage<?> route(
            ChannelHandlerContext ctx, FullHttpRequest request, Route route, String address) {
        // A target that cannot be read leaves the connection in doubt: it closes after the answer.
        boolean keepAlive =
                HttpUtil.isKeepAlive(request)
                        && !(route instanceof Route.BadTarget || route instanceof Route.TooLong);
        CompletableFuture<FullHttpResponse> answer =
                answer(ctx, request, route, address).toCompletableFuture();
        if (answer.isDone() && !answer.isCompletedExceptionally()) {
            return sent(ctx, answer.join(), keepAlive);
        }
        matchWaiting = route instanceof Route.QuickMatch;
        return answer.handleAsync(
                (response, failure) -> {
                    matchWaiting = false;
                    HttpReplies.send(
                            ctx,
                            failure == null
                                    ? response
                                    : HttpReplies.internalError("internal error"),
                            keepAlive);
                    return null;
                },
                ctx.executor());
    }

    private CompletionStage<FullHttpResponse> answer(
            ChannelHandlerContext ctx, FullHttpRequest request, Route route, String address) {
        boolean head = request.method().equals(HttpMethod.HEAD);
        String body = request.content().toString(StandardCharsets.UTF_8);
        RoomsEndpoint rooms = endpoints.rooms();
        return switch (route) {
            case Route.RoomInfo info -> rooms.info(address, info.code());
            case Route.Games games -> rooms.games(address, games.code(), null, false);
            case Route.Game game -> rooms.games(address, game.code(), game.game(), false);
            case Route.GameAnalysis analysis ->
                    rooms.games(address, analysis.code(), analysis.game(), true);
            case Route.QuickMatch quick -> endpoints.matches().submit(ctx.channel(), body);
            case Route.MatchStatus status -> endpoints.matches().status(status.ticket());
            case Route.CancelMatch cancel -> endpoints.matches().cancel(cancel.ticket());
            case Route.CreateRoom create -> now(rooms.create(body));
            case Route.Health health -> now(endpoints.probes().health(head));
            case Route.Ready ready -> now(endpoints.probes().ready(head));
            case Route.Prometheus prometheus -> now(endpoints.probes().metrics(prometheus.gc()));
            case Route.Asset asset ->
                    now(endpoints.files().respond(asset.path(), request.headers(), head));
            case Route.NotFound notFound -> {
                String message = "no such endpoint: " + abbreviate(notFound.path());
                yield now(badMessage(NOT_FOUND, message, head));
            }
            case Route.MethodNotAllowed notAllowed -> {
                String method = abbreviate(request.method().name());
                String message = method + " is not allowed on " + notAllowed.path();
                FullHttpResponse response = badMessage(METHOD_NOT_ALLOWED, message, head);
                response.headers().set(HttpHeaderNames.ALLOW, notAllowed.allow());
                yield now(response);
            }
            case Route.BadTarget bad -> now(badMessage(BAD_REQUEST, bad.reason(), head));
            case Route.TooLong tooLong -> {
                String message =
                        "the path is %d characters, at most %d are read"
                                .formatted(tooLong.length(), Router.MAX_PATH_CHARS);
                yield now(badMessage(REQUEST_URI_TOO_LONG, message, head));
            }
            case Route.Upgrade upgrade ->
                    throw new IllegalArgumentException("opened, not answered");
        };
    }

    private static CompletionStage<FullHttpResponse> now(FullHttpResponse response) {
        return CompletableFuture.completedFuture(response);
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
        if (event instanceof IdleSweep.Quiet && matchWaiting) {
            return; // bounded by the match wait limit instead
        }
        if (event == ServerState.Event.REQUEST_TIMEOUT) {
            if (inOrder.answering()) {
                // An answer is still owed first, and the late request will not be answered.
                ctx.close();
            } else {
                String message =
                        "the request did not arrive whole within "
                                + Durations.format(endpoints.requestTimeout());
                HttpReplies.send(ctx, badMessage(REQUEST_TIMEOUT, message, false), false);
            }
        } else if (event instanceof IdleSweep.Quiet || event == ServerState.Event.DRAIN) {
            ctx.close(); // a quiet HTTP connection, or a stopping server: nothing is owed
        } else {
            super.userEventTriggered(ctx, event);
        }
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        inOrder.clear();
    }
}
