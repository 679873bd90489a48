package dev.tictactoe.server.admin;

import dev.tictactoe.server.net.HttpReplies;

import org.jspecify.annotations.Nullable;

import java.util.Locale;
import java.util.Set;

/** Who may use the admin port: Host names the listener, and an acting page is its own. */
record AdminGuard(String boundHost) {

    @Nullable String refusal(@Nullable String host, @Nullable String origin, boolean acts) {
        if (host == null || host.isBlank()) {
            return "a Host header is required";
        }
        if (!addressedHere(hostName(host))) {
            return "requests must be addressed to the admin listener, not to "
                    + HttpReplies.abbreviate(host);
        }
        if (acts && origin != null && !origin.equalsIgnoreCase("http://" + host.trim())) {
            return "pages from "
                    + HttpReplies.abbreviate(origin)
                    + " may not act on this server; use the admin page or curl";
        }
        return null;
    }

    private boolean addressedHere(String name) {
        String bound = boundHost.toLowerCase(Locale.ROOT);
        return Set.of("0.0.0.0", "::", "[::]").contains(bound)
                || Set.of("localhost", "::1").contains(name)
                || name.matches("127\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}")
                || bound.equals(name)
                || bound.equals("[" + name + "]");
    }

    /** The host of a {@code Host} header without its port, lower case; IPv6 without brackets. */
    static String hostName(String host) {
        String text = host.trim().toLowerCase(Locale.ROOT);
        if (text.startsWith("[")) {
            int close = text.indexOf(']');
            return close < 0 ? text : text.substring(1, close);
        }
        int colon = text.lastIndexOf(':');
        return colon < 0 ? text : text.substring(0, colon);
    }
}
