package dev.tictactoe.server.net;

import static dev.tictactoe.server.net.HttpReplies.abbreviate;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.timeout.IdleStateEvent;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Answers a connection's HTTP requests in order ({@link InOrder}): checks, routes and hands each to
 * its endpoint. A valid upgrade goes on to the WebSocket handshake, and this handler leaves.
 */
final class RequestHandler extends ChannelInboundHandlerAdapter {

    /** Requests a client may send ahead while one is being answered (HTTP pipelining). */
    static final int MAX_PIPELINED = 16;

    /** The endpoints requests are routed to, shared by every connection. */
    record Endpoints(
            RoomsEndpoint rooms,
            MatchApi matches,
            ProbeReplies probes,
            StaticFiles files,
            UpgradeGate upgrades) {}

    private final Endpoints endpoints;
    private final RequestChecks checks;
    private final boolean overCap;
    private final InOrder inOrder = new InOrder(MAX_PIPELINED, this::answer);

    /** A quick-match request waits for its answer: the quiet connection is not idle. */
    private boolean matchWaiting;

    /** {@code overCap}: the connection came when the server already held as many as it takes. */
    RequestHandler(Endpoints endpoints, RequestChecks checks, boolean overCap) {
        this.endpoints = endpoints;
        this.checks = checks;
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
        ctx.channel().attr(HttpReplies.ALLOWED_ORIGIN).set(null);
        if (!request.decoderResult().isSuccess()) {
            // The decoder discards the rest of the input, so the connection closes, draining first.
            DrainInput.sendThenDrain(ctx, RequestChecks.undecoded(request));
            return InOrder.WRITTEN;
        }
        return switch (checks.check(ctx.channel(), request, overCap)) {
            case RequestChecks.Verdict.Answered answered -> {
                HttpReplies.send(ctx, answered.response(), answered.keepAlive());
                yield InOrder.WRITTEN;
            }
            case RequestChecks.Verdict.Routed(Route.Upgrade upgrade, String address) ->
                    endpoints.upgrades().open(ctx, request, address, upgrade.code());
            case RequestChecks.Verdict.Routed routed ->
                    route(ctx, request, routed.route(), routed.address());
        };
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
            HttpReplies.send(ctx, answer.join(), keepAlive);
            return InOrder.WRITTEN;
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
            case Route.NotFound notFound ->
                    now(
                            HttpReplies.badMessage(
                                    HttpResponseStatus.NOT_FOUND,
                                    "no such endpoint: " + abbreviate(notFound.path()),
                                    head));
            case Route.MethodNotAllowed notAllowed -> {
                FullHttpResponse response =
                        HttpReplies.badMessage(
                                HttpResponseStatus.METHOD_NOT_ALLOWED,
                                abbreviate(request.method().name())
                                        + " is not allowed on "
                                        + notAllowed.path(),
                                head);
                response.headers().set(HttpHeaderNames.ALLOW, notAllowed.allow());
                yield now(response);
            }
            case Route.BadTarget bad ->
                    now(HttpReplies.badMessage(HttpResponseStatus.BAD_REQUEST, bad.reason(), head));
            case Route.TooLong tooLong ->
                    now(
                            HttpReplies.badMessage(
                                    HttpResponseStatus.REQUEST_URI_TOO_LONG,
                                    "the path is "
                                            + tooLong.length()
                                            + " characters, at most "
                                            + Router.MAX_PATH_CHARS
                                            + " are read",
                                    head));
            case Route.Upgrade upgrade ->
                    throw new IllegalArgumentException("opened, not answered");
        };
    }

    private static CompletionStage<FullHttpResponse> now(FullHttpResponse response) {
        return CompletableFuture.completedFuture(response);
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
        if (event instanceof IdleStateEvent && matchWaiting) {
            return; // bounded by the match wait limit instead
        }
        if (event == ServerState.Event.REQUEST_TIMEOUT) {
            if (inOrder.answering()) {
                // An answer is still owed first, and the late request will not be answered.
                ctx.close();
            } else {
                HttpReplies.send(ctx, checks.timedOut(), false);
            }
        } else if (event instanceof IdleStateEvent || event == ServerState.Event.DRAIN) {
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
