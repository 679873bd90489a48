package dev.tictactoe.server.room;

import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.Durations;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.server.game.Mark;

import java.time.Duration;

/**
 * Quick phrases: a seated player's phrase goes to every member at once. It is not a change of the
 * room (no version, no diff, no record), so a replay and the snapshot + diffs stream never see it.
 * Room loop only.
 */
final class Phrases {

    /** A seat says one phrase per interval once its burst is spent. */
    static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(2);

    /** Phrases a quiet seat may say at once. */
    static final int DEFAULT_BURST = 3;

    private static final long INTERVAL_NANOS = DEFAULT_INTERVAL.toNanos();

    /** How far ahead of now a seat's schedule may run before it is refused. */
    private static final long SLACK_NANOS = (DEFAULT_BURST - 1) * INTERVAL_NANOS;

    private final Room room;

    Phrases(Room room) {
        this.room = room;
    }

    void say(Session session, ClientMessage.Phrase phrase) {
        Mark mark = room.members.requirePlayer(session);
        Seat seat = room.members.seat(mark);
        long now = room.time.nanos();
        // A virtual schedule (GCRA): one number per seat instead of a bucket and its refill time.
        long next = Math.max(seat.phrasesFreeAt, now);
        if (next - now > SLACK_NANOS) {
            throw new Rejection(
                    ErrorCode.RATE_LIMITED,
                    "too many phrases: "
                            + DEFAULT_BURST
                            + " at once, then one every "
                            + Durations.format(DEFAULT_INTERVAL));
        }
        seat.phrasesFreeAt = next + INTERVAL_NANOS;
        room.feed.broadcastAside(new ServerMessage.Phrase(mark.name(), phrase.phrase()));
    }
}
