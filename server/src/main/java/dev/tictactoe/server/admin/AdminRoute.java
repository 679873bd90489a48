package dev.tictactoe.server.admin;

import dev.tictactoe.server.net.HttpReplies;

import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.QueryStringDecoder;

import org.jspecify.annotations.Nullable;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Where an admin request goes, decided from its method and target alone, as a pure function. */
sealed interface AdminRoute {

    int DEFAULT_LIST_LIMIT = 500;

    int MAX_LIST_LIMIT = 5_000;

    /** The page's two files, by the path they are served at. */
    Map<String, String> PAGE =
            Map.of("/admin", "index.html", "/admin/", "index.html", "/admin/admin.js", "admin.js");

    /** {@code /healthz}, {@code /readyz}, {@code /metrics}: the public port's probes. */
    record Probe(Kind kind, boolean gc) implements AdminRoute {
        enum Kind {
            HEALTH,
            READY,
            METRICS
        }
    }

    /** {@code GET /admin/} and its script: a file of the admin page. */
    record Page(String file) implements AdminRoute {}

    /** {@code GET /admin/api/rooms?limit=n&code=prefix}. */
    record ListRooms(int limit, String codePrefix) implements AdminRoute {}

    /** {@code GET /admin/api/rooms/{code}}. */
    record ShowRoom(String code) implements AdminRoute {}

    /** {@code POST /admin/api/rooms/{code}/close}. */
    record CloseRoom(String code) implements AdminRoute {}

    /** {@code POST /admin/api/rooms/{code}/members/{seat}/disconnect}. */
    record Disconnect(String code, String seat) implements AdminRoute {}

    /** Nothing to answer it: 404, 405 with {@code allow}, or 400 for a bad query. */
    record Refused(int status, String message, @Nullable String allow) implements AdminRoute {}

    /** Whether the route changes something (and so must come from the admin port's own page). */
    default boolean acts() {
        return this instanceof CloseRoom || this instanceof Disconnect;
    }

    static AdminRoute route(HttpMethod method, String target) {
        QueryStringDecoder decoded;
        try {
            decoded = new QueryStringDecoder(target);
        } catch (IllegalArgumentException e) {
            return new Refused(400, "the request target cannot be read", null);
        }
        String path = decoded.path();
        boolean get = method.equals(HttpMethod.GET);
        boolean readOnly = get || method.equals(HttpMethod.HEAD);
        boolean post = method.equals(HttpMethod.POST);
        switch (path) {
            case "/healthz", "/readyz" -> {
                return readOnly
                        ? new Probe(
                                path.equals("/healthz") ? Probe.Kind.HEALTH : Probe.Kind.READY,
                                false)
                        : notAllowed(path, "GET, HEAD");
            }
            case "/metrics" -> {
                return get
                        ? new Probe(Probe.Kind.METRICS, decoded.parameters().containsKey("gc"))
                        : notAllowed(path, "GET");
            }
            case "/admin/api/rooms" -> {
                return get ? list(decoded.parameters()) : notAllowed(path, "GET");
            }
            default -> {}
        }
        if (PAGE.containsKey(path)) {
            return readOnly ? new Page(PAGE.get(path)) : notAllowed(path, "GET, HEAD");
        }
        List<String> segments = List.of(path.split("/", -1));
        if (segments.size() < 5
                || !segments.subList(0, 4).equals(List.of("", "admin", "api", "rooms"))
                || segments.get(4).isEmpty()) {
            return notFound(path);
        }
        String code = segments.get(4);
        if (segments.size() == 5) {
            return get ? new ShowRoom(code) : notAllowed(path, "GET");
        }
        if (segments.size() == 6 && segments.get(5).equals("close")) {
            return post ? new CloseRoom(code) : notAllowed(path, "POST");
        }
        if (segments.size() == 8
                && segments.get(5).equals("members")
                && !segments.get(6).isEmpty()
                && segments.get(7).equals("disconnect")) {
            return post ? new Disconnect(code, segments.get(6)) : notAllowed(path, "POST");
        }
        return notFound(path);
    }

    private static AdminRoute list(Map<String, List<String>> parameters) {
        int limit = DEFAULT_LIST_LIMIT;
        List<String> limits = parameters.get("limit");
        if (limits != null) {
            String text = limits.get(limits.size() - 1);
            try {
                limit = Integer.parseInt(text);
            } catch (NumberFormatException e) {
                limit = -1;
            }
            if (limit < 1 || limit > MAX_LIST_LIMIT) {
                return new Refused(
                        400,
                        "limit must be 1.."
                                + MAX_LIST_LIMIT
                                + ", was '"
                                + HttpReplies.abbreviate(text)
                                + "'",
                        null);
            }
        }
        List<String> codes = parameters.get("code");
        String prefix =
                codes == null ? "" : codes.get(codes.size() - 1).trim().toUpperCase(Locale.ROOT);
        return new ListRooms(limit, prefix);
    }

    private static AdminRoute notFound(String path) {
        return new Refused(404, "no such endpoint: " + HttpReplies.abbreviate(path), null);
    }

    private static AdminRoute notAllowed(String path, String allow) {
        return new Refused(405, "use " + allow + " on " + path, allow);
    }
}
