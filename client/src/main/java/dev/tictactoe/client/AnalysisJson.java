package dev.tictactoe.client;

import com.fasterxml.jackson.databind.JsonNode;

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
    private static final StrictJson JSON = new StrictJson("game analysis");

    private AnalysisJson() {}

    static GameAnalysis read(JsonNode body) {
        JsonNode t = JSON.object(body, "thresholds");
        GameAnalysis.Thresholds thresholds =
                new GameAnalysis.Thresholds(
                        JSON.integer(t, "inaccuracy"),
                        JSON.integer(t, "mistake"),
                        JSON.integer(t, "blunder"),
                        JSON.integer(t, "decided"));
        List<GameAnalysis.Position> positions = new ArrayList<>();
        for (JsonNode p : JSON.array(body, "positions")) {
            positions.add(
                    new GameAnalysis.Position(
                            seatOrNull(p, "toMove"),
                            JSON.bool(p, "exact"),
                            JSON.integer(p, "score"),
                            p.path("best").isNull() ? null : JSON.integer(p, "best")));
        }
        List<GameAnalysis.Judged> moves = new ArrayList<>();
        for (JsonNode m : JSON.array(body, "moves")) {
            String seat = seatOrNull(m, "seat");
            GameAnalysis.Verdict verdict =
                    GameAnalysis.Verdict.fromWire(m.path("verdict").asText());
            if (seat == null || verdict == null || !m.path("verdict").isTextual()) {
                throw JSON.bad("a move needs a seat and a known verdict", m);
            }
            moves.add(
                    new GameAnalysis.Judged(
                            JSON.integer(m, "cell"), seat, verdict, JSON.integer(m, "loss")));
        }
        if (positions.size() != moves.size() + 1) {
            throw JSON.bad("one position more than moves expected", body);
        }
        return new GameAnalysis(
                JSON.text(body, "room"), JSON.integer(body, "game"), thresholds, positions, moves);
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
        throw JSON.bad("no seat \"" + field + "\"", node);
    }
}
