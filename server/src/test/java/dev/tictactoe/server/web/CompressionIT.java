package dev.tictactoe.server.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.server.ServerConfig;
import dev.tictactoe.server.net.GameServer;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;

/**
 * The page as a browser fetches it from a real server: every file it links, and every module those
 * import, gzipped on the wire, and all of it together under the weight budget.
 */
class CompressionIT {

    /** What the page and everything it loads may weigh on the wire. */
    static final int PAGE_WEIGHT_BUDGET = 40 * 1024;

    private static final Pattern LINKED = Pattern.compile("(?:src|href)=\"(/assets/[^\"]+)\"");
    private static final Pattern IMPORTED = Pattern.compile("from '\\./([a-z0-9-]+\\.js)'");

    private static GameServer server;
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @BeforeAll
    static void start() {
        server = ServerConfig.local().start();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static HttpResponse<byte[]> get(String path) throws IOException, InterruptedException {
        HttpRequest request =
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                        .header("Accept-Encoding", "gzip, deflate, br, zstd")
                        .build();
        return HTTP.send(request, HttpResponse.BodyHandlers.ofByteArray());
    }

    private static String gunzip(byte[] bytes) throws IOException {
        try (var in = new GZIPInputStream(new ByteArrayInputStream(bytes))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void everyFileOfThePageComesGzippedAndAllTogetherWeighLessThanTheBudget()
            throws IOException, InterruptedException {
        HttpResponse<byte[]> page = get("/");
        assertThat(page.headers().firstValue("Content-Encoding")).hasValue("gzip");
        String html = gunzip(page.body());
        int wire = page.body().length;

        Set<String> paths = new LinkedHashSet<>();
        Matcher linked = LINKED.matcher(html);
        while (linked.find()) {
            paths.add(linked.group(1));
        }
        String base = paths.stream().filter(p -> p.endsWith("/main.js")).findFirst().orElseThrow();
        base = base.substring(0, base.length() - "main.js".length());
        Set<String> seen = new LinkedHashSet<>(paths);
        // Follow the modules' imports, as the browser does.
        ArrayDeque<String> todo = new ArrayDeque<>(seen);
        while (!todo.isEmpty()) {
            String path = todo.pop();
            HttpResponse<byte[]> file = get(path);
            assertThat(file.statusCode()).as(path).isEqualTo(200);
            assertThat(file.headers().firstValue("Content-Encoding")).as(path).hasValue("gzip");
            assertThat(file.headers().firstValue("Vary")).as(path).hasValue("accept-encoding");
            wire += file.body().length;
            Matcher imports = IMPORTED.matcher(gunzip(file.body()));
            while (imports.find()) {
                String next = base + imports.group(1);
                if (seen.add(next)) {
                    todo.add(next);
                }
            }
        }
        assertThat(seen).as("the modules main.js reaches").hasSizeGreaterThan(10);
        assertThat(wire).isLessThan(PAGE_WEIGHT_BUDGET);
    }
}
