package dev.tictactoe.protocol;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Writes what the server sends: messages (diffs through {@link DiffWriter}, the ones that carry a
 * whole snapshot field by field, the rest by data binding) and the snapshot document, as a JSON
 * tree or straight into a generator.
 */
final class ServerWriter {

    private static final ObjectWriter WRITER = Json.MAPPER.writerFor(ServerMessage.class);
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private ServerWriter() {}

    static String encode(ServerMessage message) {
        return new String(encodeToBytes(message), StandardCharsets.UTF_8);
    }

    /**
     * The message's JSON. A welcome or snapshot message is written field by field: every join and
     * every reconnection sends one, and data binding reached the snapshot's records through
     * reflection; the bytes are the same (a test compares them).
     */
    static byte[] encodeToBytes(ServerMessage message) {
        try {
            return switch (message) {
                case ServerMessage.Diff diff -> DiffWriter.write(Json.MAPPER.getFactory(), diff);
                case ServerMessage.Welcome w ->
                        streamed(
                                json -> {
                                    json.writeStringField("type", MessageType.WELCOME.wire());
                                    json.writeNumberField("protocol", w.protocol());
                                    json.writeStringField("room", w.room());
                                    json.writeStringField("seat", WireWord.spelling(w.seat()));
                                    json.writeStringField("token", w.token());
                                    field(json, "serverTime", w.serverTime());
                                    snapshotField(json, w.snapshot());
                                });
                case ServerMessage.SnapshotMessage m ->
                        streamed(
                                json -> {
                                    json.writeStringField("type", MessageType.SNAPSHOT.wire());
                                    field(json, "serverTime", m.serverTime());
                                    snapshotField(json, m.snapshot());
                                });
                default -> WRITER.writeValueAsBytes(message);
            };
        } catch (IOException e) {
            throw new IllegalStateException("cannot encode " + message, e);
        }
    }

    /** Writes a message's fields into the object already opened. */
    private interface Fields {
        void write(JsonGenerator json) throws IOException;
    }

