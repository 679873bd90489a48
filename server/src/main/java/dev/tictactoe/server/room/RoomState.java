package dev.tictactoe.server.room;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.tictactoe.protocol.GameRecord;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.RoomStatus;
import dev.tictactoe.protocol.Snapshot;
import dev.tictactoe.server.clock.GameClock;
import dev.tictactoe.server.game.Mark;
import dev.tictactoe.server.store.Store;

import io.netty.channel.EventLoop;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

/**
 * A room's whole state as a checkpoint keeps it: taken on the room's loop as immutable values, made
 * JSON on the journal's thread, and rebuilt into a room whose changes after it are replayed.
 *
 * @param shown the snapshot members last saw, the base of the next diff
 * @param atNanos the instant on the room's monotonic line; {@code atMillis} on the wall
 */
record RoomState(
        String code,
        long botSeed,
        Core core,
        Snapshot shown,
        long atNanos,
        long atMillis,
        @Nullable Long emptySince,
        long createdAt) {

    record Core(
            RoomSettings settings,
            long version,
            long boardVersion,
            Map<Mark, Occupant> seats,
            MatchState match,
            int spectators) {}

    /** The series: the current game, the score, finished games, and the game's time. */
    record MatchState(
            int game,
            RoomStatus status,
            Mark first,
            int[] moves,
            List<String> moveIds,
            Match.@Nullable Result result,
            int xWins,
            int oWins,
            int draws,
            @Nullable Mark undoRequest,
            List<Mark> rematchOffers,
            List<GameRecord> finished,
            GameClock.@Nullable State clock,
            @Nullable IdleState idle,
            long idleAfterMillis) {}

    /** An untimed turn's start; its idle time is the match's {@code idleAfterMillis}. */
    record IdleState(long turnStartedNanos, long turnStartedAt) {}

    private static final Logger log = LoggerFactory.getLogger(RoomState.class);
    static final ObjectMapper JSON = MessageCodec.mapper().copy();

    static {
        JSON.registerSubtypes(Change.class.getPermittedSubclasses());
    }

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
                room.feed.shown,
                room.time.nanos,
                room.time.millis,
                room.time.emptyAsOfNow(),
                room.createdAt);
    }

    /**
     * The room, not yet live, with the later changes applied at their instants, each making the
     * version it was written with; one that cannot ends the replay with one error line.
     */
    Room rebuild(List<Store.Command> changes, EventLoop loop, RoomContext context) {
        Room room =
                new Room(code, loop, botSeed, context, RoomCore.restore(core, atNanos, atMillis));
        room.time.replayAt(atNanos, atMillis);
        room.feed.restore(core.version(), shown);
        room.recorder.archivedGame =
                core.match().finished().stream().mapToInt(GameRecord::game).max().orElse(0);
        room.time.emptySince = emptySince;
        room.createdAt = createdAt;
        for (int i = 0; i < changes.size(); i++) {
            String failure = replay(room, changes.get(i));
            if (failure != null) {
                log.error(
                        "room {}: {}; recovered at version {}, without the {} changes from there"
                                + " on",
                        code,
                        failure,
                        room.core.version,
                        changes.size() - i);
                break;
            }
        }
        return room;
    }

    private static @Nullable String replay(Room room, Store.Command recorded) {
        long version = recorded.version();
        if (version != room.core.version + 1) {
            return "the journal goes from version " + room.core.version + " to " + version;
        }
        Change.Entry decoded;
        try {
            decoded = Change.Entry.read(recorded.record());
        } catch (IllegalArgumentException e) {
            return "the change of version " + version + " does not read: " + e.getMessage();
        }
        Change change = decoded.change();
        room.time.replayAt(decoded.nanos(), decoded.millis());
        Outcome outcome = room.run(change);
        if (!(outcome instanceof Outcome.Applied applied)) {
            return "applying " + change + " again as version " + version + " gave " + outcome;
        }
        if (applied.version() != version) {
            return change + " made version " + applied.version() + ", not " + version;
        }
        room.time.emptySince = room.time.emptyAsOfNow();
        return null;
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
