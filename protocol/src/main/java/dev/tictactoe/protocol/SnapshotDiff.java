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
 * snapshot as a compact record and never builds a tree for it. For the changes a room goes through,
 * the operations are the ones {@link JsonPatch#diff} gives for the two trees.
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
            ops.add(PatchOp.replace("/settings", ServerWriter.tree(to.settings())));
        }
        if (from.game() != to.game()) {
            ops.add(PatchOp.replace("/game", NODES.numberNode(to.game())));
        }
        scalar(ops, "/status", from.status(), to.status());
        scalar(ops, "/turn", from.turn(), to.turn());
        list(ops, "/board", from.board(), to.board(), NODES::textNode);
        list(ops, "/moves", from.moves(), to.moves(), ServerWriter::tree);
        if (!Objects.equals(from.lastMove(), to.lastMove())) {
            ops.add(PatchOp.replace("/lastMove", NODES.numberNode(to.lastMove())));
        }
        if (!Objects.equals(from.result(), to.result())) {
            ops.add(PatchOp.replace("/result", ServerWriter.tree(to.result())));
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
        clock(ops, from.clock(), to.clock());
        number(ops, "/claimableAt", from.claimableAt(), to.claimableAt());
        return ops;
    }

    /** A clock appearing or going is replaced whole; a running one changes field by field. */
    private static void clock(List<PatchOp> ops, Snapshot.Clock from, Snapshot.Clock to) {
        if (Objects.equals(from, to)) {
            return;
        }
        if (from == null || to == null) {
            ops.add(PatchOp.replace("/clock", ServerWriter.tree(to)));
            return;
        }
        scalar(ops, "/clock/control", from.control(), to.control());
        number(ops, "/clock/X", from.x(), to.x());
        number(ops, "/clock/O", from.o(), to.o());
        scalar(ops, "/clock/running", from.running(), to.running());
        number(ops, "/clock/turnStartedAt", from.turnStartedAt(), to.turnStartedAt());
        number(ops, "/clock/deadlineAt", from.deadlineAt(), to.deadlineAt());
        scalar(ops, "/clock/flagged", from.flagged(), to.flagged());
    }

    private static void number(List<PatchOp> ops, String path, Long from, Long to) {
        if (!Objects.equals(from, to)) {
            ops.add(PatchOp.replace(path, to == null ? NODES.nullNode() : NODES.numberNode(to)));
        }
    }

    private static void scalar(List<PatchOp> ops, String path, String from, String to) {
        if (!Objects.equals(from, to)) {
            ops.add(PatchOp.replace(path, to == null ? NODES.nullNode() : NODES.textNode(to)));
        }
    }

    /** A seat taken or emptied is replaced; a seated player's changes go field by field. */
    private static void player(
            List<PatchOp> ops, String path, Snapshot.Player from, Snapshot.Player to) {
        if (Objects.equals(from, to)) {
            return;
        }
        if (from == null || to == null) {
            ops.add(PatchOp.replace(path, ServerWriter.tree(to)));
            return;
        }
        scalar(ops, path + "/name", from.name(), to.name());
        scalar(ops, path + "/kind", from.kind(), to.kind());
        scalar(ops, path + "/level", from.level(), to.level());
        if (from.connected() != to.connected()) {
            ops.add(PatchOp.replace(path + "/connected", NODES.booleanNode(to.connected())));
        }
        if (!Objects.equals(from.graceUntil(), to.graceUntil())) {
            ops.add(PatchOp.replace(path + "/graceUntil", NODES.numberNode(to.graceUntil())));
        }
    }

    private static void score(List<PatchOp> ops, String path, int from, int to) {
        if (from != to) {
            ops.add(PatchOp.replace(path, NODES.numberNode(to)));
        }
    }

    /**
     * Lists (board rows, moves, rematch offers) change at the end or in place: see {@link
     * ArrayDiff}.
     */
    private static <T> void list(
            List<PatchOp> ops, String path, List<T> from, List<T> to, Function<T, JsonNode> node) {
        if (from.equals(to)) {
            return;
        }
        ArrayDiff.diff(
                path,
                from.size(),
                to.size(),
                i -> Objects.equals(from.get(i), to.get(i)),
                (child, i, out) -> out.add(PatchOp.replace(child, node.apply(to.get(i)))),
                i -> node.apply(to.get(i)),
                () -> {
                    ArrayNode all = NODES.arrayNode(to.size());
                    to.forEach(element -> all.add(node.apply(element)));
                    return all;
                },
                ops);
    }
}