    private static byte[] streamed(Fields fields) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(1024);
        try (JsonGenerator json = Json.MAPPER.getFactory().createGenerator(out)) {
            json.writeStartObject();
            fields.write(json);
            json.writeEndObject();
        }
        return out.toByteArray();
    }

    private static void snapshotField(JsonGenerator json, Snapshot snapshot) throws IOException {
        json.writeFieldName("snapshot");
        if (snapshot == null) {
            json.writeNull();
        } else {
            write(json, snapshot);
        }
    }

    /**
     * The snapshot as a JSON tree, the document diffs are computed on. Built by hand rather than
     * through data binding because the server builds one for every change of every room; a test
     * checks it against Jackson's own tree of the record.
     */
    static ObjectNode toTree(Snapshot snapshot) {
        ObjectNode root = NODES.objectNode();
        root.put("version", snapshot.version());
        root.put("room", snapshot.room());
        root.set("settings", tree(snapshot.settings()));
        root.put("game", snapshot.game());
        root.put("status", snapshot.status().wire());
        root.put("turn", WireWord.spelling(snapshot.turn()));
        root.set("board", strings(snapshot.board()));
        ArrayNode moves = root.putArray("moves");
        for (Snapshot.MoveEntry move : snapshot.moves()) {
            moves.add(tree(move));
        }
        root.put("lastMove", snapshot.lastMove());
        root.set("result", tree(snapshot.result()));
        ObjectNode players = root.putObject("players");
        players.set(Seat.X.wire(), tree(snapshot.players().x()));
        players.set(Seat.O.wire(), tree(snapshot.players().o()));
        root.put("spectators", snapshot.spectators());
        root.putObject("score")
                .put(Seat.X.wire(), snapshot.score().x())
                .put(Seat.O.wire(), snapshot.score().o())
                .put("draws", snapshot.score().draws());
        root.put("undoRequest", WireWord.spelling(snapshot.undoRequest()));
        root.set("rematch", words(snapshot.rematch()));
        root.set("clock", tree(snapshot.clock()));
        root.put("claimableAt", snapshot.claimableAt());
        return root;
    }

    /**
     * Writes the snapshot as one JSON object, the same bytes as writing {@link #toTree}'s tree,
     * without building it: for a document written whole, such as a checkpoint.
     */
    static void write(JsonGenerator json, Snapshot snapshot) throws IOException {
        json.writeStartObject();
        json.writeNumberField("version", snapshot.version());
        json.writeStringField("room", snapshot.room());
        field(json, "settings", snapshot.settings());
        json.writeNumberField("game", snapshot.game());
        json.writeStringField("status", snapshot.status().wire());
        json.writeStringField("turn", WireWord.spelling(snapshot.turn()));
        field(json, "board", snapshot.board());
        field(json, "moves", snapshot.moves());
        field(json, "lastMove", snapshot.lastMove());
        field(json, "result", snapshot.result());
        json.writeObjectFieldStart("players");
        field(json, Seat.X.wire(), snapshot.players().x());
        field(json, Seat.O.wire(), snapshot.players().o());
        json.writeEndObject();
        json.writeNumberField("spectators", snapshot.spectators());
        json.writeObjectFieldStart("score");
        json.writeNumberField(Seat.X.wire(), snapshot.score().x());
        json.writeNumberField(Seat.O.wire(), snapshot.score().o());
        json.writeNumberField("draws", snapshot.score().draws());
        json.writeEndObject();
        json.writeStringField("undoRequest", WireWord.spelling(snapshot.undoRequest()));
        field(json, "rematch", snapshot.rematch());
        field(json, "clock", snapshot.clock());
        field(json, "claimableAt", snapshot.claimableAt());
        json.writeEndObject();
    }

    private static void field(JsonGenerator json, String name, Object value) throws IOException {
        json.writeFieldName(name);
        DiffWriter.writeValue(json, value);
    }

    static ObjectNode tree(Snapshot.Settings settings) {
        return NODES.objectNode()
                .put("size", settings.size())
                .put("winLength", settings.winLength())
                .put("first", settings.first().wire())
                .put("earlyDraw", settings.earlyDraw())
                .put("spectators", settings.spectators())
                .put("clock", settings.clock());
    }

    static JsonNode tree(Snapshot.Clock clock) {
        if (clock == null) {
            return NODES.nullNode();
        }
        return NODES.objectNode()
                .put("control", clock.control())
                .put(Seat.X.wire(), clock.x())
                .put(Seat.O.wire(), clock.o())
                .put("running", WireWord.spelling(clock.running()))
                .put("turnStartedAt", clock.turnStartedAt())
                .put("deadlineAt", clock.deadlineAt())
                .put("flagged", WireWord.spelling(clock.flagged()));
    }

    static ObjectNode tree(Snapshot.MoveEntry move) {
        return NODES.objectNode()
                .put("seat", move.seat().wire())
                .put("cell", move.cell())
                .put("id", move.id());
    }

    static JsonNode tree(Snapshot.Result result) {
        if (result == null) {
            return NODES.nullNode();
        }
        ObjectNode r =
                NODES.objectNode()
                        .put("winner", WireWord.spelling(result.winner()))
                        .put("reason", result.reason().wire());
        ArrayNode line = r.putArray("line");
        result.line().forEach(line::add);
        return r;
    }

    static JsonNode tree(Snapshot.Player player) {
        if (player == null) {
            return NODES.nullNode();
        }
        return NODES.objectNode()
                .put("name", player.name())
                .put("kind", player.kind().wire())
                .put("level", WireWord.spelling(player.level()))
                .put("connected", player.connected())
                .put("graceUntil", player.graceUntil());
    }

    static ArrayNode words(List<? extends WireWord> words) {
        ArrayNode array = NODES.arrayNode(words.size());
        words.forEach(word -> array.add(word.wire()));
        return array;
    }

    static ArrayNode strings(List<String> strings) {
        ArrayNode array = NODES.arrayNode(strings.size());
        strings.forEach(array::add);
        return array;
    }
}
