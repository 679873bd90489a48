package dev.tictactoe.server.admin;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;

import dev.tictactoe.server.net.HttpReplies;

import org.jspecify.annotations.Nullable;

import java.nio.charset.StandardCharsets;

/** An operator's reason, from a body {@code {"reason": "..."}}, for close frames and the log. */
sealed interface Reason {

    /** UTF-8 bytes: what a close frame holds after its code (RFC 6455, 5.5). */
    int MAX_BYTES = 123;

    ObjectReader JSON =
            HttpReplies.JSON.reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    record Given(String text) implements Reason {}

    record Bad(String message) implements Reason {}

    /** An empty body gives {@code fallback}, or is refused when that is null. */
    static Reason read(String body, @Nullable String fallback) {
        if (body.isBlank()) {
            return fallback != null
                    ? new Given(fallback)
                    : new Bad("a body {\"reason\": \"...\"} is required");
        }
        JsonNode tree;
        try {
            tree = JSON.readTree(body);
        } catch (JsonProcessingException e) {
            return new Bad("the body is not JSON");
        }
        if (tree == null || !tree.isObject()) {
            return new Bad("the body must be a JSON object {\"reason\": \"...\"}");
        }
        for (var field : tree.properties()) {
            if (!field.getKey().equals("reason")) {
                String name = HttpReplies.abbreviate(field.getKey());
                return new Bad("unknown field '" + name + "'; only reason");
            }
        }
        JsonNode reason = tree.get("reason");
        if (reason == null || reason.isNull()) {
            return fallback != null ? new Given(fallback) : new Bad("reason is required");
        }
        if (!reason.isTextual()) {
            return new Bad("reason must be a string");
        }
        String text = reason.textValue().strip();
        if (text.isEmpty()) {
            return new Bad("reason must not be blank");
        }
        if (text.codePoints().anyMatch(Character::isISOControl)) {
            return new Bad("reason must not hold control characters");
        }
        int bytes = text.getBytes(StandardCharsets.UTF_8).length;
        if (bytes > MAX_BYTES) {
            return new Bad("reason is " + bytes + " bytes in UTF-8, at most " + MAX_BYTES + " fit");
        }
        return new Given(text);
    }
}
