package dev.tictactoe.server.room;

import dev.tictactoe.protocol.CloseCodes;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.Snapshot;

import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.Promise;

import org.jspecify.annotations.Nullable;

import java.util.List;
import java.util.function.Supplier;

/** What an operator may do to a live room, run on its loop: look at it, close it, cut a player. */
public final class RoomOperator {

    private RoomOperator() {}

    /** A room as an operator sees it: the snapshot members see, and when it was made. */
    public record View(Snapshot snapshot, long createdAt) {}

    /** How an operator's action ended; NOT_CONNECTED: the seat is empty, a bot, or dropped. */
    public enum Outcome {
        DONE,
        GONE,
        NOT_CONNECTED
    }

    /** The room's snapshot and creation time, taken on its loop; null once it has closed. */
    public static Future<@Nullable View> view(Room room) {
        return RoomOperator.<@Nullable View>run(
                room, () -> room.closed ? null : new View(room.feed.snapshot(), room.createdAt));
    }

    /** Closes the room for good: members get {@link CloseCodes#ROOM_CLOSED}, then it expires. */
    public static Future<Outcome> close(Room room, String reason) {
        return act(
                room,
                () -> {
                    for (Session session : List.copyOf(room.feed.members)) {
                        room.members.letGo(session, CloseCodes.ROOM_CLOSED, reason);
                    }
                    room.expire("by the operator: " + reason);
                    return Outcome.DONE;
                });
    }

    /** Closes the connection of the player in {@code seat}: a drop like any other. */
    public static Future<Outcome> disconnect(Room room, Seat seat, String reason) {
        return act(
                room,
                () -> {
                    Session connected = room.members.sessions.get(seat);
                    if (connected == null) {
                        return Outcome.NOT_CONNECTED;
                    }
                    connected.member.close(CloseCodes.DISCONNECTED, reason);
                    return Outcome.DONE;
                });
    }

    private static Future<Outcome> act(Room room, Supplier<Outcome> action) {
        return run(room, () -> room.closed ? Outcome.GONE : action.get());
    }

    private static <T extends @Nullable Object> Future<T> run(Room room, Supplier<T> task) {
        Promise<T> answer = room.loop.newPromise();
        room.execute(
                () -> {
                    try {
                        answer.trySuccess(task.get());
                    } catch (RuntimeException e) {
                        answer.tryFailure(e);
                    }
                });
        if (room.loop.isShuttingDown()) {
            // A stopping loop drops the task: say so rather than leave it unanswered.
            answer.tryFailure(new IllegalStateException("the server is stopping"));
        }
        return answer;
    }
}
