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
    private static final StrictJson JSON = new StrictJson("quick match answer");

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
                        JSON.text(body, "ticket"),
                        JSON.text(body, "code"),
                        JSON.text(body, "path"),
                        JSON.text(body, "seat"),
                        JSON.text(body, "token"),
                        new MatchApi.Opponent(
                                JSON.text(opponent, "name"),
                                JSON.text(opponent, "kind"),
                                opponent.path("level").isTextual()
                                        ? opponent.path("level").textValue()
                                        : null),
                        body.get("settings"));
            }
            case "timeout" ->
                    new MatchApi.TimedOut(JSON.text(body, "ticket"), JSON.number(body, "waitedMs"));
            case "cancelled" -> new MatchApi.Cancelled(JSON.text(body, "ticket"));
            default ->
                    throw new ProtocolException(
                            ErrorCode.BAD_MESSAGE, "POST /api/match: unknown status in " + body);
        };
    }

    /** Where a waiting request stands, from the body of {@code GET /api/match/{ticket}}. */
    static MatchApi.Waiting waiting(JsonNode body) {
        return new MatchApi.Waiting(
                JSON.text(body, "ticket"),
                (int) JSON.number(body, "position"),
                (int) JSON.number(body, "sameSettings"),
                (int) JSON.number(body, "waiting"),
                JSON.number(body, "waitedMs"),
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
}
