package dev.tictactoe.server.room;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tictactoe.protocol.Event;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.server.game.Mark;
import io.netty.channel.EventLoop;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;

/** Writes a room's state to its journal after each change, and rebuilds a room from it. Room loop only. */
final class Checkpoints {

    private Checkpoints() {}

    /** The room's whole state now, then any game that finished with this change. */
    static void write(Room room) {
        RoomJournal journal = room.context.journal();
        if (journal == RoomJournal.NONE) {
            return;
        }
        journal.checkpoint(room.code(), room.feed.version(), capture(room).toJson());
        Match.FinishedGame last = room.match.lastFinished();
        if (last != null && last.game() > room.archivedGame) {
            room.archivedGame = last.game();
            journal.gameFinished(room.code(), last.game(), gameRecord(room, last));
        }
    }

    static RoomState capture(Room room) {
        EnumMap<Mark, RoomState.SeatState> seats = new EnumMap<>(Mark.class);
        room.members.seats().forEach((mark, seat) -> seats.put(mark, new RoomState.SeatState(seat.name, seat.token,
                seat.isBot() ? seat.bot.name().toLowerCase(Locale.ROOT) : null)));
        List<String> diffs = new ArrayList<>();
        for (byte[] diff : room.feed.heldDiffs()) {
            diffs.add(new String(diff, StandardCharsets.UTF_8));
        }
        return new RoomState(room.code(), room.settings(), room.botSeed, room.feed.version(),
                room.feed.boardVersion(), MessageCodec.toTree(room.feed.shown()), diffs, seats, room.match.state());
    }

    /**
     * A room as its checkpoint left it, nobody connected: each player's seat is held for a fresh
     * grace period (members hear of it as one diff per seat) and the empty-room timer runs.
     */
    static Room rebuild(RoomState state, EventLoop loop, RoomContext context) {
        Room room = new Room(state.code(), state.settings(), loop, state.botSeed(), context,
                Match.restore(state.settings(), state.match()));
        List<byte[]> diffs = state.diffs().stream().map(d -> d.getBytes(StandardCharsets.UTF_8)).toList();
        room.members.restore(state.seats());
        room.feed.restore(state.version(), state.boardVersion(), MessageCodec.fromTree(state.shown()), diffs);
        room.archivedGame = state.match().finished().stream().mapToInt(Match.FinishedGame::game).max().orElse(0);
        room.execute(() -> {
            if (room.feed.shown().spectators() != 0) {
                room.publish(new Event.SpectatorsChanged(0));
            }
            room.members.recovered();
            room.startEmptyTimer();
            room.bots.schedule();
        });
        return room;
    }

    /** One finished game as the archive keeps it: settings, names, moves, result, line and time. */
    static byte[] gameRecord(Room room, Match.FinishedGame game) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("room", room.code());
        node.put("game", game.game());
        RoomSettings settings = room.settings();
        node.putObject("settings").put("size", settings.rules().size()).put("winLength", settings.rules().winLength())
                .put("earlyDraw", settings.earlyDraw());
        ObjectNode players = node.putObject("players");
        for (Mark mark : Mark.values()) {
            Seat seat = room.members.seat(mark);
            players.put(mark.name(), seat == null ? null : seat.name);
        }
        node.put("first", game.first().name());
        ArrayNode moves = node.putArray("moves");
        for (int cell : game.moves()) {
            moves.add(cell);
        }
        Match.Result result = game.result();
        node.put("winner", result.winner() == null ? null : result.winner().name());
        node.put("reason", result.reason());
        ArrayNode line = node.putArray("line");
        if (result.line() != null) {
            for (int cell : result.line()) {
                line.add(cell);
            }
        }
        node.put("endedAt", room.context.epochMillis().getAsLong());
        return node.toString().getBytes(StandardCharsets.UTF_8);
    }
}
