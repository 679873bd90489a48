package dev.tictactoe.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * The JSON Patch between two snapshots, computed field by field from the records instead of by
 * walking two JSON trees: a server diffs on every change of every room, so it keeps the last
 * snapshot as a compact record and never builds a tree for it. For the changes a room goes
 * through, the operations are the ones {@link JsonPatch#diff} gives for the two trees.
 */
public final class SnapshotDiff {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private SnapshotDiff() {}

  /** The operations that turn the tree of {@code from} into the tree of {@code to}. */
  public static List<PatchOp> diff(Snapshot from, Snapshot to) {
    List<PatchOp> ops = new ArrayList<>(8);
    if (from.version() != to.version()) {
      ops.add(PatchOp.replace("/version", NODES.numberNode(to.version())));
    }
    scalar(ops, "/room", from.room(), to.room());
    if (!from.settings().equals(to.settings())) {
      ops.add(PatchOp.replace("/settings", MessageCodec.tree(to.settings())));
    }
    if (from.game() != to.game()) {
      ops.add(PatchOp.replace("/game", NODES.numberNode(to.game())));
    }
    scalar(ops, "/status", from.status(), to.status());
    scalar(ops, "/turn", from.turn(), to.turn());
    list(ops, "/board", from.board(), to.board(), NODES::textNode);
    list(ops, "/moves", from.moves(), to.moves(), MessageCodec::tree);
    if (!Objects.equals(from.lastMove(), to.lastMove())) {
      ops.add(PatchOp.replace("/lastMove", NODES.numberNode(to.lastMove())));
    }
    if (!Objects.equals(from.result(), to.result())) {
      ops.add(PatchOp.replace("/result", MessageCodec.tree(to.result())));
    }
    player(ops, "/players/X", from.players().x(), to.players().x());
    player(ops, "/players/O", from.players().o(), to.players().o());
    if (from.spectators() != to.spectators()) {
      ops.add(PatchOp.replace("/spectators", NODES.numberNode(to.spectators())));
    }
    score(ops, "/score/X", from.score().x(), to.score().x());
    score(ops, "/score/O", from.score().o(), to.score().o());
    score(ops, "/score/draws", from.score().draws(), to.score().draws());
    scalar(ops, "/undoRequest", from.undoRequest(), to.undoRequest());
    list(ops, "/rematch", from.rematch(), to.rematch(), NODES::textNode);
    return ops;
  }

  private static void scalar(List<PatchOp> ops, String path, String from, String to) {
    if (!Objects.equals(from, to)) {
      ops.add(PatchOp.replace(path, to == null ? NODES.nullNode() : NODES.textNode(to)));
    }
  }

  /** A seat taken or emptied is replaced; a seated player's changes go field by field. */
  private static void player(List<PatchOp> ops, String path, Snapshot.Player from, Snapshot.Player to) {
    if (Objects.equals(from, to)) {
      return;
    }
    if (from == null || to == null) {
      ops.add(PatchOp.replace(path, MessageCodec.tree(to)));
      return;
    }
    scalar(ops, path + "/name", from.name(), to.name());
    scalar(ops, path + "/kind", from.kind(), to.kind());
    scalar(ops, path + "/level", from.level(), to.level());
    if (from.connected() != to.connected()) {
      ops.add(PatchOp.replace(path + "/connected", NODES.booleanNode(to.connected())));
    }
  }

  private static void score(List<PatchOp> ops, String path, int from, int to) {
    if (from != to) {
      ops.add(PatchOp.replace(path, NODES.numberNode(to)));
    }
  }

  /**
   * Lists (board rows, moves, rematch offers) change at the end or in place: they are compared
   * element by element over the common length, with additions or removals at the end; when that
   * takes more operations than the new list has elements (a new game), the list is replaced.
   */
  private static <T> void list(
      List<PatchOp> ops, String path, List<T> from, List<T> to, Function<T, JsonNode> node) {
    if (from.equals(to)) {
      return;
    }
    List<PatchOp> elementwise = new ArrayList<>();
    int common = Math.min(from.size(), to.size());
    for (int i = 0; i < common; i++) {
      if (!from.get(i).equals(to.get(i))) {
        elementwise.add(PatchOp.replace(path + "/" + i, node.apply(to.get(i))));
      }
    }
    for (int i = common; i < to.size(); i++) {
      elementwise.add(PatchOp.add(path + "/" + i, node.apply(to.get(i))));
    }
    for (int i = from.size() - 1; i >= common; i--) {
      elementwise.add(PatchOp.remove(path + "/" + i));
    }
    if (elementwise.size() > 1 && elementwise.size() > to.size()) {
      ArrayNode all = NODES.arrayNode(to.size());
      to.forEach(element -> all.add(node.apply(element)));
      ops.add(PatchOp.replace(path, all));
    } else {
      ops.addAll(elementwise);
    }
  }
}
