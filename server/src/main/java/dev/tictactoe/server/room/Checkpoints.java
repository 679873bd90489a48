package dev.tictactoe.server.room;

import com.fasterxml.jackson.core.JsonGenerator;

import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.Snapshot;
import dev.tictactoe.server.game.Mark;

import io.netty.channel.EventLoop;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.function.Supplier;

/**
 * A room's whole state: captured on the room's loop as values (cheap), turned into JSON elsewhere
 * by Jackson ({@link Capture#toJson}), and a room rebuilt from it.
 */
final class Checkpoints {

    private Checkpoints() {}

    /**
     * A room's state as a checkpoint keeps it, taken on the loop: the core's state, what members
     * were last shown and the diffs held for them. Everything in it is immutable or a copy, so it
     * may be encoded on another thread while the room plays on.
     */
    record Capture(
            String code,
            long botSeed,
            RoomCore.State core,
            Snapshot shown,
            List<byte[]> diffs,
            long atNanos,
            long atMillis,
            Long emptySince,
            long createdAt) {

        /** The state to write: the snapshot as its JSON tree, the diffs as their text. */
        RoomState state() {
            List<String> text = new ArrayList<>(diffs.size());
            for (byte[] diff : diffs) {
                text.add(new String(diff, StandardCharsets.UTF_8));
            }
            return new RoomState(
                    code,
                    core.settings(),
                    botSeed,
                    core.version(),
                    core.boardVersion(),
                    MessageCodec.toTree(shown),
                    text,
                    core.seats(),
                    core.match(),
                    atNanos,
                    atMillis,
                    emptySince,
                    createdAt);
        }

        byte[] toJson() {
            return state().toJson();
        }
    }

    static Capture capture(Room room) {
        return new Capture(
                room.code(),
                room.botSeed,
                room.core.state(
                        room.context.journal().archivesGames()
                                ? RoomJournal.CHECKPOINT_GAMES_WITH_ARCHIVE
                                : Match.KEPT_GAMES),
                room.feed.shown(),
                room.feed.heldDiffs(),
                room.time.nanos(),
                room.time.millis(),
                room.emptyAsOfNow(),
                room.createdAt);
    }

    /**
     * A room as its checkpoint left it, not yet live: its time stands at the checkpoint's instant,
     * so the commands written after the checkpoint can be applied again on top of it ({@link
     * Replay}).
     */
    static Room restore(RoomState state, EventLoop loop, RoomContext context) {
        RoomTime time = new RoomTime(context.nanoTime(), context.epochMillis());
        // A checkpoint older than recorded instants starts the room's time line now.
        time.replayAt(
                state.atNanos() == null ? time.nanos() : state.atNanos(),
                state.atMillis() == null ? time.millis() : state.atMillis());
        Snapshot shown = MessageCodec.fromTree(state.shown());
        RoomCore core =
                RoomCore.restore(
                        new RoomCore.State(
                                state.settings(),
                                state.version(),
                                state.boardVersion(),
                                state.seats(),
                                state.match(),
                                shown.spectators()),
                        context.limits().idleClaim(),
                        time.nanos(),
                        time.millis());
        Room room =
                new Room(
                        state.code(), state.settings(), loop, state.botSeed(), context, time, core);
        List<byte[]> diffs =
                state.diffs().stream().map(d -> d.getBytes(StandardCharsets.UTF_8)).toList();
        room.feed.restore(state.version(), shown, diffs);
        room.recorder.restored(
                state.match().finished().stream()
                        .mapToInt(Match.FinishedGame::game)
                        .max()
                        .orElse(0));
        room.emptySince = state.emptySince();
        if (state.createdAt() != null) {
            // Else the checkpoint's own instant: the latest the room can have been made.
            room.createdAt = state.createdAt();
        }
        return room;
    }

    /**
     * One finished game as the archive keeps it: settings, names, moves, result, line and time. The
     * values are taken now; the JSON is made by whoever calls the supplier.
     */
    static Supplier<byte[]> gameRecord(Room room, Match.FinishedGame game) {
        String code = room.code();
        RoomSettings settings = room.settings();
        EnumMap<Mark, String> names = new EnumMap<>(Mark.class);
        for (Mark mark : Mark.values()) {
            Occupant seat = room.core.seat(mark);
            names.put(mark, seat == null ? null : seat.name);
        }
        long endedAt = room.time.millis();
        // Written with the streaming generator the diffs use: no tree to build and throw away, and
        // no tree serializer for the JIT to compile for the archive alone.
        return () -> {
            ByteArrayOutputStream out = new ByteArrayOutputStream(256);
            try (JsonGenerator g = MessageCodec.mapper().getFactory().createGenerator(out)) {
                g.writeStartObject();
                g.writeStringField("room", code);
                g.writeNumberField("game", game.game());
                g.writeObjectFieldStart("settings");
                g.writeNumberField("size", settings.rules().size());
                g.writeNumberField("winLength", settings.rules().winLength());
                g.writeBooleanField("earlyDraw", settings.earlyDraw());
                g.writeEndObject();
                g.writeObjectFieldStart("players");
                for (var entry : names.entrySet()) {
                    g.writeStringField(entry.getKey().name(), entry.getValue());
                }
                g.writeEndObject();
                g.writeStringField("first", game.first().name());
                g.writeArrayFieldStart("moves");
                for (int cell : game.moves()) {
                    g.writeNumber(cell);
                }
                g.writeEndArray();
                Match.Result result = game.result();
                g.writeStringField(
                        "winner", result.winner() == null ? null : result.winner().name());
                g.writeStringField("reason", result.reason().wire());
                g.writeArrayFieldStart("line");
                if (result.line() != null) {
                    for (int cell : result.line()) {
                        g.writeNumber(cell);
                    }
                }
                g.writeEndArray();
                g.writeNumberField("endedAt", endedAt);
                g.writeEndObject();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return out.toByteArray();
        };
    }
}
