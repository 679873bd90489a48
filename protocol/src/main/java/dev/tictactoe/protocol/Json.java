package dev.tictactoe.protocol;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;

import java.util.regex.Pattern;

/**
 * The one strict Jackson mapper both directions share, and the reading rules they have in common.
 */
final class Json {
    static final ObjectMapper MAPPER =
            JsonMapper.builder()
                    .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                    .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                    .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                    .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                    .disable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
                    .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
                    .build();

    static {
        // Messages are at most 64 KiB; a deep nesting limit stops pathological input early.
        MAPPER.getFactory()
                .setStreamReadConstraints(
                        StreamReadConstraints.builder()
                                .maxNestingDepth(64)
                                .maxStringLength(Protocol.MAX_FRAME_BYTES)
                                .maxNumberLength(64)
                                .build());
        // The names of messages and events come from their tables, spelled there once.
        MAPPER.registerSubtypes(MessageType.namedTypes());
        MAPPER.registerSubtypes(EventKind.namedTypes());
    }

    private static final ObjectReader TREE_READER = MAPPER.reader();

    /** {@code ", from `StreamReadConstraints.getMaxNestingDepth()`)"} in a limit's refusal. */
    private static final Pattern LIMIT_SOURCE = Pattern.compile(", from `[^`]*`\\)");

    /** {@code " (start marker at [Source: ...; line: 1, column: 7])"} in an end-of-input one. */
    private static final Pattern START_MARKER =
            Pattern.compile(" \\(start marker at \\[Source: .*; line: \\d+, column: (\\d+)\\]\\)");

    private Json() {}

    /** Parses JSON text into a tree, strictly: one value, no trailing tokens, no duplicate keys. */
    static JsonNode parse(String json) {
        JsonNode node;
        try {
            node = TREE_READER.readTree(json);
        } catch (JsonProcessingException e) {
            var where = e.getLocation();
            String at = where == null ? "" : " at column " + where.getColumnNr();
            throw new ProtocolException(
                    ErrorCode.BAD_MESSAGE, "malformed JSON" + at + ": " + reason(e));
        }
        if (node == null || node.isMissingNode()) {
            throw new ProtocolException(ErrorCode.BAD_MESSAGE, "empty message");
        }
        return node;
    }

    /**
     * What the parser found wrong, in the parser's words less its own names: the setting or type
     * behind a refusal, and where the object or array left open began (the column is given).
     */
    private static String reason(JsonProcessingException e) {
        String said = e.getOriginalMessage();
        if (said.startsWith("Trailing token")) {
            return "more follows the message's JSON value";
        }
        said = LIMIT_SOURCE.matcher(said).replaceAll(")");
        return START_MARKER.matcher(said).replaceAll(" (opened at column $1)");
    }

    /** The {@code type} of a message object, which must be a string. */
    static String typeOf(JsonNode root) {
        if (!root.isObject()) {
            throw new ProtocolException(
                    ErrorCode.BAD_MESSAGE, "expected a JSON object, got " + Fields.show(root));
        }
        JsonNode type = root.get("type");
        if (type == null) {
            throw new ProtocolException(ErrorCode.BAD_MESSAGE, "missing field \"type\"");
        }
        return Fields.asString(type, "type");
    }

    /** Whether {@code text} is as long as a move id may be: 1 to 64 characters. */
    static boolean isMoveIdLength(String text) {
        return !text.isEmpty() && text.length() <= Protocol.MAX_MOVE_ID_LENGTH;
    }

    static ProtocolException unknownType(String type) {
        return new ProtocolException(
                ErrorCode.BAD_MESSAGE, "unknown message type " + Fields.show(type));
    }

    /** A move id: 1 to {@link Protocol#MAX_MOVE_ID_LENGTH} characters, in moves and acks alike. */
    static String moveId(Fields f, String field) {
        String id = f.string(field);
        if (!isMoveIdLength(id)) {
            throw Fields.bad(
                    f.at(field),
                    "expected 1.."
                            + Protocol.MAX_MOVE_ID_LENGTH
                            + " characters, got "
                            + id.length());
        }
        return id;
    }
}
