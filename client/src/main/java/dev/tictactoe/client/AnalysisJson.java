package dev.tictactoe.client;

import com.fasterxml.jackson.databind.JsonNode;

import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.ProtocolException;
import dev.tictactoe.protocol.Seat;

import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.List;

/**
 * The body of {@code GET /api/rooms/{code}/games/{n}/analysis} read strictly into a {@link
 * GameAnalysis}: a missing or mistyped field, an unknown verdict, or positions that do not match
 * the moves is a {@link ProtocolException}, not a default.
 */
final class AnalysisJson {
    private AnalysisJson() {}

    static GameAnalysis read(JsonNode body) {
        JsonNode t = object(body, "thresholds");
        GameAnalysis.Thresholds thresholds =
                new GameAnalysis.Thresholds(
                        integer(t, "inaccuracy"),
                        integer(t, "mistake"),
                        integer(t, "blunder"),
                        integer(t, "decided"));
        List<GameAnalysis.Position> positions = new ArrayList<>();
        for (JsonNode p : array(body, "positions")) {
            positions.add(
                    new GameAnalysis.Position(
                            seatOrNull(p, "toMove"),
                            bool(p, "exact"),
                            integer(p, "score"),
                            p.path("best").isNull() ? null : integer(p, "best")));
        }
        List<GameAnalysis.Judged> moves = new ArrayList<>();
        for (JsonNode m : array(body, "moves")) {
            String seat = seatOrNull(m, "seat");
            GameAnalysis.Verdict verdict =
                    GameAnalysis.Verdict.fromWire(m.path("verdict").asText());
            if (seat == null || verdict == null || !m.path("verdict").isTextual()) {
                throw bad("a move needs a seat and a known verdict", m);
            }
            moves.add(
                    new GameAnalysis.Judged(integer(m, "cell"), seat, verdict, integer(m, "loss")));
        }
        if (positions.size() != moves.size() + 1) {
            throw bad("one position more than moves expected", body);
        }
        JsonNode room = body.path("room");
        if (!room.isTextual()) {
            throw bad("no text \"room\"", body);
        }
        return new GameAnalysis(
                room.textValue(), integer(body, "game"), thresholds, positions, moves);
    }

    private static JsonNode object(JsonNode node, String field) {
        JsonNode value = node.path(field);
        if (!value.isObject()) {
            throw bad("no object \"" + field + "\"", node);
        }
        return value;
    }

    private static JsonNode array(JsonNode node, String field) {
        JsonNode value = node.path(field);
        if (!value.isArray()) {
            throw bad("no array \"" + field + "\"", node);
        }
        return value;
    }

    private static int integer(JsonNode node, String field) {
        JsonNode value = node.path(field);
        if (!value.isIntegralNumber() || !value.canConvertToInt()) {
            throw bad("no integer \"" + field + "\"", node);
        }
        return value.intValue();
    }

    private static boolean bool(JsonNode node, String field) {
        JsonNode value = node.path(field);
        if (!value.isBoolean()) {
            throw bad("no boolean \"" + field + "\"", node);
        }
        return value.booleanValue();
    }

    /** "X", "O", or null for a JSON null; anything else is refused. */
    private static @Nullable String seatOrNull(JsonNode node, String field) {
        JsonNode value = node.path(field);
        if (value.isNull()) {
            return null;
        }
        if (value.isTextual() && Seat.fromWire(value.textValue()) != null) {
            return value.textValue();
        }
        throw bad("no seat \"" + field + "\"", node);
    }

    private static ProtocolException bad(String what, JsonNode node) {
        String text = node.toString();
        return new ProtocolException(
                ErrorCode.BAD_MESSAGE,
                "game analysis: "
                        + what
                        + " in "
                        + (text.length() > 200 ? text.substring(0, 200) + "..." : text));
    }
}
