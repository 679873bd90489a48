package dev.tictactoe.protocol;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;

/**
 * Applies patches with zjsonpatch, an RFC 6902 implementation written apart from {@link JsonPatch}.
 */
final class StockPatch {

    private StockPatch() {}

    /** {@code doc} with {@code ops} applied, as the operations' JSON on the wire says; a copy. */
    static JsonNode apply(JsonNode doc, List<PatchOp> ops) {
        return com.flipkart.zjsonpatch.JsonPatch.apply(MessageCodec.mapper().valueToTree(ops), doc);
    }
}
