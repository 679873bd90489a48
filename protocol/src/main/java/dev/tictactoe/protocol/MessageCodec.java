package dev.tictactoe.protocol;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Turns messages into JSON and back; the one entry point of the wire format. Every message is its
 * record, written and read by Jackson's data binding, strictly (see {@link Json}); a diff, the
 * message a server sends most, is written by {@link DiffWriter} without binding. Every refusal
 * names the exact field at fault, e.g. {@code move.cell: expected an integer, got "a1"}.
 */
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

    /** The wire name of a message's type, e.g. "move" or "undo_reply". */
    public static String typeName(ClientMessage message) {
        return MessageType.of(message).wire();
    }

    /** The wire name of a message's type, e.g. "welcome" or "diff". */
    public static String typeName(ServerMessage message) {
        return MessageType.of(message).wire();
    }

    // ---- client to server

    public static String encode(ClientMessage message) {
        return text(CLIENT_WRITER, message);
    }

    public static byte[] encodeToBytes(ClientMessage message) {
        return bytes(CLIENT_WRITER, message);
    }

    /**
     * Decodes a message sent by a client. A refusal names what it refused, for the error's {@code
     * ref}: see {@link ProtocolException#ref()}.
     */
    public static ClientMessage decodeClient(String json) {
        try {
            return Json.message(CLIENT_READER, ClientMessage.class, json, MessageType::client);
        } catch (ProtocolException e) {
            throw e.withRef(refOf(json));
        }
    }

    /** Decodes a client message from a parsed tree. */
    public static ClientMessage decodeClient(JsonNode root) {
        return Json.message(CLIENT_READER, ClientMessage.class, root, MessageType::client);
    }

    /**
     * What an unreadable message was, as far as it can be read: its string id, else its string
     * type, either only if it is 1 to {@link Protocol#MAX_MOVE_ID_LENGTH} characters long: an error
     * never echoes a client's oversized string back.
     */
    private static @Nullable String refOf(String json) {
        JsonNode root;
        try {
            root = Json.parse(json);
        } catch (ProtocolException notJson) {
            return null;
        }
        for (String field : new String[] {"id", "type"}) {
            JsonNode v = root.get(field);
            if (v != null && v.isTextual() && FieldChecks.isMoveIdLength(v.textValue())) {
                return v.textValue();
            }
        }
        return null;
    }

    /** Encodes the body of {@code POST /api/rooms}. */
    public static String encode(NewRoom room) {
        return text(Json.MAPPER.writer(), room);
    }

    /**
     * Decodes the body of {@code POST /api/rooms}; omitted fields take their defaults. Malformed
     * JSON is {@code bad_message}; everything else wrong is {@code invalid_settings}.
     */
    public static NewRoom decodeNewRoom(String json) {
        JsonNode root = Json.parse(json);
        try {
            return Json.document(NEW_ROOM_READER, NewRoom.class, root, "settings");
        } catch (ProtocolException e) {
            throw new ProtocolException(ErrorCode.INVALID_SETTINGS, e.getMessage());
        }
    }

    // ---- server to client

    public static String encode(ServerMessage message) {
        return new String(encodeToBytes(message), StandardCharsets.UTF_8);
    }

    /**
     * The diff message to {@code version} that patches {@code from} into {@code to}, in UTF-8: the
     * bytes of encoding a {@link ServerMessage.Diff} of {@link SnapshotDiff#diff}, written without
     * building its operations.
     */
    public static byte[] encodeDiff(
            long version, Snapshot from, Snapshot to, @Nullable Event event) {
        return DiffWriter.write(Json.MAPPER.getFactory(), version, from, to, event);
    }

    /**
     * {@link #encodeDiff(long, Snapshot, Snapshot, Event)} into {@code into}, without a copy of its
     * own: the bytes handed over are valid only during that call.
     */
    public static void encodeDiff(
            long version, Snapshot from, Snapshot to, @Nullable Event event, EncodedSink into) {
        DiffWriter.write(Json.MAPPER.getFactory(), version, from, to, event, into);
    }

    /** Takes an encoded message: the first {@code length} bytes of {@code bytes}. */
    @FunctionalInterface
    public interface EncodedSink {
        void accept(byte[] bytes, int length);
    }

    /** UTF-8 JSON, so a broadcast is encoded once and the same bytes written to every member. */
    public static byte[] encodeToBytes(ServerMessage message) {
        if (message instanceof ServerMessage.Diff diff) {
            return DiffWriter.write(Json.MAPPER.getFactory(), diff);
        }
        return bytes(SERVER_WRITER, message);
    }

    /** Decodes a message sent by the server. */
    public static ServerMessage decodeServer(String json) {
        return Json.message(SERVER_READER, ServerMessage.class, json, MessageType::server);
    }

    /** Decodes a server message from a parsed tree. */
    public static ServerMessage decodeServer(JsonNode root) {
        return Json.message(SERVER_READER, ServerMessage.class, root, MessageType::server);
    }

    /** The snapshot as a JSON tree, the document diffs are computed on. */
    public static ObjectNode toTree(Snapshot snapshot) {
        return Json.MAPPER.valueToTree(snapshot);
    }

    /** Writes the snapshot document into {@code json}: the bytes of {@link #toTree}'s tree. */
    public static void writeSnapshot(JsonGenerator json, Snapshot snapshot) throws IOException {
        Json.MAPPER.writeValue(json, snapshot);
    }

    /**
     * Reads a snapshot document, as sent in welcome and snapshot messages or rebuilt by a client.
     */
    public static Snapshot fromTree(JsonNode tree) {
        return Json.document(SNAPSHOT_READER, Snapshot.class, tree, "snapshot");
    }

    private static String text(ObjectWriter writer, Object value) {
        try {
            return writer.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode " + value, e);
        }
    }

    private static byte[] bytes(ObjectWriter writer, Object value) {
        try {
            return writer.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode " + value, e);
        }
    }
}
