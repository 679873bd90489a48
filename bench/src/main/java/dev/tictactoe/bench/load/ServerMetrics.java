package dev.tictactoe.bench.load;

import com.fasterxml.jackson.databind.JsonNode;

import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.ProtocolException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/** One reading of the target's {@code /metrics}; fields the target does not report are -1. */
record ServerMetrics(
        long connections,
        long heapUsedBytes,
        long rssBytes,
        long processCpuNanos,
        long openFiles,
        long maxOpenFiles) {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    /**
     * Reads {@code /metrics.json}, after a full collection on the target when {@code gc} is set.
     */
    static ServerMetrics fetch(HttpClient http, Target target, boolean gc) {
        HttpRequest request =
                HttpRequest.newBuilder(target.http(gc ? "/metrics.json?gc=1" : "/metrics.json"))
                        .timeout(TIMEOUT)
                        .GET()
                        .build();
        HttpResponse<String> response;
        try {
            response =
                    http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + request.uri() + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted reading " + request.uri(), e);
        }
        if (response.statusCode() != 200) {
            throw new IllegalStateException(
                    request.uri() + " answered HTTP " + response.statusCode());
        }
        return parse(response.body());
    }

    static ServerMetrics parse(String json) {
        JsonNode node;
        try {
            node = MessageCodec.parse(json);
        } catch (ProtocolException e) {
            throw new IllegalStateException("/metrics is not JSON: " + e.getMessage(), e);
        }
        return new ServerMetrics(
                node.path("connections").asLong(-1),
                node.path("heapUsedBytes").asLong(-1),
                node.path("rssBytes").asLong(-1),
                node.path("processCpuNanos").asLong(-1),
                node.path("openFiles").asLong(-1),
                node.path("maxOpenFiles").asLong(-1));
    }
}
