package dev.tictactoe.client;

import com.fasterxml.jackson.databind.JsonNode;

import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.ProtocolException;

/**
 * Reads a server answer's fields strictly: a missing or mistyped one is refused, never defaulted.
 */
record StrictJson(String what) {

    String text(JsonNode node, String field) {
        return check(node, field, "text", JsonNode::isTextual).textValue();
    }

    long number(JsonNode node, String field) {
        return check(node, field, "integer", JsonNode::isIntegralNumber).longValue();
    }

    int integer(JsonNode node, String field) {
        return check(node, field, "integer", v -> v.isIntegralNumber() && v.canConvertToInt())
                .intValue();
    }

    boolean bool(JsonNode node, String field) {
        return check(node, field, "boolean", JsonNode::isBoolean).booleanValue();
    }

    JsonNode object(JsonNode node, String field) {
        return check(node, field, "object", JsonNode::isObject);
    }

    JsonNode array(JsonNode node, String field) {
        return check(node, field, "array", JsonNode::isArray);
    }

    private JsonNode check(
            JsonNode node, String field, String kind, java.util.function.Predicate<JsonNode> ok) {
        JsonNode value = node.path(field);
        if (!ok.test(value)) {
            throw bad("no " + kind + " \"" + field + "\"", node);
        }
        return value;
    }

    /** A {@code bad_message} refusal saying {@code problem} in {@code node}, cut to 200 chars. */
    ProtocolException bad(String problem, JsonNode node) {
        String text = node.toString();
        return new ProtocolException(
                ErrorCode.BAD_MESSAGE,
                what
                        + ": "
                        + problem
                        + " in "
                        + (text.length() > 200 ? text.substring(0, 200) + "..." : text));
    }
}
