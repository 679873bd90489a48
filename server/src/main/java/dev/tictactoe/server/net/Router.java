package dev.tictactoe.server.net;

import io.netty.handler.codec.http.HttpMethod;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Method and target in, a {@link Route} out; segments are percent-decoded one by one. */
final class Router {

    /** Anything longer is answered 414. */
    static final int MAX_PATH_CHARS = 1024;

    private static final String GET_HEAD = "GET, HEAD";

    private Router() {}

    static Route route(HttpMethod method, String target) {
        int end = 0;
        while (end < target.length() && "?#".indexOf(target.charAt(end)) < 0) {
            end++;
        }
        String rawPath = target.substring(0, end);
        boolean hasQuery = target.startsWith("?", end);
        String rawQuery = hasQuery ? target.substring(end + 1) : "";
        if (rawPath.length() > MAX_PATH_CHARS) {
            return new Route.TooLong(rawPath.length());
        }
        if (!rawPath.startsWith("/")) {
            // Absolute-form ("http://host/path") is for proxies; "*" is for OPTIONS on the server.
            return new Route.BadTarget("the request target must be a path starting with /");
        }
        List<String> s;
        try {
            s = segments(rawPath);
        } catch (IllegalArgumentException e) {
            return new Route.BadTarget(String.valueOf(e.getMessage()));
        }
        String path = "/" + String.join("/", s);
        boolean get = method.equals(HttpMethod.GET);
        boolean read = get || method.equals(HttpMethod.HEAD);
        boolean post = method.equals(HttpMethod.POST);
        if (is(s, "") || is(s, "r", "*") || is(s, "assets", "?", "?")) {
            return read ? new Route.Asset(path) : notAllowed(path, GET_HEAD);
        }
        if (is(s, "healthz")) {
            return read ? new Route.Health() : notAllowed(path, GET_HEAD);
        }
        if (is(s, "readyz")) {
            return read ? new Route.Ready() : notAllowed(path, GET_HEAD);
        }
        if (is(s, "metrics")) {
            return get
                    ? new Route.Prometheus(
                            Arrays.stream(rawQuery.split("&"))
                                    .anyMatch(pair -> pair.split("=", 2)[0].equals("gc")))
                    : notAllowed(path, "GET");
        }
        if (is(s, "api", "rooms")) {
            return post ? new Route.CreateRoom() : notAllowed(path, "POST");
        }
        if (is(s, "api", "match")) {
            return post ? new Route.QuickMatch() : notAllowed(path, "POST");
        }
        if (is(s, "rooms", "*", "ws")) {
            return get ? new Route.Upgrade(s.get(1)) : notAllowed(path, "GET");
        }
        if (is(s, "api", "rooms", "*")) {
            return get ? new Route.RoomInfo(s.get(2)) : notAllowed(path, "GET");
        }
        if (is(s, "api", "match", "*")) {
            return get
                    ? new Route.MatchStatus(s.get(2))
                    : method.equals(HttpMethod.DELETE)
                            ? new Route.CancelMatch(s.get(2))
                            : notAllowed(path, "GET, DELETE");
        }
        if (is(s, "api", "rooms", "*", "games")) {
            return get ? new Route.Games(s.get(2)) : notAllowed(path, "GET");
        }
        if (is(s, "api", "rooms", "*", "games", "*")
                || is(s, "api", "rooms", "*", "games", "*", "analysis")) {
            String number = s.get(4);
            if (!number.matches("[0-9]{1,9}") || Integer.parseInt(number) < 1) {
                return new Route.NotFound(path);
            }
            if (!get) {
                return notAllowed(path, "GET");
            }
            int game = Integer.parseInt(number);
            return s.size() == 6
                    ? new Route.GameAnalysis(s.get(2), game)
                    : new Route.Game(s.get(2), game);
        }
        return new Route.NotFound(path);
    }

    /** Whether the segments are {@code pattern}'s: "*" stands for any but an empty one, "?" any. */
    private static boolean is(List<String> segments, String... pattern) {
        if (segments.size() != pattern.length) {
            return false;
        }
        for (int i = 0; i < pattern.length; i++) {
            String segment = segments.get(i);
            boolean fits =
                    switch (pattern[i]) {
                        case "*" -> !segment.isEmpty();
                        case "?" -> true;
                        default -> pattern[i].equals(segment);
                    };
            if (!fits) {
                return false;
            }
        }
        return true;
    }

    private static Route notAllowed(String path, String allow) {
        return new Route.MethodNotAllowed(path, allow);
    }

    /** The decoded segments after the leading slash; refuses what no endpoint could mean. */
    private static List<String> segments(String rawPath) {
        List<String> segments = new ArrayList<>();
        for (String raw : rawPath.substring(1).split("/", -1)) {
            String segment = decode(raw);
            if (segment.equals(".") || segment.equals("..")) {
                throw new IllegalArgumentException("dot segments are not allowed in a path");
            }
            if (segment.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
                throw new IllegalArgumentException("control characters are not allowed in a path");
            }
            segments.add(segment);
        }
        return segments;
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
                bytes.writeBytes(String.valueOf(c).getBytes(StandardCharsets.UTF_8));
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
            // A new decoder reports malformed input rather than replacing it.
            var utf8 = StandardCharsets.UTF_8.newDecoder();
            return utf8.decode(ByteBuffer.wrap(bytes.toByteArray())).toString();
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException("the path is not UTF-8 once decoded");
        }
    }
}
