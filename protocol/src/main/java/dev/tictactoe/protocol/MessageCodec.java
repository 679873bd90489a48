package dev.tictactoe.protocol;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.jspecify.annotations.Nullable;

import java.nio.charset.StandardCharsets;
import java.util.function.ObjIntConsumer;

/** Messages to JSON and back, strictly; a refusal names the field: {@code move.cell: ...}. */
public final class MessageCodec {

    private static final ObjectWriter CLIENT_WRITER = Json.MAPPER.writerFor(ClientMessage.class);
    private static final ObjectWriter SERVER_WRITER = Json.MAPPER.writerFor(ServerMessage.class);
    private static final ObjectReader CLIENT_READER = Json.MAPPER.readerFor(ClientMessage.class);
    private static final ObjectReader SERVER_READER = Json.MAPPER.readerFor(ServerMessage.class);
    private static final ObjectReader NEW_ROOM_READER = Json.MAPPER.readerFor(NewRoom.class);
    private static final ObjectReader SNAPSHOT_READER = Json.MAPPER.readerFor(Snapshot.class);

    private MessageCodec() {}

    /** The shared, pre-configured mapper; do not reconfigure it. */
    public static ObjectMapper mapper() {
        return Json.MAPPER;
    }

    /** Parses JSON text into a tree, strictly: one value, no trailing tokens, no duplicate keys. */
    public static JsonNode parse(String json) {
        return Json.parse(json);
    }

    /** The {@code type} of a message record on the wire, the {@code kind} of an event record. */
    public static String typeName(Class<?> record) {
        return Json.TYPE_NAMES.get(record);
    }

    public static String encode(ClientMessage message) {
        return new String(bytes(CLIENT_WRITER, message), StandardCharsets.UTF_8);
    }

    /** Decodes a client's message; a refusal carries its {@link ProtocolException#ref()}. */
    public static ClientMessage decodeClient(String json) {
        try {
            return Json.message(CLIENT_READER, ClientMessage.class, json);
        } catch (ProtocolException e) {
            throw e.withRef(refOf(json));
        }
    }

    public static ClientMessage decodeClient(JsonNode root) {
        return Json.message(CLIENT_READER, ClientMessage.class, root);
    }

    /** A refused message's id, else its type, if short enough to echo back. */
    private static @Nullable String refOf(String json) {
        JsonNode root;
        try {
            root = Json.parse(json);
        } catch (ProtocolException notJson) {
            return null;
        }
        for (String field : new String[] {"id", "type"}) {
            JsonNode v = root.get(field);
            if (v != null && v.isTextual() && Json.isMoveIdLength(v.textValue())) {
                return v.textValue();
            }
        }
        return null;
    }

    public static String encode(NewRoom room) {
        return new String(bytes(Json.MAPPER.writer(), room), StandardCharsets.UTF_8);
    }

    /** {@code POST /api/rooms}: malformed JSON is bad_message, else invalid_settings. */
    public static NewRoom decodeNewRoom(String json) {
        JsonNode root = Json.parse(json);
        try {
            return Json.document(NEW_ROOM_READER, NewRoom.class, root, "settings");
        } catch (ProtocolException e) {
            throw new ProtocolException(ErrorCode.INVALID_SETTINGS, e.getMessage());
        }
    }

    public static String encode(ServerMessage message) {
        return new String(encodeToBytes(message), StandardCharsets.UTF_8);
    }

    /** The diff patching {@code from} into {@code to}, unbuilt: n bytes lent to {@code into}. */
    public static void encodeDiff(
            long version,
            Snapshot from,
            Snapshot to,
            @Nullable Event event,
            ObjIntConsumer<byte[]> into) {
        DiffWriter.Output out = DiffWriter.write(version, from, to, event);
        into.accept(out.buffer(), out.size());
    }

    /** UTF-8 JSON, so a broadcast is encoded once and the same bytes written to every member. */
    public static byte[] encodeToBytes(ServerMessage message) {
        return bytes(SERVER_WRITER, message);
    }

    public static ServerMessage decodeServer(String json) {
        return Json.message(SERVER_READER, ServerMessage.class, json);
    }

    /** The snapshot as a JSON tree, the document diffs are computed on. */
    public static ObjectNode toTree(Snapshot snapshot) {
        return Json.MAPPER.valueToTree(snapshot);
    }

    /** Reads a snapshot document. */
    public static Snapshot fromTree(JsonNode tree) {
        return Json.document(SNAPSHOT_READER, Snapshot.class, tree, "snapshot");
    }

    private static byte[] bytes(ObjectWriter writer, Object value) {
        try {
            return writer.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode " + value, e);
        }
    }
}
