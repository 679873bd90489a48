package dev.tictactoe.protocol;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * One RFC 6902 operation. {@code value} is Java null when the operation has none (remove, move,
 * copy); a JSON null value is a {@code NullNode}. {@code from} is set only for move and copy.
 */
@JsonPropertyOrder({"op", "from", "path", "value"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PatchOp(String op, String path, JsonNode value, String from) {

  public PatchOp(String op, String path, JsonNode value) {
    this(op, path, value, null);
  }

  public static PatchOp add(String path, JsonNode value) {
    return new PatchOp("add", path, value);
  }

  public static PatchOp remove(String path) {
    return new PatchOp("remove", path, null);
  }

  public static PatchOp replace(String path, JsonNode value) {
    return new PatchOp("replace", path, value);
  }

  public static PatchOp test(String path, JsonNode value) {
    return new PatchOp("test", path, value);
  }

  public static PatchOp move(String from, String path) {
    return new PatchOp("move", path, null, from);
  }

  public static PatchOp copy(String from, String path) {
    return new PatchOp("copy", path, null, from);
  }
}
