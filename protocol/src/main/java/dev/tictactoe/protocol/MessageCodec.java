package dev.tictactoe.protocol;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;

/**
 * Turns messages into JSON and back; the one entry point of the wire format. The work is done by
 * direction: {@link ClientReader} and {@link ClientWriter} for what clients send, {@link
 * ServerReader} and {@link ServerWriter} for what the server sends. Decoding is strict and every
 * error names the exact field at fault, e.g. {@code move.cell: expected an integer, got "a1"}.
 */
public final class MessageCodec {

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
        return ClientWriter.encode(message);
    }

    public static byte[] encodeToBytes(ClientMessage message) {
        return ClientWriter.encodeToBytes(message);
    }

    /** Decodes a message sent by a client; plain moves are read without a JSON parser. */
    public static ClientMessage decodeClient(String json) {
        return ClientReader.decode(json);
    }

    /** Decodes a client message from a parsed tree. */
    public static ClientMessage decodeClient(JsonNode root) {
        return ClientReader.decode(root);
    }

    /** Encodes the body of {@code POST /api/rooms}. */
    public static String encode(NewRoom room) {
        return ClientWriter.encode(room);
    }

    /**
     * Decodes the body of {@code POST /api/rooms}; omitted fields take their defaults. Malformed
     * JSON is {@code bad_message}; everything else wrong is {@code invalid_settings}.
     */
    public static NewRoom decodeNewRoom(String json) {
        return ClientReader.decodeNewRoom(json);
    }

    // ---- server to client

    public static String encode(ServerMessage message) {
        return ServerWriter.encode(message);
    }

    /**
     * The diff message to {@code version} that patches {@code from} into {@code to}, in UTF-8: the
     * bytes of encoding a {@link ServerMessage.Diff} of {@link SnapshotDiff#diff}, written without
     * building its operations.
     */
    public static byte[] encodeDiff(long version, Snapshot from, Snapshot to, Event event) {
        return DiffWriter.write(Json.MAPPER.getFactory(), version, from, to, event);
    }

    /**
     * {@link #encodeDiff(long, Snapshot, Snapshot, Event)} into {@code into}, without a copy of its
     * own: the bytes handed over are valid only during that call.
     */
    public static void encodeDiff(
            long version, Snapshot from, Snapshot to, Event event, EncodedSink into) {
        DiffWriter.write(Json.MAPPER.getFactory(), version, from, to, event, into);
    }

    /** Takes an encoded message: the first {@code length} bytes of {@code bytes}. */
    @FunctionalInterface
    public interface EncodedSink {
        void accept(byte[] bytes, int length);
    }

    /** UTF-8 JSON, so a broadcast is encoded once and the same bytes written to every member. */
    public static byte[] encodeToBytes(ServerMessage message) {
        return ServerWriter.encodeToBytes(message);
    }

    /** Decodes a message sent by the server. */
    public static ServerMessage decodeServer(String json) {
        return ServerReader.decode(json);
    }

    /** Decodes a server message from a parsed tree. */
    public static ServerMessage decodeServer(JsonNode root) {
        return ServerReader.decode(root);
    }

    /**
     * The snapshot as a JSON tree, the document diffs are computed on. Built by hand rather than
     * through data binding because the server builds one for every change of every room.
     */
    public static ObjectNode toTree(Snapshot snapshot) {
        return ServerWriter.toTree(snapshot);
    }

    /** Writes the snapshot document into {@code json}: the bytes of {@link #toTree}'s tree. */
    public static void writeSnapshot(JsonGenerator json, Snapshot snapshot) throws IOException {
        ServerWriter.write(json, snapshot);
    }

    /**
     * Reads a snapshot document, as sent in welcome and snapshot messages or rebuilt by a client.
     */
    public static Snapshot fromTree(JsonNode tree) {
        return ServerReader.fromTree(tree);
    }
}
