package dev.tictactoe.server.room;

import com.fasterxml.jackson.core.JsonGenerator;

import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.server.clock.GameClock;
import dev.tictactoe.server.game.Mark;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

/**
 * Writes a {@link RoomState} with the streaming generator, field by field in the records' order:
 * the JSON data binding would write, without its reflective calls per field on the journal's
 * thread. A test holds the two to the same bytes; reading stays with data binding.
 */
final class RoomStateWriter {

    private RoomStateWriter() {}

    static byte[] write(RoomState state) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(4096);
        try (JsonGenerator g = MessageCodec.mapper().getFactory().createGenerator(out)) {
            g.setCodec(MessageCodec.mapper()); // for the snapshot tree
            g.writeStartObject();
            g.writeStringField("code", state.code());
            settings(g, state.settings());
            g.writeNumberField("botSeed", state.botSeed());
            g.writeNumberField("version", state.version());
            g.writeNumberField("boardVersion", state.boardVersion());
            g.writeFieldName("shown");
            g.writeTree(state.shown());
            g.writeFieldName("diffs");
            strings(g, state.diffs());
            g.writeFieldName("seats");
            seats(g, state.seats());
            g.writeFieldName("match");
            match(g, state.match());
            number(g, "atNanos", state.atNanos());
            number(g, "atMillis", state.atMillis());
            number(g, "emptySince", state.emptySince());
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException("room " + state.code() + " cannot be written", e);
        }
        return out.toByteArray();
    }

    private static void settings(JsonGenerator g, RoomSettings s) throws IOException {
        g.writeObjectFieldStart("settings");
        g.writeObjectFieldStart("rules");
        g.writeNumberField("size", s.rules().size());
        g.writeNumberField("winLength", s.rules().winLength());
        g.writeEndObject();
        g.writeStringField("creatorSeat", name(s.creatorSeat()));
        g.writeStringField("first", name(s.first()));
        g.writeBooleanField("earlyDraw", s.earlyDraw());
        g.writeBooleanField("spectators", s.spectators());
        g.writeStringField("bot", s.bot() == null ? null : s.bot().name());
        g.writeStringField("clock", s.clock() == null ? null : s.clock().toString());
        g.writeEndObject();
    }

    private static void seats(JsonGenerator g, Map<Mark, RoomState.SeatState> seats)
            throws IOException {
        g.writeStartObject();
        for (var entry : seats.entrySet()) {
            RoomState.SeatState seat = entry.getValue();
            g.writeFieldName(entry.getKey().name());
            if (seat == null) {
                g.writeNull();
                continue;
            }
            g.writeStartObject();
            g.writeStringField("name", seat.name());
            g.writeStringField("token", seat.token());
            g.writeStringField("bot", seat.bot());
            g.writeFieldName("connected");
            if (seat.connected() == null) {
                g.writeNull();
            } else {
                g.writeBoolean(seat.connected());
            }
            number(g, "graceUntil", seat.graceUntil());
            g.writeFieldName("moves");
            if (seat.moves() == null) {
                g.writeNull();
            } else {
                g.writeStartArray();
                for (RoomState.MoveId move : seat.moves()) {
                    g.writeStartObject();
                    g.writeStringField("id", move.id());
                    g.writeNumberField("version", move.version());
                    g.writeEndObject();
                }
                g.writeEndArray();
            }
            g.writeEndObject();
        }
        g.writeEndObject();
    }

    private static void match(JsonGenerator g, RoomState.MatchState m) throws IOException {
        g.writeStartObject();
        g.writeNumberField("game", m.game());
        g.writeStringField("status", m.status() == null ? null : m.status().name());
        g.writeStringField("first", name(m.first()));
        g.writeFieldName("moves");
        cells(g, m.moves());
        g.writeFieldName("moveIds");
        strings(g, m.moveIds());
        g.writeFieldName("result");
        result(g, m.result());
        g.writeNumberField("xWins", m.xWins());
        g.writeNumberField("oWins", m.oWins());
        g.writeNumberField("draws", m.draws());
        g.writeStringField("undoRequest", name(m.undoRequest()));
        g.writeFieldName("rematchOffers");
        if (m.rematchOffers() == null) {
            g.writeNull();
        } else {
            g.writeStartArray();
            for (Mark mark : m.rematchOffers()) {
                g.writeString(name(mark));
            }
            g.writeEndArray();
        }
        g.writeFieldName("finished");
        if (m.finished() == null) {
            g.writeNull();
        } else {
            g.writeStartArray();
            for (Match.FinishedGame game : m.finished()) {
                g.writeStartObject();
                g.writeNumberField("game", game.game());
                g.writeStringField("first", name(game.first()));
                g.writeFieldName("moves");
                cells(g, game.moves());
                g.writeFieldName("result");
                result(g, game.result());
                g.writeEndObject();
            }
            g.writeEndArray();
        }
        g.writeFieldName("clock");
        clock(g, m.clock());
        g.writeFieldName("idle");
        if (m.idle() == null) {
            g.writeNull();
        } else {
            g.writeStartObject();
            g.writeNumberField("turnStartedNanos", m.idle().turnStartedNanos());
            g.writeNumberField("turnStartedAt", m.idle().turnStartedAt());
            g.writeNumberField("afterMillis", m.idle().afterMillis());
            g.writeEndObject();
        }
        number(g, "idleAfterMillis", m.idleAfterMillis());
        g.writeEndObject();
    }

    private static void clock(JsonGenerator g, GameClock.State c) throws IOException {
        if (c == null) {
            g.writeNull();
            return;
        }
        g.writeStartObject();
        g.writeNumberField("xRemaining", c.xRemaining());
        g.writeNumberField("oRemaining", c.oRemaining());
        g.writeStringField("turn", name(c.turn()));
        g.writeNumberField("turnStarted", c.turnStarted());
        g.writeBooleanField("started", c.started());
        g.writeStringField("flagged", name(c.flagged()));
        g.writeNumberField("anchorNanos", c.anchorNanos());
        g.writeNumberField("anchorEpochMillis", c.anchorEpochMillis());
        g.writeEndObject();
    }

    private static void result(JsonGenerator g, Match.Result r) throws IOException {
        if (r == null) {
            g.writeNull();
            return;
        }
        g.writeStartObject();
        g.writeStringField("winner", name(r.winner()));
        g.writeStringField("reason", r.reason());
        g.writeFieldName("line");
        cells(g, r.line());
        g.writeEndObject();
    }

    private static void cells(JsonGenerator g, int[] cells) throws IOException {
        if (cells == null) {
            g.writeNull();
        } else {
            g.writeArray(cells, 0, cells.length);
        }
    }

    private static void strings(JsonGenerator g, List<String> strings) throws IOException {
        if (strings == null) {
            g.writeNull();
            return;
        }
        g.writeStartArray();
        for (String s : strings) {
            g.writeString(s);
        }
        g.writeEndArray();
    }

    private static void number(JsonGenerator g, String field, Long value) throws IOException {
        g.writeFieldName(field);
        if (value == null) {
            g.writeNull();
        } else {
            g.writeNumber(value);
        }
    }

    private static String name(Mark mark) {
        return mark == null ? null : mark.name();
    }
}
