package dev.tictactoe.server.room;

import dev.tictactoe.protocol.Event;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.protocol.Snapshot;

import org.jspecify.annotations.Nullable;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ObjIntConsumer;

/** What the members see of a room: every change goes out from here as one diff, encoded once. */
final class Feed {

    /** Who gets a message: one member whatever its buffer, or each member with room in it. */
    private enum Reach {
        ONE,
        /** A skipped member is lagging: it gets a snapshot when its buffer drains. */
        DIFF,
        /** A skipped member misses it: it is outside the room's state. */
        ASIDE
    }

    private final Room room;
    private final DiffHistory history;
    private final ObjIntConsumer<byte[]> toHistory;

    /** Sized for two players: most rooms have no spectator. */
    final List<Session> members = new ArrayList<>(2);

    /** The state as members last saw it: the base of the next diff. */
    Snapshot shown;

    /** Under {@code fsync} nothing goes out before its version is {@code durable} on disk. */
    boolean holding;

    private long durable;
    private final ArrayDeque<Held> held = new ArrayDeque<>();

    /** A message held back until {@code version} is on disk; {@code last} hears it last. */
    private record Held(
            long version, List<Session> to, byte[] bytes, @Nullable Session last, Reach reach) {}

    Feed(Room room) {
        this.room = room;
        this.history = new DiffHistory(room.context.limits().diffHistory());
        this.toHistory = (bytes, length) -> history.add(room.core.version, bytes, length);
        this.shown = Snapshots.of(room.code(), room.core.version, room.core, null);
    }

    Snapshot snapshot() {
        return Snapshots.of(room.code(), room.core.version, room.core, shown);
    }

    /** Encodes the diff to the core's new version into the history, unsent. */
    void advance(@Nullable Event event) {
        Snapshot now = snapshot();
        MessageCodec.encodeDiff(room.core.version, shown, now, event, toHistory);
        shown = now;
    }

    /** Back at a checkpoint: no diff before it is held; a member behind it gets a snapshot. */
    void restore(long atVersion, Snapshot lastShown) {
        durable = atVersion;
        shown = lastShown;
        history.startAt(atVersion);
    }

    /** Every change up to {@code upTo} is on disk (or refused): what waited for it goes out. */
    void durable(long upTo) {
        durable = Math.max(durable, upTo);
        while (!held.isEmpty() && held.peekFirst().version() <= durable) {
            Held h = held.pollFirst();
            try (Outgoing out = new Outgoing(h.bytes())) {
                deliver(h.to(), out, h.last(), h.reach());
            }
        }
    }

    /** Replays the diffs after {@code lastVersion} if they are all held, else sends a snapshot. */
    void sync(Session session, @Nullable Long lastVersion) {
        if (lastVersion != null && history.covers(lastVersion)) {
            for (long v = lastVersion + 1; v <= room.core.version; v++) {
                out(List.of(session), history.diff(v), null, Reach.ONE);
            }
            return;
        }
        send(session, snapshotMessage());
    }

    /** A lagging member's buffer drained: it missed broadcasts, so it gets the whole state. */
    void catchUp(Session session) {
        if (session.lagging && session.joined && session.member.writable()) {
            session.lagging = false;
            send(session, snapshotMessage());
        }
    }

    private ServerMessage.SnapshotMessage snapshotMessage() {
        return new ServerMessage.SnapshotMessage(
                room.context.epochMillis().getAsLong(), snapshot());
    }

    void send(Session session, ServerMessage message) {
        out(List.of(session), new Outgoing(MessageCodec.encodeToBytes(message)), null, Reach.ONE);
    }

    /** The newest diff to each member, its cause last; a backed-up one gets a snapshot later. */
    void broadcastNewest(@Nullable Session last) {
        if (!members.isEmpty()) {
            out(members, history.diff(room.core.version), last, Reach.DIFF);
        }
    }

    /** Sends every member a message outside the room's state; a backed-up member misses it. */
    void broadcastAside(ServerMessage message) {
        if (!members.isEmpty()) {
            out(members, new Outgoing(MessageCodec.encodeToBytes(message)), null, Reach.ASIDE);
        }
    }

    /** Sends {@code out} now, or holds a copy until its version is on disk. */
    private void out(List<Session> to, Outgoing out, @Nullable Session last, Reach reach) {
        try (out) {
            if (to.isEmpty()) {
                return;
            }
            if (holding && (room.core.version > durable || !held.isEmpty())) {
                held.addLast(
                        new Held(room.core.version, List.copyOf(to), out.bytes(), last, reach));
            } else {
                deliver(to, out, last, reach);
            }
        }
    }

    private void deliver(List<Session> to, Outgoing out, @Nullable Session last, Reach reach) {
        for (Session member : to) {
            if (member != last) {
                offer(member, out, reach);
            }
        }
        if (last != null && to.contains(last)) {
            offer(last, out, reach);
        }
    }

    private void offer(Session session, Outgoing out, Reach reach) {
        if (reach == Reach.ONE || session.member.writable()) {
            session.member.send(out);
        } else if (reach == Reach.DIFF && !session.lagging) {
            session.lagging = true;
            room.context.metrics().memberLagging();
        }
    }
}
