package dev.tictactoe.server.room;

import io.netty.channel.EventLoop;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Instant;
import java.util.List;

/**
 * Rebuilds a room after a restart: its newest checkpoint, then every change written after it, each
 * handed back to the very method that made it first ({@link Members#take}, {@link
 * GameCommands#play}, ...) at the instant it was made ({@link RoomTime}). Nothing here changes a
 * room by itself, so a replay cannot come out different from what happened: the room is back at the
 * same version with the same snapshot, diffs, clocks and move ids, and checks that each change made
 * the version it was written with. Then {@link #resume} lets the rules run on the downtime.
 */
final class Replay {

    private static final Logger log = LoggerFactory.getLogger(Replay.class);

    /**
     * The connection of a player who was connected at a replayed change: nobody is on the other
     * end.
     */
    private static final Member STAND_IN =
            new Member() {
                @Override
                public void send(Outgoing message) {}

                @Override
                public boolean writable() {
                    return true;
                }

                @Override
                public void close(int code, String reason) {}

                @Override
                public String toString() {
                    return "replay";
                }
            };

    private Replay() {}

    /** A session for players connected at the point being replayed. */
    static Session standIn(Room room) {
        return new Session(STAND_IN, room);
    }

    /**
     * The room as its checkpoint and the changes after it leave it, not yet live. A change that
     * cannot be made again (a gap in the versions, a record that does not read, a rule refusing it)
     * ends the replay there, with one error line: the room comes back as it was before that change
     * rather than as something that never was.
     */
    static Room rebuild(
            RoomState state,
            List<RoomJournal.Recorded> changes,
            EventLoop loop,
            RoomContext context) {
        Room room = Checkpoints.restore(state, loop, context);
        for (int i = 0; i < changes.size(); i++) {
            String failure = apply(room, changes.get(i));
            if (failure != null) {
                log.error(
                        "room {}: {}; recovered at version {}, without the {} changes from there"
                                + " on",
                        room.code(),
                        failure,
                        room.feed.version(),
                        changes.size() - i);
                break;
            }
        }
        return room;
    }

    /** Makes one recorded change again; says why it could not, or returns null. */
    static String apply(Room room, RoomJournal.Recorded recorded) {
        long version = recorded.version();
        if (version != room.feed.version() + 1) {
            return "the journal goes from version " + room.feed.version() + " to " + version;
        }
        ChangeCodec.Decoded decoded;
        try {
            decoded = ChangeCodec.decode(recorded.payload());
        } catch (IllegalArgumentException e) {
            return "the change of version " + version + " does not read: " + e.getMessage();
        }
        Change change = decoded.change();
        room.time.replayAt(decoded.nanos(), decoded.millis());
        try {
            // As every task of the room starts: the clock first. A timeout is exactly that.
            boolean flagged = room.flagIfDue();
            if (flagged != change instanceof Change.TimedOut) {
                return "version "
                        + version
                        + " was "
                        + change
                        + " but the clock "
                        + (flagged ? "ran out" : "did not run out");
            }
            if (!flagged) {
                make(room, change);
            }
        } catch (RuntimeException e) {
            return "making "
                    + change
                    + " again as version "
                    + version
                    + " failed: "
                    + e.getMessage();
        }
        if (room.feed.version() != version) {
            return change + " made version " + room.feed.version() + ", not " + version;
        }
        room.emptySince = room.emptyAsOfNow();
        return null;
    }

    private static void make(Room room, Change change) {
        switch (change) {
            case Change.Seated c -> room.members.take(c.seat(), c.name(), c.token(), standIn(room));
            case Change.Spectators c -> room.members.spectators(c.count());
            case Change.Dropped c -> room.members.dropped(c.seat(), c.graceUntil());
            case Change.Returned c -> room.members.returned(c.seat(), standIn(room));
            case Change.Freed c -> room.members.free(c.seat());
            case Change.Moved c -> room.game.play(c.seat(), c.cell(), c.id());
            case Change.Undo c -> room.game.undo(c.seat());
            case Change.UndoAnswer c -> room.game.answerUndo(c.seat(), c.accept());
            case Change.Resigned c -> room.game.resign(c.seat());
            case Change.Claimed c -> room.game.claim(c.seat());
            case Change.Rematch c -> room.game.rematch(c.seat());
            case Change.BotSeated c -> room.game.seatBot(c.seat(), c.level());
            case Change.TimedOut c ->
                    throw new IllegalStateException("a timeout is made by the clock");
            case Change.Resumed c -> room.resumed(c.pausedMillis());
        }
    }

    /**
     * The room goes live on its loop: its time line continues from the last change, the clocks'
     * shown times move with the wall clock, spectators are gone, the players' seats are held or
     * freed as the rules say ({@link Members#recovered}), and a room nobody was in for the whole
     * empty-room time, downtime included, is removed.
     */
    static void resume(Room room) {
        room.execute(
                () -> {
                    room.resumed(room.time.resume());
                    if (room.members.spectators() != 0) {
                        room.members.spectators(0);
                    }
                    room.members.recovered();
                    Long since = room.emptySince;
                    if (since != null
                            && since + room.context.limits().emptyRoomTtl().toMillis()
                                    <= room.time.millis()) {
                        room.expire(
                                "while the server was down, empty since "
                                        + Instant.ofEpochMilli(since));
                        return;
                    }
                    room.startEmptyTimer(since == null ? room.time.millis() : since);
                    room.bots.schedule();
                });
    }
}
