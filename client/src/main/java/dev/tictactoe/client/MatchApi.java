package dev.tictactoe.client;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.databind.JsonNode;

import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.ProtocolException;

import org.jspecify.annotations.Nullable;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.random.RandomGenerator;

/** Quick match over HTTP: ask for a game, see where the request stands, cancel it. */
public final class MatchApi {

    /** How long a request waits for the server's answer. */
    public static final Duration ANSWER_TIMEOUT = Duration.ofMinutes(2);

    private static final String ANSWER = "quick match answer";

    public record Request(
            @Nullable String ticket,
            String player,
            String name,
            int size,
            @Nullable Integer winLength,
            @Nullable String clock,
            @Nullable String bot,
            @Nullable String botAfter) {

        /** The same request under another ticket: asking again needs a fresh one. */
        public Request withTicket(String ticket) {
            return new Request(ticket, player, name, size, winLength, clock, bot, botAfter);
        }
    }

    public sealed interface Answer permits Matched, TimedOut, Cancelled, Refused {}

    /** Paired with a person or a bot: join room {@code code} with {@code token}. */
    public record Matched(
            String ticket,
            String code,
            String path,
            String seat,
            String token,
            Opponent opponent,
            JsonNode settings)
            implements Answer {}

    /** Who sits in the other seat: {@code kind} "human" or "bot", {@code level} a bot's. */
    public record Opponent(
            String name, String kind, @JsonSetter(nulls = Nulls.SET) @Nullable String level) {}

    /** Nobody came within the server's wait limit: ask again (with a fresh ticket) to wait on. */
    public record TimedOut(String ticket, long waitedMs) implements Answer {}

    public record Cancelled(String ticket) implements Answer {}

    /** Refused at once: {@code code} is the server's error code as on the wire, or http_STATUS. */
    public record Refused(int status, String code, String message) implements Answer {}

    public record Waiting(
            String ticket,
            int position,
            int sameSettings,
            int waiting,
            long waitedMs,
            JsonNode settings) {}

    private final Http http;

    public MatchApi(URI base) {
        this.http = new Http(base);
    }

    /** A fresh random identifier for a ticket or a player: 128 bits in base64url, 22 characters. */
    public static String newId(RandomGenerator random) {
        byte[] bytes = new byte[16];
        random.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    public CompletableFuture<Answer> start(Request request) {
        HttpRequest post = http.post("/api/match", body(request)).timeout(ANSWER_TIMEOUT).build();
        return http.call(post, response -> answer(response.statusCode(), response.body()));
    }

    /** {@code GET /api/match/{ticket}}: where the request stands, or empty when none waits. */
    public Optional<Waiting> status(String ticket) {
        HttpResponse<String> response = http.send(http.to(ticketPath(ticket)).GET().build());
        if (response.statusCode() == 404) {
            return Optional.empty();
        }
        return Optional.of(
                Http.read(Http.expect(response, "GET /api/match/{ticket}"), Waiting.class, ANSWER));
    }

    /** {@code DELETE /api/match/{ticket}}: false when none waits (it may just have been paired). */
    public boolean cancel(String ticket) {
        HttpResponse<String> response = http.send(http.to(ticketPath(ticket)).DELETE().build());
        return switch (response.statusCode()) {
            case 204, 200 -> true;
            case 404 -> false;
            default ->
                    throw Http.refusal(
                            response.statusCode(), response.body(), "DELETE /api/match/{ticket}");
        };
    }

    private static String ticketPath(String ticket) {
        return "/api/match/" + URLEncoder.encode(ticket, StandardCharsets.UTF_8);
    }

    static String body(Request request) {
        return MessageCodec.mapper().valueToTree(request).toString();
    }

    /** The answer to {@code POST /api/match}: HTTP {@code status} with {@code text} as its body. */
    static Answer answer(int status, String text) {
        JsonNode body = Http.parse(text);
        if (status != 200) {
            String code = Http.field(body, "code", "http_" + status);
            return new Refused(status, code, Http.message(text));
        }
        if (body == null) {
            throw new ProtocolException(
                    ErrorCode.BAD_MESSAGE, "POST /api/match: not JSON: " + text);
        }
        Class<? extends Answer> type =
                switch (body.path("status").asText()) {
                    case "matched" -> Matched.class;
                    case "timeout" -> TimedOut.class;
                    case "cancelled" -> Cancelled.class;
                    default ->
                            throw new ProtocolException(
                                    ErrorCode.BAD_MESSAGE,
                                    "POST /api/match: unknown status in " + body);
                };
        return Http.read(body, type, ANSWER);
    }
}
