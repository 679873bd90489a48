package dev.tictactoe.bench.load;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * One reading of the target's {@code /metrics} (the Prometheus text format); fields the target does
 * not report are -1.
 */
record ServerMetrics(
        long connections,
        long heapUsedBytes,
        long rssBytes,
        long processCpuNanos,
        long openFiles,
        long maxOpenFiles) {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    /** Reads {@code /metrics}, after a full collection on the target when {@code gc} is set. */
    static ServerMetrics fetch(HttpClient http, Target target, boolean gc) {
        HttpRequest request =
                HttpRequest.newBuilder(target.http(gc ? "/metrics?gc=1" : "/metrics"))
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

    /** The fields from Prometheus text: each sample's name (labels aside) summed. */
    static ServerMetrics parse(String text) {
        Map<String, Double> sums = new HashMap<>();
        for (String line : text.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            int space = line.lastIndexOf(' ');
            int brace = line.indexOf('{');
            String name = line.substring(0, brace >= 0 && brace < space ? brace : space).strip();
            if (name.equals("jvm_memory_used_bytes") && !line.contains("area=\"heap\"")) {
                continue;
            }
            try {
                sums.merge(name, Double.parseDouble(line.substring(space + 1)), Double::sum);
            } catch (NumberFormatException e) {
                throw new IllegalStateException("/metrics is not Prometheus text: " + line, e);
            }
        }
        return new ServerMetrics(
                whole(sums, "ttt_connections", 1),
                whole(sums, "jvm_memory_used_bytes", 1),
                whole(sums, "process_resident_memory_bytes", 1),
                whole(sums, "process_cpu_seconds_total", 1e9),
                whole(sums, "process_files_open_files", 1),
                whole(sums, "process_files_max_files", 1));
    }

    private static long whole(Map<String, Double> sums, String name, double scale) {
        Double value = sums.get(name);
        return value == null || value.isNaN() ? -1 : Math.round(value * scale);
    }
}
