package dev.tictactoe.protocol;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.OptBoolean;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import com.fasterxml.jackson.databind.introspect.AnnotatedConstructor;
import com.fasterxml.jackson.databind.introspect.AnnotatedMember;
import com.fasterxml.jackson.databind.introspect.AnnotatedParameter;
import com.fasterxml.jackson.databind.introspect.JacksonAnnotationIntrospector;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.jsontype.NamedType;

import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/** The one strict Jackson mapper both directions share, and how its refusals read. */
final class Json {
    /** The {@code type} of a message, the {@code kind} of an event: its record, less "Message". */
    static final ClassValue<String> TYPE_NAMES =
            new ClassValue<>() {
                @Override
                protected String computeValue(Class<?> type) {
                    String name = type.getSimpleName().replaceFirst("(.)Message$", "$1");
                    return name.replaceAll("(.)(\\p{Lu})", "$1_$2").toLowerCase(Locale.ROOT);
                }
            };

    static final ObjectMapper MAPPER =
            JsonMapper.builder()
                    .annotationIntrospector(new RequiredByDefault())
                    .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                    .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                    .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
                    .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                    .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                    .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                    .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                    .disable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
                    .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
                    // A value of one JSON type is never taken for another ("4" for 4, 1 for true).
                    .withCoercionConfigDefaults(
                            c -> {
                                for (CoercionInputShape shape : CoercionInputShape.values()) {
                                    c.setCoercion(shape, CoercionAction.Fail);
                                }
                            })
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
        for (Class<?> root : List.of(ClientMessage.class, ServerMessage.class, Event.class)) {
            for (Class<?> type : root.getPermittedSubclasses()) {
                MAPPER.registerSubtypes(new NamedType(type, TYPE_NAMES.get(type)));
            }
        }
    }

    private static final ObjectReader TREE_READER = MAPPER.reader();
    private static final int MAX_SHOWN = 40;

    // Jackson's own names in a limit's refusal, and where an open value began in another.
    private static final Pattern LIMIT_SOURCE = Pattern.compile(", from `[^`]*`\\)");

    private static final Pattern START_MARKER =
            Pattern.compile(" \\(start marker at \\[Source: .*; line: \\d+, column: (\\d+)\\]\\)");

    private Json() {}

    /** A protocol record's components are required unless marked {@code isRequired = FALSE}. */
    private static final class RequiredByDefault extends JacksonAnnotationIntrospector {
        private static final String PROTOCOL = Json.class.getPackageName();

        @Override
        public Boolean hasRequiredMarker(AnnotatedMember m) {
            if (m instanceof AnnotatedParameter p
                    && p.getOwner() instanceof AnnotatedConstructor
                    && p.getDeclaringClass().isRecord()
                    && p.getDeclaringClass().getPackageName().equals(PROTOCOL)) {
                JsonProperty property = _findAnnotation(m, JsonProperty.class);
                return property == null || property.isRequired() != OptBoolean.FALSE;
            }
            return super.hasRequiredMarker(m);
        }
    }

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

    /** Reads a message; a refusal names the JSON, else the type, else the field at fault. */
    static <T> T message(ObjectReader reader, Class<T> type, String json) {
        try {
            T message = type.cast(reader.readValue(json));
            if (message != null) { // else the JSON null
                return message;
            }
        } catch (JsonProcessingException e) {
            // Refused: read from the tree, which names what is wrong the same way.
        }
        return message(reader, type, parse(json));
    }

    static <T> T message(ObjectReader reader, Class<T> type, JsonNode root) {
        T message;
        try {
            message = type.cast(reader.readValue(root));
        } catch (IOException e) {
            throw messageRefusal(e, root);
        }
        if (message == null) {
            throw messageRefusal(null, root);
        }
        return message;
    }

    private static ProtocolException messageRefusal(@Nullable IOException e, JsonNode root) {
        if (!root.isObject()) {
            return new ProtocolException(
                    ErrorCode.BAD_MESSAGE, "expected a JSON object, got " + show(root));
        }
        JsonNode type = root.get("type");
        if (type == null) {
            return new ProtocolException(ErrorCode.BAD_MESSAGE, "missing field \"type\"");
        }
        if (!type.isTextual()) {
            return bad("type", "expected a string, got " + show(type));
        }
        if (e == null
                || e instanceof InvalidTypeIdException unknown && unknown.getPath().isEmpty()) {
            return new ProtocolException(
                    ErrorCode.BAD_MESSAGE, "unknown message type " + show(type.textValue()));
        }
        return BindingRefusal.of(e, root, type.textValue());
    }

    /** Reads a document that is not a message; refusals name fields from {@code name}. */
    static <T> T document(ObjectReader reader, Class<T> type, JsonNode root, String name) {
        T document;
        try {
            document = type.cast(reader.readValue(root));
        } catch (IOException e) {
            throw BindingRefusal.of(e, root, name);
        }
        if (document == null) {
            throw bad(name, "expected an object, got " + show(root));
        }
        return document;
    }

    /** What the parser found wrong, in its words less its own names. */
    private static String reason(JsonProcessingException e) {
        String said = e.getOriginalMessage();
        if (said.startsWith("Trailing token")) {
            return "more follows the message's JSON value";
        }
        said = LIMIT_SOURCE.matcher(said).replaceAll(")");
        return START_MARKER.matcher(said).replaceAll(" (opened at column $1)");
    }

    // The checks records make of their own fields, each refusal naming the field.

    static boolean isMoveIdLength(String text) {
        return !text.isEmpty() && text.length() <= Protocol.MAX_MOVE_ID_LENGTH;
    }

    static void moveId(String field, String id) {
        present(field, id, "a string");
        if (!isMoveIdLength(id)) {
            String expected = "expected 1.." + Protocol.MAX_MOVE_ID_LENGTH + " characters, got ";
            throw bad(field, expected + id.length());
        }
    }

    static void present(String field, @Nullable Object value, String expected) {
        if (value == null) {
            throw bad(field, "expected " + expected + ", got null");
        }
    }

    /** {@code value} is {@code min..max}; a field bounded only by its type says ">= min". */
    static void range(String field, long value, long min, long max) {
        if (value < min || value > max) {
            boolean open = max == Long.MAX_VALUE || max == Integer.MAX_VALUE;
            String range = open && value < min ? ">= " + min : min + ".." + max;
            throw bad(field, "expected an integer " + range + ", got " + value);
        }
    }

    static void range(String field, @Nullable Number value, long min, long max) {
        if (value != null) {
            range(field, value.longValue(), min, max);
        }
    }

    static void ranges(String field, List<Integer> values, long min, long max) {
        for (int i = 0; i < values.size(); i++) {
            range(field + "[" + i + "]", values.get(i), min, max);
        }
    }

    static ProtocolException bad(String path, String problem) {
        return new ProtocolException(ErrorCode.BAD_MESSAGE, path + ": " + problem);
    }

    /** How a value is shown in an error: JSON for scalars (shortened), a word for containers. */
    static String show(@Nullable JsonNode v) {
        if (v == null || v.isMissingNode()) {
            return "nothing";
        }
        return switch (v.getNodeType()) {
            case OBJECT -> "an object";
            case ARRAY -> "an array";
            case STRING -> show(v.textValue());
            default -> shorten(v.toString());
        };
    }

    static String show(String s) {
        StringBuilder sb = new StringBuilder("\"");
        String shown = shorten(s);
        for (int i = 0; i < shown.length(); i++) {
            char c = shown.charAt(i);
            if (c == '"' || c == '\\') {
                sb.append('\\').append(c);
            } else if (c < 0x20) {
                sb.append(String.format("\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        return sb.append('"').toString();
    }

    private static String shorten(String s) {
        return s.length() <= MAX_SHOWN ? s : s.substring(0, MAX_SHOWN) + "...";
    }
}
