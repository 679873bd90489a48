package dev.tictactoe.server.room;

import dev.tictactoe.protocol.Seat;

import org.jspecify.annotations.Nullable;

/** One connection's membership in a room; its fields are touched only on the room's loop. */
public final class Session {

    final Member member;
    final Room room;
    boolean joined;

    /** The seat this connection plays; none for a spectator or before joining. */
    @Nullable Seat seat;

    /** A broadcast was skipped because the connection was full: send a snapshot when it drains. */
    boolean lagging;

    public Session(Member member, Room room) {
        this.member = member;
        this.room = room;
    }

    public Room room() {
        return room;
    }

    @Override
    public String toString() {
        String as = seat != null ? seat.name() : joined ? "spectator" : "new";
        return room.code() + "/" + as + "@" + member;
    }
}
