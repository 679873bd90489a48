package dev.tictactoe.server.room;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.Snapshot;
import dev.tictactoe.server.bot.Level;
import dev.tictactoe.server.clock.GameClock;
import dev.tictactoe.server.game.Mark;

import io.netty.channel.EventLoop;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * A room's whole state as a checkpoint keeps it: taken on the room's loop as immutable values, made
 * JSON on the journal's thread, and rebuilt into a room whose changes after it are replayed.
 *
 * @param shown the snapshot members last saw, the base of the next diff
 * @param diffs the diffs held for replay, oldest first, the last one making the core's version
 * @param atNanos the instant on the room's monotonic line; {@code atMillis} on the wall
 */
record RoomState(
        String code,
        long botSeed,
        Core core,
        Snapshot shown,
        List<String> diffs,
        long atNanos,
        long atMillis,
        Long emptySince,
        long createdAt) {

    /** What {@link RoomCore} is rebuilt from. */
    record Core(
            RoomSettings settings,
            long version,
            long boardVersion,
            Map<Mark, Seat> seats,
            MatchState match,
            int spectators) {}

    /** A person with a token or a bot, and the ids of this game's moves with their versions. */
    record Seat(
            String name,
            String token,
            Level bot,
            boolean connected,
            Long graceUntil,
            Map<String, Long> moves) {}

    /** The series: the current game, the score, finished games, and the game's time. */
    record MatchState(
            int game,
            Match.Status status,
            Mark first,
            int[] moves,
            List<String> moveIds,
            Match.Result result,
            int xWins,
            int oWins,
            int draws,
            Mark undoRequest,
            List<Mark> rematchOffers,
            List<Match.FinishedGame> finished,
            GameClock.State clock,
            IdleState idle,
            long idleAfterMillis) {}

    record IdleState(long turnStartedNanos, long turnStartedAt, long afterMillis) {}

    private static final ObjectMapper JSON = MessageCodec.mapper().copy();

    /** The room's state now; a checkpoint beside an archive keeps only its newest few games. */
    static RoomState of(Room room) {
        int games =
                room.context.journal().archivesGames()
                        ? RoomJournal.CHECKPOINT_GAMES_WITH_ARCHIVE
                        : Match.KEPT_GAMES;
        return new RoomState(
                room.code(),
                room.botSeed,
                room.core.state(games),
                room.feed.shown(),
                room.feed.heldDiffs().stream()
                        .map(d -> new String(d, StandardCharsets.UTF_8))
                        .toList(),
                room.time.nanos(),
                room.time.millis(),
                room.timers.emptyAsOfNow(),
                room.createdAt);
    }

    /** The room this state describes, not yet live: its time stands at the checkpoint's. */
    Room restore(EventLoop loop, RoomContext context) {
        RoomTime time = new RoomTime(context.nanoTime(), context.epochMillis());
        time.replayAt(atNanos, atMillis);
        RoomCore rebuilt = RoomCore.restore(core, atNanos, atMillis);
        Room room = new Room(code, core.settings(), loop, botSeed, context, time, rebuilt);
        room.feed.restore(
                core.version(),
                shown,
                diffs.stream().map(d -> d.getBytes(StandardCharsets.UTF_8)).toList());
        room.recorder.restored(
                core.match().finished().stream()
                        .mapToInt(Match.FinishedGame::game)
                        .max()
                        .orElse(0));
        room.timers.emptySince = emptySince;
        room.createdAt = createdAt;
        return room;
    }

    byte[] toJson() {
        try {
            return JSON.writeValueAsBytes(this);
        } catch (IOException e) {
            throw new UncheckedIOException("room " + code + " cannot be written", e);
        }
    }

    static RoomState fromJson(byte[] json) {
        try {
            return JSON.readValue(json, RoomState.class);
        } catch (IOException e) {
            throw new UncheckedIOException("a room checkpoint cannot be read", e);
        }
    }
}
