package dev.tictactoe.bench.load;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.tictactoe.protocol.MessageCodec;

/** Small helpers for the JSON results: unknown numbers are written as null. */
final class Json {

    private Json() {}

    static ObjectNode object() {
        return MessageCodec.mapper().createObjectNode();
    }

    static void put(ObjectNode node, String field, double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            node.putNull(field);
        } else {
            node.put(field, Math.round(value * 1000) / 1000.0);
        }
    }

    static double number(JsonNode node, String field) {
        JsonNode v = node.path(field);
        return v.isNumber() ? v.asDouble() : Double.NaN;
    }

    static String pretty(JsonNode node) {
        try {
            return MessageCodec.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
