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
 * Answers a connection's HTTP requests, in order ({@link InOrder}): checks what every request must
 * pass ({@link RequestChecks}), routes it ({@link Router}) and hands it to its endpoint. A valid
 * upgrade goes on to the WebSocket handshake, and this handler leaves the pipeline.
 */
final class RequestHandler extends ChannelInboundHandlerAdapter {

    /** Requests a client may send ahead while one is being answered (HTTP pipelining). */
    static final int MAX_PIPELINED = 16;

    /** The endpoints requests are routed to, shared by every connection. */
    record Endpoints(
            RoomsEndpoint rooms,
            MatchEndpoint matches,
            GamesEndpoint games,
            ProbeReplies probes,
            StaticFiles files,
            UpgradeGate upgrades) {}

    private final Endpoints endpoints;
    private final RequestChecks checks;
    private final boolean overCap;
    private final InOrder inOrder = new InOrder(MAX_PIPELINED, this::answer);

    /** A quick-match request waits for its answer. */
    private boolean matchWaiting;

    /**
     * {@code overCap}: the connection came when the server already held as many as it takes; it may
     * still ask for health, readiness and metrics, and is refused anything else.
     */
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
        CrossOrigin.allow(ctx.channel(), null);
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
            case RequestChecks.Verdict.Routed routed ->
                    route(ctx, request, routed.route(), routed.address());
        };
    }

    private CompletionStage<?> route(
            ChannelHandlerContext ctx, FullHttpRequest request, Route route, String address) {
        if (route instanceof Route.Upgrade upgrade) {
            return endpoints.upgrades().open(ctx, request, address, upgrade.code());
        }
        // A target that cannot be read leaves the connection in doubt: it closes after the answer.
        boolean keepAlive =
                HttpUtil.isKeepAlive(request)
                        && !(route instanceof Route.BadTarget || route instanceof Route.TooLong);
        CompletionStage<FullHttpResponse> answer = answer(ctx, request, route, address);
        CompletableFuture<FullHttpResponse> now = answer.toCompletableFuture();
        if (now.isDone() && !now.isCompletedExceptionally()) {
            HttpReplies.send(ctx, now.join(), keepAlive);
            return InOrder.WRITTEN;
        }
        // A quiet connection whose quick-match request waits is not idle.
        matchWaiting = route instanceof Route.QuickMatch;
        CompletableFuture<Void> written = new CompletableFuture<>();
        answer.whenComplete(
                (response, failure) ->
                        ctx.executor()
                                .execute(
                                        () -> {
                                            matchWaiting = false;
                                            HttpReplies.send(
                                                    ctx,
                                                    failure == null
                                                            ? response
                                                            : HttpReplies.internalError(
                                                                    "internal error"),
                                                    keepAlive);
                                            written.complete(null);
                                        }));
        return written;
    }

    /** The endpoint's answer to a request routed anywhere but to an upgrade. */
    private CompletionStage<FullHttpResponse> answer(
            ChannelHandlerContext ctx, FullHttpRequest request, Route route, String address) {
        boolean head = request.method().equals(HttpMethod.HEAD);
        return switch (route) {
            case Route.CreateRoom create -> now(endpoints.rooms().create(body(request)));
            case Route.RoomInfo info -> endpoints.rooms().info(address, info.code());
            case Route.QuickMatch quick -> endpoints.matches().submit(ctx.channel(), body(request));
            case Route.MatchStatus status -> endpoints.matches().status(status.ticket());
            case Route.CancelMatch cancel -> endpoints.matches().cancel(cancel.ticket());
            case Route.Games games -> endpoints.games().list(address, games.code());
            case Route.Game game -> endpoints.games().game(address, game.code(), game.game());
            case Route.GameAnalysis analysis ->
                    endpoints.games().analysis(address, analysis.code(), analysis.game());
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

    private static String body(FullHttpRequest request) {
        return request.content().toString(StandardCharsets.UTF_8);
    }

    private static CompletionStage<FullHttpResponse> now(FullHttpResponse response) {
        return CompletableFuture.completedFuture(response);
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
        if (event instanceof IdleStateEvent && matchWaiting) {
            // A quick-match request is quiet while it waits; its wait is bounded by the match wait
            // limit.
            return;
        }
        if (event == ServerState.Event.REQUEST_TIMEOUT) {
            if (inOrder.answering()) {
                // An answer is still owed first, and the late request will not be answered.
                ctx.close();
                return;
            }
            HttpReplies.send(ctx, checks.timedOut(), false);
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
    public void handlerRemoved(ChannelHandlerContext ctx) {
        inOrder.clear();
    }
}
