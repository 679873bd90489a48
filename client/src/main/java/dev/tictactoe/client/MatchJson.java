package dev.tictactoe.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.ProtocolException;

/**
 * The quick-match API's JSON: a request's body, and the server's answers read strictly into {@link
 * MatchApi}'s values (a missing or mistyped field is a {@link ProtocolException}, not a default).
 */
final class MatchJson {
    private MatchJson() {}

    /** The request as JSON, every field written (nulls too). */
    static String body(MatchApi.Request r) {
        ObjectNode body = MessageCodec.mapper().createObjectNode();
        body.put("ticket", r.ticket());
        body.put("player", r.player());
        body.put("name", r.name());
        body.put("size", r.size());
        body.put("winLength", r.winLength());
        body.put("clock", r.clock());
        body.put("bot", r.bot());
        body.put("botAfter", r.botAfter());
        return body.toString();
    }

    /** The answer to {@code POST /api/match}: HTTP {@code status} with {@code text} as its body. */
    static MatchApi.Answer answer(int status, String text) {
        JsonNode body = Http.parse(text);
        if (status != 200) {
            String code =
                    body != null && body.path("code").isTextual()
                            ? body.path("code").textValue()
                            : "http_" + status;
            String message =
                    body != null && body.path("message").isTextual()
                            ? body.path("message").textValue()
                            : text;
            return new MatchApi.Refused(status, code, message);
        }
        if (body == null) {
            throw new ProtocolException(
                    ErrorCode.BAD_MESSAGE, "POST /api/match: not JSON: " + text);
        }
        return switch (body.path("status").asText()) {
            case "matched" -> {
                JsonNode opponent = body.path("opponent");
                yield new MatchApi.Matched(
                        text(body, "ticket"),
                        text(body, "code"),
                        text(body, "path"),
                        text(body, "seat"),
                        text(body, "token"),
                        new MatchApi.Opponent(
                                text(opponent, "name"),
                                text(opponent, "kind"),
                                opponent.path("level").isTextual()
                                        ? opponent.path("level").textValue()
                                        : null),
                        body.get("settings"));
            }
            case "timeout" -> new MatchApi.TimedOut(text(body, "ticket"), number(body, "waitedMs"));
            case "cancelled" -> new MatchApi.Cancelled(text(body, "ticket"));
            default ->
                    throw new ProtocolException(
                            ErrorCode.BAD_MESSAGE, "POST /api/match: unknown status in " + body);
        };
    }

    /** Where a waiting request stands, from the body of {@code GET /api/match/{ticket}}. */
    static MatchApi.Waiting waiting(JsonNode body) {
        return new MatchApi.Waiting(
                text(body, "ticket"),
                (int) number(body, "position"),
                (int) number(body, "sameSettings"),
                (int) number(body, "waiting"),
                number(body, "waitedMs"),
                body.get("settings"));
    }

    /**
     * The JSON body of an answer with HTTP {@code status} and {@code text}, when the status is
     * {@code ok}; anything else as a {@link ProtocolException} naming {@code what} was asked.
     */
    static JsonNode expect(int status, String text, int ok, String what) {
        JsonNode body = Http.parse(text);
        if (status == ok && body != null) {
            return body;
        }
        String code = body != null ? body.path("code").asText("") : "";
        ErrorCode known = ErrorCode.fromWire(code);
        String message = body != null ? body.path("message").asText(text) : text;
        throw new ProtocolException(
                known != null ? known : ErrorCode.INTERNAL_ERROR,
                what
                        + ": HTTP "
                        + status
                        + ": "
                        + (known == null && !code.isEmpty() ? code + ": " : "")
                        + message);
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.path(field);
        if (!value.isTextual()) {
            throw new ProtocolException(
                    ErrorCode.BAD_MESSAGE,
                    "quick match answer: no text \"" + field + "\" in " + node);
        }
        return value.textValue();
    }

    private static long number(JsonNode node, String field) {
        JsonNode value = node.path(field);
        if (!value.isIntegralNumber()) {
            throw new ProtocolException(
                    ErrorCode.BAD_MESSAGE,
                    "quick match answer: no integer \"" + field + "\" in " + node);
        }
        return value.longValue();
    }
}
