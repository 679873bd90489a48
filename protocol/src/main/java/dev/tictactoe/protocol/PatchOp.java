package dev.tictactoe.protocol;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.OptBoolean;
import com.fasterxml.jackson.databind.JsonNode;

import org.jspecify.annotations.Nullable;

/** One RFC 6902 operation; a JSON null value is a {@code NullNode}, none is Java null. */
@JsonPropertyOrder({"op", "from", "path", "value"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PatchOp(
        Op op,
        String path,
        @JsonProperty(isRequired = OptBoolean.FALSE) @Nullable JsonNode value,
        @JsonProperty(isRequired = OptBoolean.FALSE) @Nullable String from) {

    /** An operation has a value, a source or neither, as RFC 6902 says for its kind. */
    public PatchOp {
        boolean valued = op == Op.ADD || op == Op.REPLACE || op == Op.TEST;
        boolean sourced = op == Op.MOVE || op == Op.COPY;
        if (valued != (value != null)) {
            throw Json.bad("value", valued ? "missing required field" : "unknown field");
        }
        if (sourced != (from != null)) {
            throw Json.bad("from", sourced ? "missing required field" : "unknown field");
        }
    }

    public enum Op implements WireWord {
        ADD,
        REMOVE,
        REPLACE,
        MOVE,
        COPY,
        TEST
    }
}
