package dev.tictactoe.server.admin;

import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.QueryStringDecoder;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Routing of the admin port as a pure function: method and request target in, a route out. */
final class AdminRouter {

    /** Rooms listed when the request names no {@code limit}. */
    static final int DEFAULT_LIST_LIMIT = 500;

    static final int MAX_LIST_LIMIT = 5_000;

    /** The page's two files, by the path they are served at. */
    static final Map<String, String> PAGE =
            Map.of("/admin", "index.html", "/admin/", "index.html", "/admin/admin.js", "admin.js");

    private static final String GET_HEAD = "GET, HEAD";

    private AdminRouter() {}

    static AdminRoute route(HttpMethod method, String target) {
        QueryStringDecoder decoded;
        try {
            decoded = new QueryStringDecoder(target);
        } catch (IllegalArgumentException e) {
            return new AdminRoute.Refused(400, "the request target cannot be read", null);
        }
        String path = decoded.path();
        boolean get = method.equals(HttpMethod.GET);
        boolean readOnly = get || method.equals(HttpMethod.HEAD);
        boolean post = method.equals(HttpMethod.POST);
        switch (path) {
            case "/healthz", "/readyz" -> {
                return readOnly
                        ? new AdminRoute.Probe(
                                path.equals("/healthz")
                                        ? AdminRoute.Probe.Kind.HEALTH
                                        : AdminRoute.Probe.Kind.READY,
                                false)
                        : notAllowed(path, GET_HEAD);
            }
            case "/metrics" -> {
                return get
                        ? new AdminRoute.Probe(
                                AdminRoute.Probe.Kind.METRICS,
                                decoded.parameters().containsKey("gc"))
                        : notAllowed(path, "GET");
            }
            case "/admin/api/rooms" -> {
                return get ? list(decoded.parameters()) : notAllowed(path, "GET");
            }
            default -> {}
        }
        if (PAGE.containsKey(path)) {
            return readOnly ? new AdminRoute.Page(PAGE.get(path)) : notAllowed(path, GET_HEAD);
        }
        List<String> segments = List.of(path.split("/", -1));
        if (segments.size() < 5
                || !segments.subList(0, 4).equals(List.of("", "admin", "api", "rooms"))
                || segments.get(4).isEmpty()) {
            return notFound(path);
        }
        String code = segments.get(4);
        if (segments.size() == 5) {
            return get ? new AdminRoute.ShowRoom(code) : notAllowed(path, "GET");
        }
        if (segments.size() == 6 && segments.get(5).equals("close")) {
            return post ? new AdminRoute.CloseRoom(code) : notAllowed(path, "POST");
        }
        if (segments.size() == 8
                && segments.get(5).equals("members")
                && !segments.get(6).isEmpty()
                && segments.get(7).equals("disconnect")) {
            return post
                    ? new AdminRoute.Disconnect(code, segments.get(6))
                    : notAllowed(path, "POST");
        }
        return notFound(path);
    }

    /** {@code ?limit=n&code=prefix}, both optional. */
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
                return new AdminRoute.Refused(
                        400,
                        "limit must be 1.." + MAX_LIST_LIMIT + ", was '" + shorten(text) + "'",
                        null);
            }
        }
        List<String> codes = parameters.get("code");
        String prefix =
                codes == null ? "" : codes.get(codes.size() - 1).trim().toUpperCase(Locale.ROOT);
        return new AdminRoute.ListRooms(limit, prefix);
    }

    private static AdminRoute notFound(String path) {
        return new AdminRoute.Refused(404, "no such endpoint: " + shorten(path), null);
    }

    private static AdminRoute notAllowed(String path, String allow) {
        return new AdminRoute.Refused(405, "use " + allow + " on " + path, allow);
    }

    /** What a client sent, shortened for an answer or a log line. */
    static String shorten(String text) {
        return text.length() <= 64 ? text : text.substring(0, 64) + "...";
    }
}
