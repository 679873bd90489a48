package dev.tictactoe.server.room;

import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.Durations;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.server.game.Mark;

import java.time.Duration;
import java.util.EnumMap;

/** Quick phrases from seated players to every member: no change of the room, never replayed. */
final class Phrases {

    /** A seat says one phrase per interval once its burst is spent. */
    static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(2);

    /** Phrases a quiet seat may say at once. */
    static final int DEFAULT_BURST = 3;

    private static final long INTERVAL_NANOS = DEFAULT_INTERVAL.toNanos();

    /** How far ahead of now a seat's schedule may run before it is refused. */
    private static final long SLACK_NANOS = (DEFAULT_BURST - 1) * INTERVAL_NANOS;

    private final Room room;

    /** When each seat's budget is whole again, on the room's monotonic line. */
    private final EnumMap<Mark, Long> freeAt = new EnumMap<>(Mark.class);

    Phrases(Room room) {
        this.room = room;
    }

    /** Says {@code phrase} for the session's seat, or gives why not. */
    Outcome.Refused say(Session session, ClientMessage.Phrase phrase) {
        Mark mark = session.seat;
        if (mark == null) {
            return Room.NOT_A_PLAYER;
        }
        long now = room.time.nanos();
        // A virtual schedule (GCRA): one number per seat instead of a bucket and its refill time.
        long next = Math.max(freeAt.getOrDefault(mark, Long.MIN_VALUE), now);
        if (next - now > SLACK_NANOS) {
            return new Outcome.Refused(
                    ErrorCode.RATE_LIMITED,
                    "too many phrases: "
                            + DEFAULT_BURST
                            + " at once, then one every "
                            + Durations.format(DEFAULT_INTERVAL));
        }
        freeAt.put(mark, next + INTERVAL_NANOS);
        room.feed.broadcastAside(new ServerMessage.Phrase(Wire.seat(mark), phrase.phrase()));
        return null;
    }
}
