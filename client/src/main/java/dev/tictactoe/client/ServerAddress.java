package dev.tictactoe.client;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/** Where the server is: its HTTP base URL ({@code --server}); room URLs derive from it. */
public record ServerAddress(URI http) {

    /** The default when neither {@code --server} nor {@code TTT_SERVER} is given. */
    public static final String DEFAULT = "http://127.0.0.1:8080";

    /** The port of a bare {@code host} given without scheme or port: the server's own default. */
    public static final int DEFAULT_PORT = 8080;

    /** Reads a server URL; a bare {@code host[:port]} means http, on port 8080 if none. */
    public static ServerAddress parse(String text) {
        String s = text == null ? "" : text.strip();
        if (s.isEmpty()) {
            throw new IllegalArgumentException("the server URL is empty");
        }
        boolean bare = !s.contains("://");
        try {
            URI uri = new URI(bare ? "http://" + s : s);
            String scheme =
                    switch (String.valueOf(uri.getScheme()).toLowerCase(Locale.ROOT)) {
                        case "http", "ws" -> "http";
                        case "https", "wss" -> "https";
                        default -> throw refused(text, "is not an http:// or https:// URL");
                    };
            if (uri.getHost() == null) {
                throw refused(text, "names no host");
            }
            String path = uri.getPath() == null ? "" : uri.getPath().replaceAll("/+$", "");
            int port = bare && uri.getPort() < 0 ? DEFAULT_PORT : uri.getPort();
            return new ServerAddress(new URI(scheme, null, uri.getHost(), port, path, null, null));
        } catch (URISyntaxException e) {
            throw refused(text, "is not a server URL");
        }
    }

    private static IllegalArgumentException refused(String text, String problem) {
        return new IllegalArgumentException("\"%s\" %s, e.g. %s".formatted(text, problem, DEFAULT));
    }

    /** The WebSocket URL of room {@code code} (already normalised). */
    public URI ws(String code) {
        String room = http.getRawAuthority() + http.getRawPath() + "/rooms/" + code + "/ws";
        return URI.create((secure() ? "wss://" : "ws://") + room);
    }

    public boolean secure() {
        return "https".equals(http.getScheme());
    }

    /** The host name or address, IPv6 literals without brackets. */
    public String host() {
        String host = http.getHost();
        return host.startsWith("[") && host.endsWith("]")
                ? host.substring(1, host.length() - 1)
                : host;
    }

    /** The port, or the scheme's (80, 443) when the URL names none. */
    public int port() {
        return http.getPort() >= 0 ? http.getPort() : secure() ? 443 : 80;
    }

    @Override
    public String toString() {
        return http.toString();
    }
}
