package dev.tictactoe.server.cluster;

/** The haproxy.cfg that {@link ProxyConfig} writes. */
final class HaproxyConfig {

    private HaproxyConfig() {}

    static String render(ProxyConfig c) {
        int burst = c.unknownCodeBurst;
        long periodMs = 1000L * burst / c.unknownCodesPerSecond;
        StringBuilder t = new StringBuilder(c.header());
        t.append(
                """
                global
                    # HAProxy sets its open-file limit from this: two per proxied socket.
                    maxconn %d

                defaults
                    mode http
                    option forwardfor
                    timeout connect 5s
                    timeout http-request 10s
                    timeout queue 5s
                    # Longer than the nodes' idle timeout: they decide when a socket is dead.
                    timeout client 120s
                    timeout server 120s
                    timeout tunnel 120s
                    maxconn %d

                frontend ttt
                    bind %s
                """
                        .formatted(c.sockets, c.sockets, bind(c.listen)));
        if (c.tls()) {
            t.append("    bind ").append(bind(c.tlsListen)).append(" ssl crt ").append(c.tlsPem);
            t.append("\n    http-request set-header X-Forwarded-Proto https if { ssl_fc }\n");
        }
        t.append(
                """
                    # Metrics are for the scraper inside the network, which asks each node.
                    http-request return status 404 if { path_beg /metrics }

                    # Unknown-code guesses per address across all nodes: every 404 to a room
                    # lookup counts, and past the nodes' own budget (%d in %d ms) lookups get 429.
                    acl ttt_room path,url_dec -m reg %s.
                    stick-table type ip size 100k expire 60s store gpc0_rate(%d)
                    http-request track-sc0 src if ttt_room
                    http-request deny deny_status 429 if ttt_room { sc0_gpc0_rate gt %d }
                    http-request set-var(txn.ttt_room) bool(true) if ttt_room
                    http-response sc-inc-gpc0(0) if { var(txn.ttt_room) -m bool } { status 404 }

                    # The node a room's request goes to: the first character of its code in the
                    # percent-decoded path (no query), in either case, with the look-alikes (O for
                    # 0, I and L for 1) and leading separators read as RoomCode.normalize reads them.
                """
                        .formatted(burst, periodMs, ProxyConfig.ROOM_PATH, periodMs, burst));
        for (Upstream node : c.nodes) {
            t.append("    use_backend ")
                    .append(node.name())
                    .append(" if { path,url_dec -m reg ")
                    .append(ProxyConfig.ROOM_PATH)
                    .append(ProxyConfig.SEPARATORS)
                    .append(node.firstCharacters())
                    .append(" }\n");
        }
        t.append(
                """
                    default_backend ttt_any

                # Any ready node. Only a failed connect is retried elsewhere: nothing reached a
                # node, so a room is never created twice.
                backend ttt_any
                    balance leastconn
                    option httpchk GET /readyz
                    retry-on conn-failure
                    retries 2
                    option redispatch
                """);
        for (Upstream node : c.nodes) {
            t.append("    server ")
                    .append(node.node())
                    .append(" ")
                    .append(node.address())
                    .append(" check inter 2s fall 2 rise 1\n");
        }
        for (Upstream node : c.nodes) {
            t.append("\n# Node ")
                    .append(node.node())
                    .append(" alone: while it is down its rooms get 503, never another node.\n")
                    .append("backend ")
                    .append(node.name())
                    .append("\n    server ")
                    .append(node.node())
                    .append(" ")
                    .append(node.address())
                    .append("\n");
        }
        return t.toString();
    }

    /** A port alone binds every address, as nginx's {@code listen} does. */
    private static String bind(String listen) {
        return listen.chars().allMatch(Character::isDigit) ? ":" + listen : listen;
    }
}
