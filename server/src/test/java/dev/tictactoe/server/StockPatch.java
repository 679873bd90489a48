package dev.tictactoe.server;

import com.fasterxml.jackson.databind.JsonNode;

import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.PatchOp;

import java.util.List;

/**
 * Applies diffs with zjsonpatch, an RFC 6902 implementation written apart from the server's diffs,
 * so the invariant tests hold them to what any client's stock library does with them.
 */
public final class StockPatch {

    private StockPatch() {}

    /** {@code doc} with the operations {@code ops} (a JSON array) applied; a copy. */
    public static JsonNode apply(JsonNode doc, JsonNode ops) {
        return com.flipkart.zjsonpatch.JsonPatch.apply(ops, doc);
    }

    /** {@code doc} with {@code ops} applied, as their JSON on the wire says; a copy. */
    public static JsonNode apply(JsonNode doc, List<PatchOp> ops) {
        return apply(doc, MessageCodec.mapper().valueToTree(ops));
    }
}
