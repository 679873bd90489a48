package dev.tictactoe.cli;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/**
 * Where the server is: its HTTP base URL as the user gave it ({@code --server}), from which the
 * WebSocket URL of a room is derived ({@code http://h:p} gives {@code ws://h:p/rooms/CODE/ws},
 * {@code https} gives {@code wss}).
 */
record ServerAddress(URI http) {

    /** The default when neither {@code --server} nor {@code TTT_SERVER} is given. */
    static final String DEFAULT = "http://127.0.0.1:8080";

    /**
     * Reads a server URL; a bare {@code host:port} means {@code http://host:port}.
     *
     * @throws IllegalArgumentException with a message in words when it is not a usable URL
     */
    static ServerAddress parse(String text) {
        String s = text == null ? "" : text.strip();
        if (s.isEmpty()) {
            throw new IllegalArgumentException("the server URL is empty");
        }
        if (!s.contains("://")) {
            s = "http://" + s;
        }
        URI uri;
        try {
            uri = new URI(s);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("\"" + text + "\" is not a server URL, e.g. " + DEFAULT);
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        scheme = switch (scheme) {
            case "http", "ws" -> "http";
            case "https", "wss" -> "https";
            default -> throw new IllegalArgumentException(
                    "\"" + text + "\" is not an http:// or https:// URL, e.g. " + DEFAULT);
        };
        if (uri.getHost() == null) {
            throw new IllegalArgumentException("\"" + text + "\" names no host, e.g. " + DEFAULT);
        }
        String path = uri.getPath() == null ? "" : uri.getPath().replaceAll("/+$", "");
        try {
            return new ServerAddress(new URI(scheme, null, uri.getHost(), uri.getPort(), path, null, null));
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("\"" + text + "\" is not a server URL, e.g. " + DEFAULT);
        }
    }

    /** The WebSocket URL of room {@code code} (already normalised). */
    URI ws(String code) {
        String scheme = "https".equals(http.getScheme()) ? "wss" : "ws";
        return URI.create(scheme + "://" + authority() + http.getPath() + "/rooms/" + code + "/ws");
    }

    private String authority() {
        String host = http.getHost();
        if (host.contains(":") && !host.startsWith("[")) {
            host = "[" + host + "]";
        }
        return http.getPort() < 0 ? host : host + ":" + http.getPort();
    }

    @Override
    public String toString() {
        return http.toString();
    }
}
