package dev.tictactoe.server.room;

import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.ResultReason;
import dev.tictactoe.protocol.Snapshot;
import dev.tictactoe.server.game.Mark;

import io.netty.channel.EventLoop;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/** A room's whole state: captured on its loop as values, made JSON elsewhere, and rebuilt. */
final class Checkpoints {

    private Checkpoints() {}

    /** The core's whole state as values, what a checkpoint keeps of it. */
    record CoreState(
            RoomSettings settings,
            long version,
            long boardVersion,
            Map<Mark, RoomState.SeatState> seats,
            RoomState.MatchState match,
            int spectators) {}

    /** The core's state now, with the newest {@code finishedGames} finished games. */
    static CoreState state(RoomCore core, int finishedGames) {
        EnumMap<Mark, RoomState.SeatState> kept = new EnumMap<>(Mark.class);
        core.seats().forEach((mark, seat) -> kept.put(mark, seat.state()));
        return new CoreState(
                core.settings(),
                core.version(),
                core.boardVersion(),
                kept,
                core.match().state(finishedGames),
                core.spectators());
    }

    /** The core as {@code state} left it, at that instant. */
    static RoomCore restoreCore(CoreState state, Duration idleAfter, long nanos, long millis) {
        EnumMap<Mark, Occupant> seats = new EnumMap<>(Mark.class);
        state.seats().forEach((mark, seat) -> seats.put(mark, Occupant.of(seat)));
        Match match = Match.restore(state.settings(), state.match(), idleAfter, nanos, millis);
        return new RoomCore(
                state.settings(),
                match,
                seats,
                state.spectators(),
                state.version(),
                state.boardVersion());
    }

    /** A room's state taken on the loop, immutable or copied: encoded on another thread. */
    record Capture(
            String code,
            long botSeed,
            CoreState core,
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
                state(
                        room.core,
                        room.context.journal().archivesGames()
                                ? RoomJournal.CHECKPOINT_GAMES_WITH_ARCHIVE
                                : Score.KEPT_GAMES),
                room.feed.shown(),
                room.feed.heldDiffs(),
                room.time.nanos(),
                room.time.millis(),
                room.timers.emptyAsOfNow(),
                room.createdAt);
    }

    /** A room as its checkpoint left it, not yet live: its time stands at the checkpoint's. */
    static Room restore(RoomState state, EventLoop loop, RoomContext context) {
        RoomTime time = new RoomTime(context.nanoTime(), context.epochMillis());
        // A checkpoint older than recorded instants starts the room's time line now.
        time.replayAt(
                state.atNanos() == null ? time.nanos() : state.atNanos(),
                state.atMillis() == null ? time.millis() : state.atMillis());
        Snapshot shown = MessageCodec.fromTree(state.shown());
        RoomCore core =
                restoreCore(
                        new CoreState(
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
                        .mapToInt(Score.FinishedGame::game)
                        .max()
                        .orElse(0));
        room.timers.emptySince = state.emptySince();
        if (state.createdAt() != null) {
            // Else the checkpoint's own instant: the latest the room can have been made.
            room.createdAt = state.createdAt();
        }
        return room;
    }

    /** A finished game as the archive keeps it; {@code players} maps X and O to their names. */
    record ArchivedGame(
            String room,
            int game,
            GameSettings settings,
            Map<Mark, String> players,
            Mark first,
            int[] moves,
            Mark winner,
            ResultReason reason,
            int[] line,
            long endedAt) {}

    record GameSettings(int size, int winLength, boolean earlyDraw) {}

    /** One finished game for the archive: values taken now, JSON made by the caller. */
    static Supplier<byte[]> gameRecord(Room room, Score.FinishedGame game) {
        RoomSettings settings = room.settings();
        EnumMap<Mark, String> names = new EnumMap<>(Mark.class);
        for (Mark mark : Mark.values()) {
            Occupant seat = room.core.seat(mark);
            names.put(mark, seat == null ? null : seat.name);
        }
        Match.Result result = game.result();
        ArchivedGame archived =
                new ArchivedGame(
                        room.code(),
                        game.game(),
                        new GameSettings(
                                settings.rules().size(),
                                settings.rules().winLength(),
                                settings.earlyDraw()),
                        names,
                        game.first(),
                        game.moves(),
                        result.winner(),
                        result.reason(),
                        result.line() == null ? new int[0] : result.line(),
                        room.time.millis());
        return () -> {
            try {
                return MessageCodec.mapper().writeValueAsBytes(archived);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        };
    }
}
