package dev.tictactoe.server.net;

import static dev.tictactoe.server.net.HttpReplies.abbreviate;

import dev.tictactoe.protocol.Durations;
import dev.tictactoe.protocol.ErrorCode;

import io.netty.channel.Channel;
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

import org.jspecify.annotations.Nullable;

import java.time.Duration;

/**
 * What every request passes before its endpoint: HTTP/1.x, an expectation that can be met, a
 * connection within the cap, a page's CORS preflight, and no new room or socket while the server
 * drains. Routes the request on the way, and keeps its client address on the connection.
 */
final class RequestChecks {

    private static final String X_FORWARDED_FOR = "X-Forwarded-For";

    /** What the checks made of a request: answered here, or routed to an endpoint. */
    sealed interface Verdict {
        /** {@code keepAlive}: whether the connection may stay open after the answer. */
        record Answered(FullHttpResponse response, boolean keepAlive) implements Verdict {}

        record Routed(Route route, String address) implements Verdict {}
    }

    private final ClientAddress clients;
    private final OriginPolicy origins;
    private final ServerState state;
    private final Duration requestTimeout;

    RequestChecks(
            ClientAddress clients,
            OriginPolicy origins,
            ServerState state,
            Duration requestTimeout) {
        this.clients = clients;
        this.origins = origins;
        this.state = state;
        this.requestTimeout = requestTimeout;
    }

    /** The 408 of a request that did not arrive whole within the request timeout. */
    FullHttpResponse timedOut() {
        return HttpReplies.badMessage(
                HttpResponseStatus.REQUEST_TIMEOUT,
                "the request did not arrive whole within " + Durations.format(requestTimeout),
                false);
    }

    /**
     * Checks a request the decoder read whole; {@code overCap}: its connection came when the server
     * already held as many as it takes, and may only ask for health, readiness and metrics.
     */
    Verdict check(Channel channel, FullHttpRequest request, boolean overCap) {
        boolean head = request.method().equals(HttpMethod.HEAD);
        if (request.protocolVersion().majorVersion() != 1) {
            return new Verdict.Answered(
                    HttpReplies.badMessage(
                            HttpResponseStatus.HTTP_VERSION_NOT_SUPPORTED,
                            "this server speaks HTTP/1.1",
                            head),
                    false);
        }
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        // Kept on the channel: its limits, logs and JSON fields name the client, not a proxy.
        String address = clients.of(channel, request.headers().get(X_FORWARDED_FOR));
        String expect = request.headers().get(HttpHeaderNames.EXPECT);
        if (expect != null && !HttpHeaderValues.CONTINUE.contentEqualsIgnoreCase(expect)) {
            return new Verdict.Answered(
                    HttpReplies.badMessage(
                            HttpResponseStatus.EXPECTATION_FAILED,
                            "Expect: "
                                    + abbreviate(expect)
                                    + " cannot be met; the only expectation known is 100-continue",
                            head),
                    keepAlive);
        }
        Route route = Router.route(request.method(), request.uri());
        HttpCounter.routed(channel, route);
        if (overCap && !isProbe(route)) {
            return full("too many connections; try again later");
        }
        Verdict preflight = crossOrigin(channel, request, route, keepAlive);
        if (preflight != null) {
            return preflight;
        }
        if (opensSomething(route) && state.isDraining()) {
            return full("the server is restarting; try again in a moment");
        }
        return new Verdict.Routed(route, address);
    }

    /**
     * Lets a page from an allowed origin read this API answer, and answers a browser's preflight
     * for an API path; null when the request was no such preflight.
     */
    private @Nullable Verdict crossOrigin(
            Channel channel, FullHttpRequest request, Route route, boolean keepAlive) {
        String origin = request.headers().get(HttpHeaderNames.ORIGIN);
        boolean api = CrossOrigin.isApi(route);
        boolean allowed =
                api
                        && origin != null
                        && origins.allows(origin, request.headers().get(HttpHeaderNames.HOST));
        CrossOrigin.allow(channel, allowed ? origin.trim() : null);
        if (!api
                || !(route instanceof Route.MethodNotAllowed path)
                || !CrossOrigin.isPreflight(request)) {
            return null;
        }
        if (!allowed) {
            return new Verdict.Answered(
                    HttpReplies.refusal(
                            HttpResponseStatus.FORBIDDEN,
                            ErrorCode.ORIGIN_NOT_ALLOWED,
                            "pages from " + abbreviate(origin) + " may not call this server's API"),
                    keepAlive);
        }
        FullHttpResponse response = HttpReplies.empty(HttpResponseStatus.NO_CONTENT);
        CrossOrigin.addPreflight(response, path.allow());
        return new Verdict.Answered(response, keepAlive);
    }

    /** What a connection over the cap may still ask: health, readiness and metrics. */
    private static boolean isProbe(Route route) {
        return route instanceof Route.Health
                || route instanceof Route.Ready
                || route instanceof Route.Prometheus;
    }

    /** What a draining server refuses: a new room, a quick match, a socket. */
    private static boolean opensSomething(Route route) {
        return route instanceof Route.Upgrade
                || route instanceof Route.CreateRoom
                || route instanceof Route.QuickMatch;
    }

    /** A 503 that closes the connection. */
    private static Verdict full(String message) {
        return new Verdict.Answered(
                HttpReplies.refusal(
                        HttpResponseStatus.SERVICE_UNAVAILABLE, ErrorCode.SERVER_FULL, message),
                false);
    }

    /** The answer to a request the decoder or the aggregator gave up on. */
    static FullHttpResponse undecoded(FullHttpRequest request) {
        boolean head = request.method().equals(HttpMethod.HEAD);
        // Which limit the request broke, if any (the subclasses of TooLongFrameException first).
        return switch (request.decoderResult().cause()) {
            case TooLongHttpContentException body ->
                    HttpReplies.badMessage(
                            HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE,
                            "request bodies are at most "
                                    + ServerInitializer.MAX_HTTP_BODY_BYTES
                                    + " bytes",
                            head);
            case TooLongHttpLineException line ->
                    HttpReplies.badMessage(
                            HttpResponseStatus.REQUEST_URI_TOO_LONG,
                            "the request line is over "
                                    + ServerInitializer.MAX_REQUEST_LINE_BYTES
                                    + " bytes",
                            head);
            case TooLongFrameException headers ->
                    HttpReplies.badMessage(
                            HttpResponseStatus.REQUEST_HEADER_FIELDS_TOO_LARGE,
                            "the headers are over " + ServerInitializer.MAX_HEADER_BYTES + " bytes",
                            head);
            case null, default ->
                    HttpReplies.badMessage(
                            HttpResponseStatus.BAD_REQUEST, "malformed HTTP request", head);
        };
    }
}
