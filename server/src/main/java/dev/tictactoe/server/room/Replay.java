package dev.tictactoe.server.room;

import io.netty.channel.EventLoop;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Instant;
import java.util.List;

/**
 * Rebuilds a room after a restart: its newest checkpoint, then the journal's commands after it,
 * each applied again at its first instant and making the version it was written with. Then {@link
 * #resume} lets the rules run on the downtime.
 */
final class Replay {

    private static final Logger log = LoggerFactory.getLogger(Replay.class);

    private Replay() {}

    /**
     * The room as its checkpoint and the commands after it leave it, not yet live. A command that
     * cannot be applied again (a gap, a record that does not read, a refusal) ends the replay with
     * one error line: the room comes back as it was before it, not as something that never was.
     */
    static Room rebuild(
            RoomState state,
            List<RoomJournal.Recorded> changes,
            EventLoop loop,
            RoomContext context) {
        Room room = state.restore(loop, context);
        for (int i = 0; i < changes.size(); i++) {
            String failure = apply(room, changes.get(i));
            if (failure != null) {
                log.error(
                        "room {}: {}; recovered at version {}, without the {} changes from there"
                                + " on",
                        room.code(),
                        failure,
                        room.core.version,
                        changes.size() - i);
                break;
            }
        }
        return room;
    }

    /** Applies one recorded command again; says why it could not, or returns null. */
    static String apply(Room room, RoomJournal.Recorded recorded) {
        long version = recorded.version();
        if (version != room.core.version + 1) {
            return "the journal goes from version " + room.core.version + " to " + version;
        }
        ChangeCodec.Decoded decoded;
        try {
            decoded = ChangeCodec.decode(recorded.payload());
        } catch (IllegalArgumentException e) {
            return "the change of version " + version + " does not read: " + e.getMessage();
        }
        Change change = decoded.change();
        room.time.replayAt(decoded.nanos(), decoded.millis());
        Outcome outcome = room.run(change, null);
        if (!(outcome instanceof Outcome.Applied applied)) {
            return "applying " + change + " again as version " + version + " gave " + outcome;
        }
        if (applied.version() != version) {
            return change + " made version " + applied.version() + ", not " + version;
        }
        room.timers.emptySince = room.timers.emptyAsOfNow();
        return null;
    }

    /**
     * The room goes live: its time line continues, shown times move with the wall clock, spectators
     * are gone, seats are held or freed ({@link Members#recovered}), and a room empty for the whole
     * empty-room time, downtime included, is removed.
     */
    static void resume(Room room) {
        room.execute(
                () -> {
                    room.run(new Change.Resumed(room.time.resume()), null);
                    if (room.core.spectators != 0) {
                        room.run(new Change.Spectators(0), null);
                    }
                    room.members.recovered();
                    Long since = room.timers.emptySince;
                    if (since != null
                            && since + room.context.limits().emptyRoomTtl().toMillis()
                                    <= room.time.millis()) {
                        room.expire(
                                "while the server was down, empty since "
                                        + Instant.ofEpochMilli(since));
                        return;
                    }
                    room.timers.startEmpty(since == null ? room.time.millis() : since);
                    room.bots.schedule();
                });
    }
}
