package dev.tictactoe.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeType;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Function;

/**
 * A strict reader over one JSON object: every getter names the field's path in its error, and
 * {@link #end()} rejects the fields no getter asked for.
 */
final class Fields {
    private static final int MAX_SHOWN = 40;

    private final JsonNode node;
    private final String path;
    private final List<String> read = new ArrayList<>(8);
    private int readPresent;

    private Fields(JsonNode node, String path) {
        this.node = node;
        this.path = path;
    }

    /** A reader over {@code node}, which must be an object. */
    static Fields of(JsonNode node, String path) {
        if (node == null || !node.isObject()) {
            throw bad(path, "expected an object, got " + show(node));
        }
        return new Fields(node, path);
    }

    String path() {
        return path;
    }

    String at(String field) {
        return path + "." + field;
    }

    /** A required field, present and not null. */
    JsonNode required(String field) {
        JsonNode v = lookup(field);
        if (v == null) {
            throw bad(at(field), "missing required field");
        }
        return v;
    }

    /** A field that must be present but may be null; returns null for JSON null. */
    JsonNode present(String field) {
        JsonNode v = required(field);
        return v.isNull() ? null : v;
    }

    /** A field that may be missing or null; returns null in both cases. */
    JsonNode optional(String field) {
        JsonNode v = lookup(field);
        return v == null || v.isNull() ? null : v;
    }

    private JsonNode lookup(String field) {
        read.add(field);
        JsonNode v = node.get(field);
        if (v != null) {
            readPresent++;
        }
        return v;
    }

    String string(String field) {
        return asString(required(field), at(field));
    }

    String nullableString(String field) {
        JsonNode v = present(field);
        return v == null ? null : asString(v, at(field));
    }

    String optionalString(String field) {
        JsonNode v = optional(field);
        return v == null ? null : asString(v, at(field));
    }

    int integer(String field, int min, int max) {
        return asInt(required(field), at(field), min, max);
    }

    Integer nullableInteger(String field, int min, int max) {
        JsonNode v = present(field);
        return v == null ? null : asInt(v, at(field), min, max);
    }

    long longValue(String field, long min) {
        return asLong(required(field), at(field), min);
    }

    long longValue(String field, long min, long max) {
        return asLong(required(field), at(field), min, max);
    }

    Long optionalLong(String field, long min) {
        return optionalLong(field, min, Long.MAX_VALUE);
    }

    Long optionalLong(String field, long min, long max) {
        JsonNode v = optional(field);
        return v == null ? null : asLong(v, at(field), min, max);
    }

    boolean bool(String field) {
        return asBoolean(required(field), at(field));
    }

    boolean optionalBool(String field, boolean absent) {
        JsonNode v = optional(field);
        return v == null ? absent : asBoolean(v, at(field));
    }

    /** A required string that must be one of {@code allowed}. */
    String oneOf(String field, List<String> allowed) {
        return checkOneOf(string(field), at(field), allowed);
    }

    /** A present, nullable string that, when not null, must be one of {@code allowed}. */
    String nullableOneOf(String field, List<String> allowed) {
        String s = nullableString(field);
        return s == null ? null : checkOneOf(s, at(field), allowed);
    }

    /** An optional string that, when given, must be one of {@code allowed}. */
    String optionalOneOf(String field, List<String> allowed) {
        String s = optionalString(field);
        return s == null ? null : checkOneOf(s, at(field), allowed);
    }

    /** A required string spelling one of {@code words}. */
    <W extends WireWord> W word(String field, W[] words) {
        return spelled(string(field), at(field), words);
    }

    /** A present, nullable string that, when not null, spells one of {@code words}. */
    <W extends WireWord> W nullableWord(String field, W[] words) {
        String s = nullableString(field);
        return s == null ? null : spelled(s, at(field), words);
    }

    /** An optional string that, when given, spells one of {@code words}. */
    <W extends WireWord> W optionalWord(String field, W[] words) {
        String s = optionalString(field);
        return s == null ? null : spelled(s, at(field), words);
    }

