package dev.tictactoe.client;

import com.fasterxml.jackson.databind.JsonNode;

import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.NewRoom;
import dev.tictactoe.protocol.ProtocolException;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;

/** The server's small HTTP API: rooms and a kept game's analysis. */
public final class RoomsApi {
    /** The answer to a room creation: its code and the settings as the server resolved them. */
    public record Created(String code, JsonNode settings) {}

    /** What {@link #analysis} answers: the analysis, or why there is none now. */
    public sealed interface AnalysisAnswer permits GameAnalysis, Busy, NotKept {}

    /** The server is busy analysing (429 for this address, 503 for all): ask after a while. */
    public record Busy(Duration retryAfter, String message) implements AnalysisAnswer {}

    /** The server keeps no such game (or no games at all): 404. */
    public record NotKept(String message) implements AnalysisAnswer {}

    /** How long {@link #analysis} waits: the server answers once the game is analysed. */
    static final Duration ANALYSIS_TIMEOUT = Duration.ofMinutes(1);

    /** The wait a busy answer without a readable {@code Retry-After} asks for. */
    static final Duration DEFAULT_RETRY_AFTER = Duration.ofSeconds(2);

    private final Http http;

    public RoomsApi(URI base) {
        this.http = new Http(base);
    }

    /** {@code POST /api/rooms}; a refusal throws a {@link ProtocolException} with its code. */
    public Created create(NewRoom settings) {
        HttpRequest request = http.post("/api/rooms", MessageCodec.encode(settings)).build();
        String what = "POST /api/rooms";
        return Http.read(Http.expect(http.send(request), what), Created.class, what);
    }

    /** {@code GET /api/rooms/{code}/games/{game}/analysis}; another refusal throws. */
    public AnalysisAnswer analysis(String code, int game) {
        String room = URLEncoder.encode(code.toUpperCase(Locale.ROOT), StandardCharsets.UTF_8);
        String path = "/api/rooms/" + room + "/games/" + game + "/analysis";
        HttpResponse<String> response =
                http.send(http.to(path).timeout(ANALYSIS_TIMEOUT).GET().build());
        return switch (response.statusCode()) {
            case 429, 503 ->
                    new Busy(
                            retryAfter(response.headers().firstValue("Retry-After").orElse("")),
                            Http.message(response.body()));
            case 404 -> new NotKept(Http.message(response.body()));
            default ->
                    Http.read(
                            Http.expect(response, "GET " + path),
                            GameAnalysis.class,
                            "game analysis");
        };
    }

    /** A {@code Retry-After} in seconds, or {@link #DEFAULT_RETRY_AFTER} when it is not one. */
    static Duration retryAfter(String header) {
        try {
            long seconds = Long.parseLong(header.strip());
            return seconds >= 0 ? Duration.ofSeconds(seconds) : DEFAULT_RETRY_AFTER;
        } catch (NumberFormatException e) {
            return DEFAULT_RETRY_AFTER;
        }
    }
}
