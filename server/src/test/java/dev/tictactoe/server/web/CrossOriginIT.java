package dev.tictactoe.server.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.server.ServerConfig;
import dev.tictactoe.server.net.GameServer;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A page from a listed site may call the HTTP API from script (CORS), as it may open room sockets;
 * other sites' pages get no header that would let a browser show them the answer.
 */
class CrossOriginIT {
    private static final String LISTED = "https://play.example";
    private static final String OTHER = "https://evil.example";

    private static GameServer start() {
        return ServerConfig.local("--allowed-origins=" + LISTED).start();
    }

    private static HttpResponse<String> send(
            HttpClient http, int port, String method, String path, String origin, String... headers)
            throws Exception {
        HttpRequest.Builder request =
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                        .method(
                                method,
                                method.equals("POST")
                                        ? HttpRequest.BodyPublishers.ofString("{}")
                                        : HttpRequest.BodyPublishers.noBody());
        if (origin != null) {
            request.header("Origin", origin);
        }
        if (headers.length > 0) {
            request.headers(headers);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** What a browser asks before sending {@code method} with a JSON body across origins. */
    private static HttpResponse<String> preflight(
            HttpClient http, int port, String path, String origin, String method) throws Exception {
        return send(
                http,
                port,
                "OPTIONS",
                path,
                origin,
                "Access-Control-Request-Method",
                method,
                "Access-Control-Request-Headers",
                "content-type");
    }

    private static String header(HttpResponse<?> response, String name) {
        return response.headers().firstValue(name).orElse(null);
    }

    @Test
    void aListedSitesPageMayCreateARoomAndLookItUp() throws Exception {
        try (GameServer server = start();
                HttpClient http = HttpClient.newHttpClient()) {
            int port = server.port();
            HttpResponse<String> preflight = preflight(http, port, "/api/rooms", LISTED, "POST");
            assertThat(preflight.statusCode()).isEqualTo(204);
            assertThat(header(preflight, "Access-Control-Allow-Origin")).isEqualTo(LISTED);
            assertThat(header(preflight, "Access-Control-Allow-Methods")).isEqualTo("POST");
            assertThat(header(preflight, "Access-Control-Allow-Headers")).isEqualTo("Content-Type");
            assertThat(header(preflight, "Access-Control-Max-Age")).isEqualTo("600");
            assertThat(header(preflight, "Vary")).isEqualTo("Origin");

            HttpResponse<String> created =
                    send(
                            http,
                            port,
                            "POST",
                            "/api/rooms",
                            LISTED,
                            "Content-Type",
                            "application/json");
            assertThat(created.statusCode()).isEqualTo(201);
            assertThat(header(created, "Access-Control-Allow-Origin")).isEqualTo(LISTED);
            assertThat(header(created, "Access-Control-Expose-Headers")).isEqualTo("Retry-After");
            Matcher code = Pattern.compile("\"code\":\"([0-9A-Z]{6})\"").matcher(created.body());
            assertThat(code.find()).as(created.body()).isTrue();

            HttpResponse<String> info =
                    send(http, port, "GET", "/api/rooms/" + code.group(1), LISTED);
            assertThat(info.statusCode()).isEqualTo(200);
            assertThat(header(info, "Access-Control-Allow-Origin")).isEqualTo(LISTED);

            HttpResponse<String> ticket =
                    preflight(http, port, "/api/match/Hq8kR2vX0bWm5tYz9cLp1A", LISTED, "DELETE");
            assertThat(ticket.statusCode()).isEqualTo(204);
            assertThat(header(ticket, "Access-Control-Allow-Methods")).isEqualTo("GET, DELETE");

            // Refusals are readable too, so the page can show why.
            HttpResponse<String> unknown = send(http, port, "GET", "/api/rooms/ZZZZZZ", LISTED);
            assertThat(unknown.statusCode()).isEqualTo(404);
            assertThat(header(unknown, "Access-Control-Allow-Origin")).isEqualTo(LISTED);
        }
    }

    @Test
    void otherSitesProgramsAndOtherPathsGetNoCorsHeaders() throws Exception {
        try (GameServer server = start();
                HttpClient http = HttpClient.newHttpClient()) {
            int port = server.port();
            HttpResponse<String> preflight = preflight(http, port, "/api/rooms", OTHER, "POST");
            assertThat(preflight.statusCode()).isEqualTo(403);
            assertThat(preflight.body()).contains("\"code\":\"origin_not_allowed\"");
            assertThat(header(preflight, "Access-Control-Allow-Origin")).isNull();

            HttpResponse<String> created = send(http, port, "POST", "/api/rooms", OTHER);
            assertThat(created.statusCode()).isEqualTo(201);
            assertThat(header(created, "Access-Control-Allow-Origin")).isNull();

            HttpResponse<String> program = send(http, port, "POST", "/api/rooms", null);
            assertThat(header(program, "Access-Control-Allow-Origin")).isNull();

            HttpResponse<String> health = send(http, port, "GET", "/healthz", LISTED);
            assertThat(health.statusCode()).isEqualTo(200);
            assertThat(header(health, "Access-Control-Allow-Origin")).isNull();

            // An OPTIONS that is not a preflight is what it was: a method the path does not take.
            HttpResponse<String> options = send(http, port, "OPTIONS", "/api/rooms", LISTED);
            assertThat(options.statusCode()).isEqualTo(405);
            assertThat(header(options, "Allow")).isEqualTo("POST");
        }
    }
}
