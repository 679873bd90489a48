package dev.tictactoe.server.room;

import dev.tictactoe.server.game.Mark;
import io.netty.channel.Channel;

/** One WebSocket connection's membership in a room; its fields are touched only on the room's loop. */
public final class Session {

    final Channel channel;
    final Room room;
    boolean joined;
    /** The seat this connection plays, or null for a spectator or before joining. */
    Mark seat;
    /** A broadcast was skipped because the channel was full: send a snapshot when it drains. */
    boolean lagging;

    public Session(Channel channel, Room room) {
        this.channel = channel;
        this.room = room;
    }

    public Room room() {
        return room;
    }

    @Override
    public String toString() {
        return room.code() + "/" + (seat != null ? seat : joined ? "spectator" : "new") + "@" + channel.remoteAddress();
    }
}
