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
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.TooLongHttpContentException;
import io.netty.handler.codec.http.TooLongHttpLineException;

import java.time.Duration;

/**
 * What every request passes before its endpoint: HTTP/1.x, an expectation that can be met, a
 * connection within the cap, CORS for the API, and no new room or socket while the server drains.
 */
final class RequestChecks {

    /** How long a browser may keep a preflight's answer, in seconds. */
    static final int PREFLIGHT_MAX_AGE_SECONDS = 600;

    /** The request headers a page may send: the body's type is the only one the API reads. */
    static final String ALLOWED_HEADERS = "Content-Type";

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

    FullHttpResponse timedOut() {
        return HttpReplies.badMessage(
                HttpResponseStatus.REQUEST_TIMEOUT,
                "the request did not arrive whole within " + Durations.format(requestTimeout),
                false);
    }

    /** {@code overCap}: the connection may only ask for health, readiness and metrics. */
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
        HttpHeaders headers = request.headers();
        // Kept on the channel: its limits, logs and JSON fields name the client, not a proxy.
        String address = clients.of(channel, headers.get("X-Forwarded-For"));
        String expect = headers.get(HttpHeaderNames.EXPECT);
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
        HttpLog.routed(channel, route);
        if (overCap && !isProbe(route)) {
            return full("too many connections; try again later");
        }
        // A page from an origin allowed to open sockets may call the API from script too.
        String origin = headers.get(HttpHeaderNames.ORIGIN);
        boolean api = isApi(route);
        boolean allowed =
                api && origin != null && origins.allows(origin, headers.get(HttpHeaderNames.HOST));
        channel.attr(HttpReplies.ALLOWED_ORIGIN).set(allowed ? origin.trim() : null);
        boolean preflight =
                request.method().equals(HttpMethod.OPTIONS)
                        && origin != null
                        && headers.contains(HttpHeaderNames.ACCESS_CONTROL_REQUEST_METHOD);
        if (api && preflight && route instanceof Route.MethodNotAllowed path) {
            return new Verdict.Answered(
                    allowed
                            ? preflight(path.allow())
                            : HttpReplies.refusal(
                                    HttpResponseStatus.FORBIDDEN,
                                    ErrorCode.ORIGIN_NOT_ALLOWED,
                                    "pages from "
                                            + abbreviate(origin)
                                            + " may not call this server's API"),
                    keepAlive);
        }
        if (opensSomething(route) && state.isDraining()) {
            return full("the server is restarting; try again in a moment");
        }
        return new Verdict.Routed(route, address);
    }

    private static FullHttpResponse preflight(String methods) {
        FullHttpResponse response = HttpReplies.empty(HttpResponseStatus.NO_CONTENT);
        response.headers()
                .set(HttpHeaderNames.ACCESS_CONTROL_ALLOW_METHODS, methods)
                .set(HttpHeaderNames.ACCESS_CONTROL_ALLOW_HEADERS, ALLOWED_HEADERS)
                .set(HttpHeaderNames.ACCESS_CONTROL_MAX_AGE, PREFLIGHT_MAX_AGE_SECONDS);
        return response;
    }

    private static boolean isApi(Route route) {
        return switch (route) {
            case Route.CreateRoom r -> true;
            case Route.QuickMatch r -> true;
            case Route.MatchStatus r -> true;
            case Route.CancelMatch r -> true;
            case Route.RoomInfo r -> true;
            case Route.Games r -> true;
            case Route.Game r -> true;
            case Route.GameAnalysis r -> true;
            case Route.MethodNotAllowed r -> r.path().startsWith("/api/");
            default -> false;
        };
    }

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
        // The subclasses of TooLongFrameException first.
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
