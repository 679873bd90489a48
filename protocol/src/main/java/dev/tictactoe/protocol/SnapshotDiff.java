package dev.tictactoe.protocol;

import com.fasterxml.jackson.core.JsonGenerator;

import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Objects;

/** The JSON Patch between two snapshots, field by field from the records, as JSON operations. */
final class SnapshotDiff {
    /** The paths of the list items a move touches (a row, a move entry), made once. */
    private static final int CACHED_INDICES = Protocol.MAX_SIZE * Protocol.MAX_SIZE + 1;

    private static final String[] BOARD_ITEMS = items("/board", Protocol.MAX_SIZE);
    private static final String[] MOVES_ITEMS = items("/moves", CACHED_INDICES);
    private static final String[] NO_ITEMS = {};

    private SnapshotDiff() {}

    static void walk(Snapshot from, Snapshot to, JsonGenerator out) {
        if (from.version() != to.version()) {
            replace(out, "/version", to.version());
        }
        field(out, "/room", from.room(), to.room());
        field(out, "/settings", from.settings(), to.settings());
        field(out, "/game", from.game(), to.game());
        field(out, "/status", from.status(), to.status());
        field(out, "/turn", from.turn(), to.turn());
        list(out, "/board", BOARD_ITEMS, from.board(), to.board());
        list(out, "/moves", MOVES_ITEMS, from.moves(), to.moves());
        field(out, "/lastMove", from.lastMove(), to.lastMove());
        field(out, "/result", from.result(), to.result());
        fields(out, "/players/X", from.players().x(), to.players().x());
        fields(out, "/players/O", from.players().o(), to.players().o());
        field(out, "/spectators", from.spectators(), to.spectators());
        fields(out, "/score", from.score(), to.score());
        field(out, "/undoRequest", from.undoRequest(), to.undoRequest());
        list(out, "/rematch", NO_ITEMS, from.rematch(), to.rematch());
        fields(out, "/clock", from.clock(), to.clock());
        field(out, "/claimableAt", from.claimableAt(), to.claimableAt());
    }

    private static void replace(JsonGenerator out, String path, @Nullable Object value) {
        put(out, PatchOp.Op.REPLACE, path, value);
    }

    /** An operation's JSON; a value is a scalar, a snapshot's record or a list. */
    private static void put(JsonGenerator out, PatchOp.Op op, String path, @Nullable Object value) {
        try {
            out.writeStartObject();
            out.writeStringField("op", op.wire());
            out.writeStringField("path", path);
            if (op != PatchOp.Op.REMOVE) {
                out.writeFieldName("value");
                DiffWriter.writeValue(out, value);
            }
            out.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A field is replaced whole when it changed. */
    private static void field(
            JsonGenerator out, String path, @Nullable Object from, @Nullable Object to) {
        if (!Objects.equals(from, to)) {
            replace(out, path, to);
        }
    }

    /** A record appearing or going is replaced whole; one that stays changes field by field. */
    private static void fields(
            JsonGenerator out, String path, @Nullable Record from, @Nullable Record to) {
        if (Objects.equals(from, to)) {
            return;
        }
        if (from == null || to == null) {
            replace(out, path, to);
            return;
        }
        for (DiffWriter.Field f : DiffWriter.FIELDS.get(to.getClass())) {
            Object now = f.value(to);
            if (!Objects.equals(f.value(from), now)) {
                replace(out, path + "/" + f.name().getValue(), now); // a path made only if sent
            }
        }
    }

    private static String[] items(String path, int count) {
        String[] items = new String[count];
        for (int i = 0; i < count; i++) {
            items[i] = path + "/" + i;
        }
        return items;
    }

    /** A list changes element by element (removals last first) unless {@link #replacesWhole}. */
    private static void list(
            JsonGenerator out, String path, String[] items, List<?> from, List<?> to) {
        int common = Math.min(from.size(), to.size());
        int changed = 0;
        for (int i = 0; i < common; i++) {
            if (!Objects.equals(from.get(i), to.get(i))) {
                changed++;
            }
        }
        int ops = changed + (to.size() - common) + (from.size() - common);
        if (ops == 0) {
            return;
        }
        if (replacesWhole(ops, to.size())) {
            replace(out, path, to);
            return;
        }
        for (int i = 0; changed > 0 && i < common; i++) {
            if (!Objects.equals(from.get(i), to.get(i))) {
                replace(out, item(path, items, i), to.get(i));
                changed--;
            }
        }
        for (int i = common; i < to.size(); i++) {
            put(out, PatchOp.Op.ADD, item(path, items, i), to.get(i));
        }
        for (int i = from.size() - 1; i >= common; i--) {
            put(out, PatchOp.Op.REMOVE, item(path, items, i), null);
        }
    }

    /** A list cleared for a new game takes more operations than it has elements: replace it. */
    static boolean replacesWhole(int elementOps, int toSize) {
        return elementOps > 1 && elementOps > toSize;
    }

    private static String item(String path, String[] items, int index) {
        return index < items.length ? items[index] : path + "/" + index;
    }
}
