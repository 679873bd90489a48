package dev.tictactoe.server.metrics;

import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.time.Duration;

/**
 * A health check for images without curl: exits 0 when {@code GET /healthz} answers 200, 1
 * otherwise. Asks {@code http://127.0.0.1:$TTT_PORT/healthz}, or the URL given as argument.
 */
public final class HealthProbe {

    /** Connect and read timeout of one probe; the container's own timeout is longer. */
    static final Duration TIMEOUT = Duration.ofSeconds(2);

    static final int DEFAULT_PORT = 8080;

    private HealthProbe() {}

    public static void main(String[] args) {
        URI target = args.length > 0 ? URI.create(args[0]) : localHealth(System.getenv("TTT_PORT"));
        boolean healthy = healthy(target, TIMEOUT);
        System.out.println(healthy ? "healthy: " + target : "unhealthy: " + target);
        System.exit(healthy ? 0 : 1);
    }

    static URI localHealth(String port) {
        int p = port == null || port.isBlank() ? DEFAULT_PORT : Integer.parseInt(port.trim());
        return URI.create("http://127.0.0.1:" + p + "/healthz");
    }

    /** True when the URL answers 200 within the timeout. */
    static boolean healthy(URI target, Duration timeout) {
        try {
            HttpURLConnection http = (HttpURLConnection) target.toURL().openConnection();
            http.setConnectTimeout((int) timeout.toMillis());
            http.setReadTimeout((int) timeout.toMillis());
            try {
                int status = http.getResponseCode();
                try (InputStream body =
                        status < 400 ? http.getInputStream() : http.getErrorStream()) {
                    if (body != null) {
                        body.readAllBytes();
                    }
                }
                return status == 200;
            } finally {
                http.disconnect();
            }
        } catch (IOException | IllegalArgumentException e) {
            return false;
        }
    }
}
