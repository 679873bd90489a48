package dev.tictactoe.server.room;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.protocol.GameRecord;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.Snapshot;
import dev.tictactoe.server.store.Store;

import io.netty.channel.EventLoop;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.List;

/**
 * A room's whole state as a checkpoint keeps it, written on its loop, rebuilt for a replay.
 *
 * @param finished the core's newest finished games, which its own JSON leaves out
 * @param shown the snapshot members last saw, the base of the next diff
 * @param atNanos the instant on the room's monotonic line; {@code atMillis} on the wall
 */
record RoomState(
        String code,
        long botSeed,
        RoomCore core,
        List<GameRecord> finished,
        Snapshot shown,
        long atNanos,
        long atMillis,
        @Nullable Long emptySince,
        long createdAt) {

    private static final Logger log = LoggerFactory.getLogger(RoomState.class);
    static final ObjectMapper JSON = MessageCodec.mapper().copy();

    static {
        JSON.registerSubtypes(Change.class.getPermittedSubclasses());
        JSON.registerModule(new JavaTimeModule())
                .disable(SerializationFeature.WRITE_DURATIONS_AS_TIMESTAMPS);
        // Older checkpoints spell a bot's level in capitals: both read.
        JSON.configOverride(BotLevel.class)
                .setFormat(
                        JsonFormat.Value.empty()
                                .withFeature(
                                        JsonFormat.Feature.ACCEPT_CASE_INSENSITIVE_PROPERTIES));
    }

    /** The room's state now as JSON; beside an archive, with only its newest few games. */
    static byte[] of(Room room) {
        int games =
                room.context.journal().archivesGames()
                        ? RoomJournal.CHECKPOINT_GAMES_WITH_ARCHIVE
                        : Match.KEPT_GAMES;
        ArrayDeque<GameRecord> finished = room.core.match.finished;
        return json(
                new RoomState(
                        room.code(),
                        room.botSeed,
                        room.core,
                        finished.stream().skip(Math.max(0, finished.size() - games)).toList(),
                        room.feed.shown,
                        room.time.nanos,
                        room.time.millis,
                        room.time.emptyAsOfNow(),
                        room.createdAt));
    }

    /** The room, not yet live, with each later change replayed into the version it made. */
    Room rebuild(List<Store.Command> changes, EventLoop loop, RoomContext context) {
        core.match.finished.addAll(finished);
        Room room = new Room(code, loop, botSeed, context, core);
        room.time.replayAt(atNanos, atMillis);
        room.feed.restore(core.version, shown);
        room.recorder.archivedGame = finished.isEmpty() ? 0 : finished.getLast().game();
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

    static byte[] json(Object value) {
        try {
            return JSON.writeValueAsBytes(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
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
