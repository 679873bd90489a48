package dev.tictactoe.server.admin;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.Snapshot;
import dev.tictactoe.protocol.WireWord;
import dev.tictactoe.server.room.RoomOperator;

import java.time.Instant;

/** A room as the admin API shows it: the fields an operator scans for, taken from its snapshot. */
final class RoomJson {

    static final ObjectMapper JSON = new ObjectMapper();

    private RoomJson() {}

    /** The row of a room in the list, at {@code nowMillis}. */
    static ObjectNode summary(RoomOperator.View view, long nowMillis) {
        Snapshot s = view.snapshot();
        ObjectNode room =
                JSON.createObjectNode()
                        .put("code", s.room())
                        .put("status", s.status().wire())
                        .put("version", s.version())
                        .put("game", s.game())
                        .put("createdAt", Instant.ofEpochMilli(view.createdAt()).toString())
                        .put("ageSeconds", Math.max(0, (nowMillis - view.createdAt()) / 1000));
        room.set(
                "settings",
                JSON.createObjectNode()
                        .put("size", s.settings().size())
                        .put("winLength", s.settings().winLength())
                        .put("first", s.settings().first().wire())
                        .put("earlyDraw", s.settings().earlyDraw())
                        .put("spectators", s.settings().spectators())
                        .put("clock", s.settings().clock()));
        ArrayNode members = room.putArray("members");
        for (Seat seat : Seat.values()) {
            Snapshot.Player player = s.players().seat(seat);
            if (player != null) {
                members.addObject()
                        .put("seat", seat.wire())
                        .put("name", player.name())
                        .put("kind", player.kind().wire())
                        .put("level", WireWord.spelling(player.level()))
                        .put("state", player.connected() ? "connected" : "dropped")
                        .put(
                                "graceUntil",
                                player.graceUntil() == null
                                        ? null
                                        : Instant.ofEpochMilli(player.graceUntil()).toString());
            }
        }
        room.put("spectators", s.spectators());
        return room;
    }

    /** One room: its row, and the snapshot its members were sent. */
    static ObjectNode detail(RoomOperator.View view, long nowMillis) {
        ObjectNode room = summary(view, nowMillis);
        room.set("snapshot", MessageCodec.toTree(view.snapshot()));
        return room;
    }
}
