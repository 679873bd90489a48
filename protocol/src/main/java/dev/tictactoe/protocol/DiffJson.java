package dev.tictactoe.protocol;

import com.fasterxml.jackson.core.JsonGenerator;

import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.util.List;

/** The JSON of a diff's values and event, field by field as Jackson's data binding writes them. */
final class DiffJson {
    private DiffJson() {}

    /** A snapshot value, as data binding writes it. */
    static void writeValue(JsonGenerator json, @Nullable Object value) throws IOException {
        switch (value) {
            case null -> json.writeNull();
            case String s -> json.writeString(s);
            case WireWord w -> json.writeString(w.wire());
            case Integer i -> json.writeNumber(i);
            case Long l -> json.writeNumber(l);
            case Boolean b -> json.writeBoolean(b);
            case Snapshot.Settings s -> {
                json.writeStartObject();
                json.writeNumberField("size", s.size());
                json.writeNumberField("winLength", s.winLength());
                json.writeStringField("first", s.first().wire());
                json.writeBooleanField("earlyDraw", s.earlyDraw());
                json.writeBooleanField("spectators", s.spectators());
                json.writeStringField("clock", s.clock());
                json.writeEndObject();
            }
            case Snapshot.Clock c -> {
                json.writeStartObject();
                json.writeStringField("control", c.control());
                numberField(json, Seat.X.wire(), c.x());
                numberField(json, Seat.O.wire(), c.o());
                json.writeStringField("running", WireWord.spelling(c.running()));
                numberField(json, "turnStartedAt", c.turnStartedAt());
                numberField(json, "deadlineAt", c.deadlineAt());
                json.writeStringField("flagged", WireWord.spelling(c.flagged()));
                json.writeEndObject();
            }
            case Snapshot.MoveEntry m -> {
                json.writeStartObject();
                json.writeStringField("seat", m.seat().wire());
                json.writeNumberField("cell", m.cell());
                json.writeStringField("id", m.id());
                json.writeEndObject();
            }
            case Snapshot.Result r -> {
                json.writeStartObject();
                json.writeStringField("winner", WireWord.spelling(r.winner()));
                json.writeStringField("reason", r.reason().wire());
                json.writeFieldName("line");
                writeValue(json, r.line());
                json.writeEndObject();
            }
            case Snapshot.Player p -> {
                json.writeStartObject();
                json.writeStringField("name", p.name());
                json.writeStringField("kind", p.kind().wire());
                json.writeStringField("level", WireWord.spelling(p.level()));
                json.writeBooleanField("connected", p.connected());
                numberField(json, "graceUntil", p.graceUntil());
                json.writeEndObject();
            }
            case List<?> list -> {
                json.writeStartArray();
                for (Object element : list) {
                    writeValue(json, element);
                }
                json.writeEndArray();
            }
            default ->
                    throw new IllegalArgumentException(
                            "not a snapshot value: " + value.getClass().getName());
        }
    }

    private static void numberField(JsonGenerator json, String name, @Nullable Long value)
            throws IOException {
        json.writeFieldName(name);
        if (value == null) {
            json.writeNull();
        } else {
            json.writeNumber(value);
        }
    }

    static void writeEvent(JsonGenerator json, @Nullable Event event) throws IOException {
        if (event == null) {
            json.writeNull();
            return;
        }
        json.writeStartObject();
        switch (event) {
            case Event.Moved e -> {
                kind(json, EventKind.MOVED, e.seat());
                json.writeNumberField("cell", e.cell());
                json.writeStringField("moveId", e.moveId());
            }
            case Event.Joined e -> {
                kind(json, EventKind.JOINED, e.seat());
                json.writeStringField("name", e.name());
            }
            case Event.BotJoined e -> {
                kind(json, EventKind.BOT_JOINED, e.seat());
                json.writeStringField("level", e.level().wire());
            }
            case Event.Left e -> kind(json, EventKind.LEFT, e.seat());
            case Event.Disconnected e -> kind(json, EventKind.DISCONNECTED, e.seat());
            case Event.Reconnected e -> kind(json, EventKind.RECONNECTED, e.seat());
            case Event.UndoRequested e -> kind(json, EventKind.UNDO_REQUESTED, e.seat());
            case Event.UndoDeclined e -> kind(json, EventKind.UNDO_DECLINED, e.seat());
            case Event.Undone e -> {
                kind(json, EventKind.UNDONE, e.seat());
                json.writeArrayFieldStart("cells");
                for (int cell : e.cells()) {
                    json.writeNumber(cell);
                }
                json.writeEndArray();
            }
            case Event.Resigned e -> kind(json, EventKind.RESIGNED, e.seat());
            case Event.RematchOffered e -> kind(json, EventKind.REMATCH_OFFERED, e.seat());
            case Event.RematchStarted e -> {
                json.writeStringField("kind", EventKind.REMATCH_STARTED.wire());
                json.writeNumberField("game", e.game());
            }
            case Event.GameOver e -> {
                json.writeStringField("kind", EventKind.GAME_OVER.wire());
                json.writeStringField("winner", WireWord.spelling(e.winner()));
                json.writeStringField("reason", e.reason().wire());
            }
            case Event.SpectatorsChanged e -> {
                json.writeStringField("kind", EventKind.SPECTATORS_CHANGED.wire());
                json.writeNumberField("count", e.count());
            }
        }
        json.writeEndObject();
    }

    private static void kind(JsonGenerator json, EventKind kind, Seat seat) throws IOException {
        json.writeStringField("kind", kind.wire());
        json.writeStringField("seat", seat.wire());
    }
}
