package dev.tictactoe.server.cluster;

/** The nginx.conf that {@link ProxyConfig} writes. */
final class NginxConfig {

    private NginxConfig() {}

    static String render(ProxyConfig c) {
        // Every proxied socket holds two connections (client and node); a worker may get more
        // than its share, so each can hold them all.
        int connections = 2 * c.sockets + 1024;
        StringBuilder t = new StringBuilder(c.header());
        t.append(
                """
                worker_processes auto;
                worker_rlimit_nofile %d;

                events {
                    worker_connections %d;
                }

                http {
                    access_log off;

                    # The node a request is about: the first character of the code in $uri, which
                    # nginx has already percent-decoded (%%31 is 1) and cut before the query string;
                    # both cases, the look-alikes (O for 0, I and L for 1) and leading separators
                    # are read as RoomCode.normalize reads them. Anything else: any node.
                    map $uri $ttt_upstream {
                """
                        .formatted(connections + 1024, connections));
        for (Upstream node : c.nodes) {
            t.append("        ~")
                    .append(ProxyConfig.ROOM_PATH)
                    .append(ProxyConfig.SEPARATORS)
                    .append(node.firstCharacters())
                    .append(" ")
                    .append(node.name())
                    .append(";\n");
        }
        t.append(
                """
                        default ttt_any;
                    }

                    # Unknown-code guesses across all nodes: nginx cannot tell an unknown code
                    # before the node answers, so it limits every room lookup per address, loosely
                    # enough for people; each node still counts its own unknown codes.
                    map $uri $ttt_lookup {
                        ~%s. $binary_remote_addr;
                        default "";
                    }
                    limit_req_zone $ttt_lookup zone=ttt_lookups:10m rate=%dr/s;
                    limit_req_status 429;

                    map $http_upgrade $connection_upgrade {
                        default upgrade;
                        ""      close;
                    }

                    # Any node: a node that refuses connections (down, or draining) is skipped.
                    upstream ttt_any {
                """
                        .formatted(ProxyConfig.ROOM_PATH, c.lookupsPerSecond));
        for (Upstream node : c.nodes) {
            t.append("        server ")
                    .append(node.address())
                    .append(" max_fails=1 fail_timeout=5s;\n");
        }
        t.append("    }\n");
        for (Upstream node : c.nodes) {
            t.append("\n    # Node ")
                    .append(node.node())
                    .append(" alone: while it is down its rooms get 502, never another node.\n")
                    .append("    upstream ")
                    .append(node.name())
                    .append(" {\n        server ")
                    .append(node.address())
                    .append(";\n    }\n");
        }
        t.append("\n    server {\n        listen ").append(c.listen).append(";\n");
        locations(t, c);
        t.append("    }\n");
        if (c.tls()) {
            t.append("\n    server {\n        listen ")
                    .append(c.tlsListen)
                    .append(" ssl;\n        ssl_certificate ")
                    .append(c.tlsPem)
                    .append(";\n        ssl_certificate_key ")
                    .append(c.tlsPem)
                    .append(";\n        ssl_protocols TLSv1.2 TLSv1.3;\n");
            locations(t, c);
            t.append("    }\n");
        }
        return t.append("}\n").toString();
    }

    private static void locations(StringBuilder t, ProxyConfig c) {
        t.append(
                """

                        # Metrics are for the scraper inside the network, which asks each node.
                        location ^~ /metrics {
                            return 404;
                        }

                        location / {
                            limit_req zone=ttt_lookups burst=%d nodelay;
                            proxy_pass http://$ttt_upstream;
                            proxy_http_version 1.1;
                            proxy_set_header Upgrade $http_upgrade;
                            proxy_set_header Connection $connection_upgrade;
                            proxy_set_header Host $http_host;
                            # The nodes trust these from the addresses in their --trusted-proxies.
                            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
                            proxy_set_header X-Forwarded-Proto $scheme;
                            # Only a request no node has seen moves on (refused, or no answer to
                            # connect): no non_idempotent, so a room is never created twice.
                            proxy_next_upstream error timeout;
                            proxy_connect_timeout 5s;
                            # Longer than the nodes' idle timeout: they decide when a socket is dead.
                            proxy_read_timeout 120s;
                            proxy_send_timeout 120s;
                        }
                """
                        .formatted(c.lookupBurst));
    }
}
