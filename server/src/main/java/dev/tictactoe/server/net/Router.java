package dev.tictactoe.server.net;

import io.netty.handler.codec.http.HttpMethod;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Routing as a pure function: method and request target in, a {@link Route} out. The path is
 * percent-decoded segment by segment (so an encoded slash stays inside its segment); the query
 * never takes part, except {@code gc} on {@code /metrics}.
 */
final class Router {

    /** Longest decoded path routed; anything longer is answered 414. */
    static final int MAX_PATH_CHARS = 1024;

    private static final String GET_HEAD = "GET, HEAD";

    private Router() {}

    static Route route(HttpMethod method, String target) {
        int query = indexOfAny(target, '?', '#');
        String rawPath = query < 0 ? target : target.substring(0, query);
        String rawQuery =
                query < 0 || target.charAt(query) == '#' ? "" : target.substring(query + 1);
        if (rawPath.length() > MAX_PATH_CHARS) {
            return new Route.TooLong(rawPath.length());
        }
        if (!rawPath.startsWith("/")) {
            // Absolute-form ("http://host/path") is for proxies; "*" is for OPTIONS on the server.
            return new Route.BadTarget("the request target must be a path starting with /");
        }
        List<String> segments;
        try {
            segments = segments(rawPath);
        } catch (IllegalArgumentException e) {
            return new Route.BadTarget(String.valueOf(e.getMessage()));
        }
        String path = "/" + String.join("/", segments);
        boolean get = method.equals(HttpMethod.GET);
        boolean readOnly = get || method.equals(HttpMethod.HEAD);
        return switch (segments.size()) {
            case 1 ->
                    switch (segments.get(0)) {
                        case "" -> readOnly ? new Route.Asset("/") : notAllowed(path, GET_HEAD);
                        case "healthz" ->
                                readOnly ? new Route.Health() : notAllowed(path, GET_HEAD);
                        case "readyz" -> readOnly ? new Route.Ready() : notAllowed(path, GET_HEAD);
                        case "metrics" ->
                                get
                                        ? new Route.Prometheus(hasParameter(rawQuery, "gc"))
                                        : notAllowed(path, "GET");
                        default -> new Route.NotFound(path);
                    };
            case 2 -> {
                if (segments.get(0).equals("api") && segments.get(1).equals("rooms")) {
                    yield method.equals(HttpMethod.POST)
                            ? new Route.CreateRoom()
                            : notAllowed(path, "POST");
                }
                if (segments.get(0).equals("api") && segments.get(1).equals("match")) {
                    yield method.equals(HttpMethod.POST)
                            ? new Route.QuickMatch()
                            : notAllowed(path, "POST");
                }
                if (segments.get(0).equals("r") && !segments.get(1).isEmpty()) {
                    yield readOnly ? new Route.Asset(path) : notAllowed(path, GET_HEAD);
                }
                yield new Route.NotFound(path);
            }
            case 3 -> {
                if (segments.get(0).equals("assets")) {
                    yield readOnly ? new Route.Asset(path) : notAllowed(path, GET_HEAD);
                }
                if (segments.get(0).equals("rooms")
                        && segments.get(2).equals("ws")
                        && !segments.get(1).isEmpty()) {
                    yield get ? new Route.Upgrade(segments.get(1)) : notAllowed(path, "GET");
                }
                if (segments.get(0).equals("api")
                        && segments.get(1).equals("rooms")
                        && !segments.get(2).isEmpty()) {
                    yield get ? new Route.RoomInfo(segments.get(2)) : notAllowed(path, "GET");
                }
                if (segments.get(0).equals("api")
                        && segments.get(1).equals("match")
                        && !segments.get(2).isEmpty()) {
                    String ticket = segments.get(2);
                    yield get
                            ? new Route.MatchStatus(ticket)
                            : method.equals(HttpMethod.DELETE)
                                    ? new Route.CancelMatch(ticket)
                                    : notAllowed(path, "GET, DELETE");
                }
                yield new Route.NotFound(path);
            }
            case 4, 5, 6 -> gameRoute(segments, get, path);
            default -> new Route.NotFound(path);
        };
    }

    /**
     * {@code /api/rooms/{code}/games}, {@code .../games/{n}} and {@code .../games/{n}/analysis}.
     */
    private static Route gameRoute(List<String> segments, boolean get, String path) {
        if (!segments.get(0).equals("api")
                || !segments.get(1).equals("rooms")
                || segments.get(2).isEmpty()
                || !segments.get(3).equals("games")) {
            return new Route.NotFound(path);
        }
        if (segments.size() == 4) {
            return get ? new Route.Games(segments.get(2)) : notAllowed(path, "GET");
        }
        String number = segments.get(4);
        if (number.isEmpty()
                || number.length() > 9
                || !number.chars().allMatch(c -> c >= '0' && c <= '9')
                || Integer.parseInt(number) < 1
                || segments.size() == 6 && !segments.get(5).equals("analysis")) {
            return new Route.NotFound(path);
        }
        if (!get) {
            return notAllowed(path, "GET");
        }
        int game = Integer.parseInt(number);
        return segments.size() == 6
                ? new Route.GameAnalysis(segments.get(2), game)
                : new Route.Game(segments.get(2), game);
    }

    private static Route notAllowed(String path, String allow) {
        return new Route.MethodNotAllowed(path, allow);
    }

    /** The decoded segments after the leading slash; refuses what no endpoint could mean. */
    private static List<String> segments(String rawPath) {
        String[] raw = rawPath.substring(1).split("/", -1);
        String[] decoded = new String[raw.length];
        for (int i = 0; i < raw.length; i++) {
            String segment = decode(raw[i]);
            if (segment.equals(".") || segment.equals("..")) {
                throw new IllegalArgumentException("dot segments are not allowed in a path");
            }
            for (int j = 0; j < segment.length(); j++) {
                char c = segment.charAt(j);
                if (c < 0x20 || c == 0x7f) {
                    throw new IllegalArgumentException(
                            "control characters are not allowed in a path");
                }
            }
            decoded[i] = segment;
        }
        return List.of(decoded);
    }

    /** Strict RFC 3986 percent-decoding into UTF-8; '+' stays '+' in a path. */
    static String decode(String segment) {
        if (segment.indexOf('%') < 0) {
            return segment;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(segment.length());
        for (int i = 0; i < segment.length(); i++) {
            char c = segment.charAt(i);
            if (c != '%') {
                byte[] plain = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                bytes.write(plain, 0, plain.length);
                continue;
            }
            int high = i + 1 < segment.length() ? Character.digit(segment.charAt(i + 1), 16) : -1;
            int low = i + 2 < segment.length() ? Character.digit(segment.charAt(i + 2), 16) : -1;
            if (high < 0 || low < 0) {
                throw new IllegalArgumentException("bad percent escape in the path");
            }
            bytes.write(high << 4 | low);
            i += 2;
        }
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes.toByteArray()))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException("the path is not UTF-8 once decoded");
        }
    }

    private static boolean hasParameter(String query, String name) {
        for (String pair : query.split("&")) {
            int eq = pair.indexOf('=');
            if ((eq < 0 ? pair : pair.substring(0, eq)).equals(name)) {
                return true;
            }
        }
        return false;
    }

    private static int indexOfAny(String s, char a, char b) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) == a || s.charAt(i) == b) {
                return i;
            }
        }
        return -1;
    }
}
