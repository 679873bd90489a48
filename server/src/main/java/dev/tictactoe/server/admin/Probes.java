package dev.tictactoe.server.admin;

import io.netty.handler.codec.http.FullHttpResponse;

/**
 * The public port's probes, answered the same on the admin port: the public port's own code makes
 * them, so the two never disagree.
 */
public interface Probes {

    /** {@code /healthz}: the process is alive, with its version. */
    FullHttpResponse health(boolean head);

    /** {@code /readyz}: 200 while the server takes new connections, else 503 and why. */
    FullHttpResponse ready(boolean head);

    /** {@code /metrics}: the Prometheus text; {@code gc} collects garbage first if allowed. */
    FullHttpResponse metrics(boolean gc);
}