    static <W extends WireWord> W spelled(String s, String path, W[] words) {
        checkOneOf(s, path, WireWord.spellings(words));
        return WireWord.find(words, s);
    }

    Fields object(String field) {
        return Fields.of(required(field), at(field));
    }

    /** A required array whose elements {@code element} reads, given each element's path. */
    <T> List<T> array(String field, Function<Element, T> element) {
        return asArray(required(field), at(field), element);
    }

    /** Rejects every field no getter has asked for. */
    void end() {
        if (node.size() == readPresent) {
            return; // every field was read (getters are called once per field name)
        }
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String name = it.next();
            if (!read.contains(name)) {
                throw bad(at(name), "unknown field");
            }
        }
    }

    /** One array element and its path, for {@link #array}. */
    record Element(JsonNode node, String path) {
        Fields object() {
            return Fields.of(node, path);
        }

        String string() {
            return asString(node, path);
        }

        int integer(int min, int max) {
            return asInt(node, path, min, max);
        }

        <W extends WireWord> W word(W[] words) {
            return spelled(string(), path, words);
        }
    }

    static <T> List<T> asArray(JsonNode v, String path, Function<Element, T> element) {
        if (!v.isArray()) {
            throw bad(path, "expected an array, got " + show(v));
        }
        List<T> out = new ArrayList<>(v.size());
        for (int i = 0; i < v.size(); i++) {
            out.add(element.apply(new Element(v.get(i), path + "[" + i + "]")));
        }
        return out;
    }

    static String asString(JsonNode v, String path) {
        if (!v.isTextual()) {
            throw bad(path, "expected a string, got " + show(v));
        }
        return v.textValue();
    }

    static int asInt(JsonNode v, String path, int min, int max) {
        if (!v.isIntegralNumber()) {
            throw bad(path, "expected an integer, got " + show(v));
        }
        if (!v.canConvertToInt() || v.intValue() < min || v.intValue() > max) {
            throw outOfRange(path, v, min, max);
        }
        return v.intValue();
    }

    static long asLong(JsonNode v, String path, long min) {
        return asLong(v, path, min, Long.MAX_VALUE);
    }

    static long asLong(JsonNode v, String path, long min, long max) {
        if (!v.isIntegralNumber()) {
            throw bad(path, "expected an integer, got " + show(v));
        }
        if (!v.canConvertToLong() || v.longValue() < min || v.longValue() > max) {
            throw outOfRange(path, v, min, max);
        }
        return v.longValue();
    }

    static boolean asBoolean(JsonNode v, String path) {
        if (!v.isBoolean()) {
            throw bad(path, "expected true or false, got " + show(v));
        }
        return v.booleanValue();
    }

    static String checkOneOf(String s, String path, List<String> allowed) {
        if (!allowed.contains(s)) {
            throw bad(path, "expected one of " + String.join(", ", allowed) + ", got " + show(s));
        }
        return s;
    }

    private static ProtocolException outOfRange(String path, JsonNode v, long min, long max) {
        // A field bounded only by its type says so when the number is past that bound.
        boolean open = max == Long.MAX_VALUE || max == Integer.MAX_VALUE;
        boolean below = v.bigIntegerValue().compareTo(BigInteger.valueOf(min)) < 0;
        String range = open && below ? ">= " + min : min + ".." + max;
        return bad(path, "expected an integer " + range + ", got " + show(v));
    }

    static ProtocolException bad(String path, String problem) {
        return new ProtocolException(ErrorCode.BAD_MESSAGE, path + ": " + problem);
    }

    /** How a value is shown in an error: JSON for scalars (shortened), a word for containers. */
    static String show(JsonNode v) {
        if (v == null || v.isMissingNode()) {
            return "nothing";
        }
        if (v.getNodeType() == JsonNodeType.OBJECT) {
            return "an object";
        }
        if (v.isArray()) {
            return "an array";
        }
        if (v.isTextual()) {
            return show(v.textValue());
        }
        return shorten(v.toString());
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
