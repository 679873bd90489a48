package dev.tictactoe.protocol;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * Writes diff messages straight to a JSON generator. A server sends one diff per change of every
 * room, so this skips data binding's per-property reflection and type lookups; the bytes are the
 * ones Jackson's record serialization gives (a test compares them).
 */
final class DiffWriter {

    /**
     * Each thread's generator and buffer, reused: a diff is written into it, then copied out once.
     */
    private static final ThreadLocal<Output> OUTPUT = new ThreadLocal<>();

    private DiffWriter() {}

    static byte[] write(JsonFactory factory, ServerMessage.Diff diff) {
        Output out = OUTPUT.get();
        if (out == null) {
            out = new Output(factory);
            OUTPUT.set(out);
        }
        out.reset();
        JsonGenerator json = out.json;
        try {
            json.writeStartObject();
            json.writeStringField("type", MessageType.DIFF.wire());
            json.writeNumberField("version", diff.version());
            json.writeArrayFieldStart("ops");
            for (PatchOp op : diff.ops()) {
                writeOp(json, op);
            }
            json.writeEndArray();
            json.writeFieldName("event");
            writeEvent(json, diff.event());
            json.writeEndObject();
            json.flush();
        } catch (IOException e) {
            OUTPUT.remove(); // the generator may be left inside a value: start the next diff afresh
            throw new UncheckedIOException("cannot encode " + diff, e);
        } catch (RuntimeException e) {
            OUTPUT.remove();
            throw e;
        }
        return out.toByteArray();
    }

    /**
     * A growable byte buffer with a generator writing into it. Each diff is one root value of the
     * generator; with no root separator, consecutive diffs leave nothing between them.
     */
    private static final class Output extends ByteArrayOutputStream {
        final JsonGenerator json;

        Output(JsonFactory factory) {
            super(1024);
            try {
                json = factory.createGenerator(this);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            json.setRootValueSeparator(null);
        }
    }

    private static void writeOp(JsonGenerator json, PatchOp op) throws IOException {
        json.writeStartObject();
        json.writeStringField("op", op.op().wire());
        if (op.from() != null) {
            json.writeStringField("from", op.from());
        }
        json.writeStringField("path", op.path());
        if (op.value() != null) {
            json.writeFieldName("value");
            writeNode(json, op.value());
        }
        json.writeEndObject();
    }

    private static void writeNode(JsonGenerator json, JsonNode node) throws IOException {
        switch (node.getNodeType()) {
            case STRING -> json.writeString(node.textValue());
            case NUMBER -> {
                if (node.isIntegralNumber() && node.canConvertToLong()) {
                    json.writeNumber(node.longValue());
                } else {
                    json.writeNumber(node.decimalValue());
                }
            }
            case BOOLEAN -> json.writeBoolean(node.booleanValue());
            case NULL -> json.writeNull();
            case ARRAY -> {
                json.writeStartArray();
                for (JsonNode element : node) {
                    writeNode(json, element);
                }
                json.writeEndArray();
            }
            case OBJECT -> {
                json.writeStartObject();
                for (Map.Entry<String, JsonNode> field : node.properties()) {
                    json.writeFieldName(field.getKey());
                    writeNode(json, field.getValue());
                }
                json.writeEndObject();
            }
            default -> json.writeTree(node);
        }
    }

    private static void writeEvent(JsonGenerator json, Event event) throws IOException {
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
                json.writeStringField("level", e.level());
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
                json.writeStringField("winner", e.winner());
                json.writeStringField("reason", e.reason());
            }
            case Event.SpectatorsChanged e -> {
                json.writeStringField("kind", EventKind.SPECTATORS_CHANGED.wire());
                json.writeNumberField("count", e.count());
            }
        }
        json.writeEndObject();
    }

    private static void kind(JsonGenerator json, EventKind kind, String seat) throws IOException {
        json.writeStringField("kind", kind.wire());
        json.writeStringField("seat", seat);
    }
}
