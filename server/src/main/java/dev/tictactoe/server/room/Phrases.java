package dev.tictactoe.server.room;

import dev.tictactoe.protocol.ClientMessage;
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

    private final Room room;
    private final long intervalNanos;
    private final long burstNanos;

    Phrases(Room room) {
        this(room, DEFAULT_INTERVAL, DEFAULT_BURST);
    }

    Phrases(Room room, Duration interval, int burst) {
        this.room = room;
        this.intervalNanos = interval.toNanos();
        this.burstNanos = (burst - 1) * intervalNanos;
    }

    void say(Session session, ClientMessage.Phrase phrase) {
        Mark mark = room.members.requirePlayer(session);
        Seat seat = room.members.seat(mark);
        long now = room.time.nanos();
        // A virtual schedule (GCRA): one number per seat instead of a bucket and its refill time.
        long next = Math.max(seat.phrasesFreeAt, now);
        if (next - now > burstNanos) {
            throw new Rejection(
                    ErrorCode.RATE_LIMITED,
                    "too many phrases: "
                            + (burstNanos / intervalNanos + 1)
                            + " at once, then one every "
                            + intervalNanos / 1_000_000
                            + " ms");
        }
        seat.phrasesFreeAt = next + intervalNanos;
        room.feed.broadcastAside(new ServerMessage.Phrase(mark.name(), phrase.phrase()));
    }
}
