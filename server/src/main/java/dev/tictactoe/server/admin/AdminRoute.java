package dev.tictactoe.server.admin;

import dev.tictactoe.server.net.HttpReplies;

import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.QueryStringDecoder;

import org.jspecify.annotations.Nullable;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Where an admin request goes, decided from its method and target alone, as a pure function. */
sealed interface AdminRoute {

    int DEFAULT_LIST_LIMIT = 500;

    int MAX_LIST_LIMIT = 5_000;

    /** A room's path: show it, close it, or disconnect one of its seats. */
    Pattern ROOM = Pattern.compile("/admin/api/rooms/([^/]+)(/close|/members/([^/]+)/disconnect)?");

    /** The page's two files, by the path they are served at. */
    Map<String, String> PAGE =
            Map.of("/admin", "index.html", "/admin/", "index.html", "/admin/admin.js", "admin.js");

    /** {@code /healthz}, {@code /readyz}, {@code /metrics}: the public port's probes. */
    record Health() implements AdminRoute {}

    record Ready() implements AdminRoute {}

    record Metrics(boolean gc) implements AdminRoute {}

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
        return switch (path) {
            case "/healthz" -> readOnly ? new Health() : notAllowed(path);
            case "/readyz" -> readOnly ? new Ready() : notAllowed(path);
            case "/metrics" ->
                    get
                            ? new Metrics(decoded.parameters().containsKey("gc"))
                            : notAllowed(path, "GET");
            case "/admin/api/rooms" -> get ? list(decoded.parameters()) : notAllowed(path, "GET");
            default -> {
                Matcher room = ROOM.matcher(path);
                if (PAGE.containsKey(path)) {
                    yield readOnly ? new Page(PAGE.get(path)) : notAllowed(path);
                } else if (!room.matches()) {
                    yield new Refused(
                            404, "no such endpoint: " + HttpReplies.abbreviate(path), null);
                } else if (room.group(2) == null) {
                    yield get ? new ShowRoom(room.group(1)) : notAllowed(path, "GET");
                }
                AdminRoute action =
                        room.group(3) == null
                                ? new CloseRoom(room.group(1))
                                : new Disconnect(room.group(1), room.group(3));
                yield post ? action : notAllowed(path, "POST");
            }
        };
    }

    private static AdminRoute list(Map<String, List<String>> parameters) {
        String text = last(parameters, "limit", String.valueOf(DEFAULT_LIST_LIMIT));
        int limit;
        try {
            limit = Integer.parseInt(text);
        } catch (NumberFormatException e) {
            limit = -1;
        }
        if (limit < 1 || limit > MAX_LIST_LIMIT) {
            String shown = HttpReplies.abbreviate(text);
            return new Refused(
                    400, "limit must be 1.." + MAX_LIST_LIMIT + ", was '" + shown + "'", null);
        }
        return new ListRooms(limit, last(parameters, "code", "").trim().toUpperCase(Locale.ROOT));
    }

    /** The last value of a query parameter given more than once. */
    private static String last(Map<String, List<String>> parameters, String name, String absent) {
        return parameters.getOrDefault(name, List.of(absent)).getLast();
    }

    private static AdminRoute notAllowed(String path) {
        return notAllowed(path, "GET, HEAD");
    }

    private static AdminRoute notAllowed(String path, String allow) {
        return new Refused(405, "use " + allow + " on " + path, allow);
    }
}
