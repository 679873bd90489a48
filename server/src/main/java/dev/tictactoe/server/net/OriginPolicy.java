package dev.tictactoe.server.net;

import org.jspecify.annotations.Nullable;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/** Which pages may open a socket: the server's own, listed ones, and programs (no Origin). */
final class OriginPolicy {

    private final Set<Authority> allowed;

    /** {@code allowedOrigins} as {@link NetSettings} checked them. */
    OriginPolicy(List<String> allowedOrigins) {
        allowed =
                allowedOrigins.stream()
                        .map(origin -> Objects.requireNonNull(Authority.ofOrigin(origin), origin))
                        .collect(Collectors.toSet());
    }

    boolean allows(@Nullable String origin, @Nullable String host) {
        if (origin == null) {
            return true;
        }
        Authority from = Authority.ofOrigin(origin.trim());
        if (from == null) {
            // "null" (sandboxed frames, file: pages) and anything unreadable.
            return false;
        }
        // A Host without a port takes the page's default.
        return allowed.contains(from)
                || host != null
                        && from.equals(Authority.ofOrigin(from.scheme() + "://" + host.trim()));
    }

    private record Authority(String scheme, String host, int port) {

        static @Nullable Authority ofOrigin(String origin) {
            try {
                URI uri = new URI(origin);
                String scheme =
                        uri.getScheme() == null ? null : uri.getScheme().toLowerCase(Locale.ROOT);
                if (scheme == null
                        || uri.getHost() == null
                        || (uri.getRawPath() != null && !uri.getRawPath().isEmpty())
                        || uri.getRawQuery() != null
                        || uri.getRawUserInfo() != null) {
                    return null;
                }
                int port = uri.getPort() >= 0 ? uri.getPort() : defaultPort(scheme);
                return port < 0
                        ? null
                        : new Authority(scheme, uri.getHost().toLowerCase(Locale.ROOT), port);
            } catch (URISyntaxException e) {
                return null;
            }
        }

        private static int defaultPort(String scheme) {
            return switch (scheme) {
                case "http", "ws" -> 80;
                case "https", "wss" -> 443;
                default -> -1;
            };
        }
    }
}
