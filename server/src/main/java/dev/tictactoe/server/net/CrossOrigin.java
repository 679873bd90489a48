package dev.tictactoe.server.net;

import io.netty.channel.Channel;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.util.AttributeKey;

import org.jspecify.annotations.Nullable;

/**
 * CORS for the HTTP API: a page from an origin the server lets open room sockets may also call
 * {@code /api/...} from script (create a room, ask for a quick match, look a room up). The origin
 * allowed for the request being answered rides on the connection, since a connection answers its
 * requests one at a time, and every answer sent while it is set names it.
 */
final class CrossOrigin {

    /** How long a browser may keep a preflight's answer, in seconds. */
    static final int PREFLIGHT_MAX_AGE_SECONDS = 600;

    /** The request headers a page may send: the body's type is the only one the API reads. */
    static final String ALLOWED_HEADERS = "Content-Type";

    private static final AttributeKey<String> ALLOWED_ORIGIN =
            AttributeKey.valueOf(CrossOrigin.class, "allowedOrigin");

    private CrossOrigin() {}

    /** Whether a request for {@code route} is an API call that a page may make across origins. */
    static boolean isApi(Route route) {
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

    /** Whether the request is a browser's preflight: OPTIONS naming the method it means to use. */
    static boolean isPreflight(FullHttpRequest request) {
        return request.method().equals(HttpMethod.OPTIONS)
                && request.headers().contains(HttpHeaderNames.ORIGIN)
                && request.headers().contains(HttpHeaderNames.ACCESS_CONTROL_REQUEST_METHOD);
    }

    /** Sets (or, with null, clears) the origin the answers to the current request may name. */
    static void allow(Channel channel, @Nullable String origin) {
        channel.attr(ALLOWED_ORIGIN).set(origin);
    }

    /** Adds the headers that let the allowed page read {@code response}, if one is allowed. */
    static void addTo(Channel channel, FullHttpResponse response) {
        String origin = channel.attr(ALLOWED_ORIGIN).get();
        HttpHeaders headers = response.headers();
        if (origin != null) {
            headers.set(HttpHeaderNames.ACCESS_CONTROL_ALLOW_ORIGIN, origin);
            headers.set(HttpHeaderNames.ACCESS_CONTROL_EXPOSE_HEADERS, "Retry-After");
            headers.add(HttpHeaderNames.VARY, "Origin");
        }
    }

    /** The preflight's answer for a path that takes {@code methods}. */
    static void addPreflight(FullHttpResponse response, String methods) {
        response.headers()
                .set(HttpHeaderNames.ACCESS_CONTROL_ALLOW_METHODS, methods)
                .set(HttpHeaderNames.ACCESS_CONTROL_ALLOW_HEADERS, ALLOWED_HEADERS)
                .set(HttpHeaderNames.ACCESS_CONTROL_MAX_AGE, PREFLIGHT_MAX_AGE_SECONDS);
    }
}
