package dev.tictactoe.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.flipkart.zjsonpatch.JsonPatch;
import com.flipkart.zjsonpatch.JsonPatchApplicationException;

import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.ProtocolException;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.protocol.Snapshot;

import org.jspecify.annotations.Nullable;

/** A client's copy of the room: the snapshot as a JSON tree and a record. Not thread-safe. */
public final class RoomView {

    /** What {@link #apply} did with a message. */
    public enum Update {
        APPLIED, // a snapshot replaced the state or a diff advanced it by one version
        UNCHANGED, // not a state message, or a diff for a version already applied
        NEED_SYNC // a gap, no state yet, or a diff that does not apply
    }

    private @Nullable JsonNode tree;
    private @Nullable Snapshot snapshot;

    /** Applies a welcome or snapshot (replacing the state) or a diff (advancing it by one). */
    public Update apply(ServerMessage message) {
        return switch (message) {
            case ServerMessage.Welcome w -> replace(w.snapshot());
            case ServerMessage.SnapshotMessage s -> replace(s.snapshot());
            case ServerMessage.Diff d -> apply(d);
            default -> Update.UNCHANGED;
        };
    }

    private Update replace(Snapshot next) {
        snapshot = next;
        tree = MessageCodec.toTree(next);
        return Update.APPLIED;
    }

    private Update apply(ServerMessage.Diff diff) {
        JsonNode current = tree; // set with the snapshot, always
        if (snapshot == null || current == null) {
            return Update.NEED_SYNC;
        }
        if (diff.version() <= snapshot.version()) {
            return Update.UNCHANGED; // a duplicate, e.g. replayed after a sync
        }
        if (diff.version() != snapshot.version() + 1) {
            return Update.NEED_SYNC;
        }
        try {
            JsonNode next = JsonPatch.apply(MessageCodec.mapper().valueToTree(diff.ops()), current);
            Snapshot decoded = MessageCodec.fromTree(next);
            if (decoded.version() != diff.version()) {
                return Update.NEED_SYNC; // the patch and its version disagree: trust neither
            }
            tree = next;
            snapshot = decoded;
            return Update.APPLIED;
        } catch (JsonPatchApplicationException | ProtocolException e) {
            return Update.NEED_SYNC;
        }
    }

    public @Nullable Long lastVersion() {
        return snapshot == null ? null : snapshot.version();
    }

    public @Nullable Snapshot snapshot() {
        return snapshot;
    }
}
