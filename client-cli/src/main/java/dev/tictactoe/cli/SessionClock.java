package dev.tictactoe.cli;

import com.fasterxml.jackson.databind.JsonNode;

import dev.tictactoe.client.RoomView;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.ProtocolException;
import dev.tictactoe.protocol.RoomStatus;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.Snapshot;

import org.jspecify.annotations.Nullable;

import java.util.EnumMap;
import java.util.Map;

/**
 * What the screen's countdowns read: the server's time now (a {@link ServerClock} fed by what
 * arrives), when each disconnected player's seat is freed, and whether anything counts down at all.
 */
final class SessionClock {
    private final RoomView view;
    private final ServerClock server = new ServerClock();

    SessionClock(RoomView view) {
        this.view = view;
    }

    /**
     * A text frame arrived at {@code arrived} (local epoch ms): a welcome or snapshot that carries
     * {@code serverTime} sets the clock.
     */
    void textArrived(String text, long arrived) {
        if (!text.contains("\"serverTime\"")) {
            return;
        }
        try {
            JsonNode time = MessageCodec.parse(text).path("serverTime");
            if (time.isIntegralNumber()) {
                server.serverTime(time.longValue(), arrived);
            }
        } catch (ProtocolException e) {
            // Not JSON: the follower reports it as undecodable.
        }
    }

    /** A diff took the room from {@code before} to {@code now}, arriving at {@code arrived}. */
    void diffApplied(@Nullable Snapshot before, @Nullable Snapshot now, long arrived) {
        if (now != null && startsATurn(before, now)) {
            server.turnStarted(now.clock().turnStartedAt(), arrived);
        }
    }

    /** The server's time (epoch ms) at local time {@code localNow}. */
    long now(long localNow) {
        return server.now(localNow);
    }

    /**
     * When each disconnected player's seat is freed (epoch ms), by seat; absent while connected.
     */
    Map<Seat, Long> graceUntil() {
        Map<Seat, Long> until = new EnumMap<>(Seat.class);
        JsonNode tree = view.tree();
        if (tree != null) {
            for (Seat seat : Seat.values()) {
                JsonNode value = tree.path("players").path(seat.wire()).path("graceUntil");
                if (value.isNumber()) {
                    until.put(seat, value.longValue());
                }
            }
        }
        return until;
    }

    /**
     * Whether something on the screen counts down by itself: a running clock, a seat's grace, or a
     * claim time in a game without a clock.
     */
    boolean countingDown() {
        Snapshot s = view.snapshot();
        if (s == null) {
            return false;
        }
        boolean clockRuns = s.clock() != null && s.clock().running() != null;
        boolean claimPending = s.claimableAt() != null && s.status() == RoomStatus.PLAYING;
        return clockRuns || claimPending || !graceUntil().isEmpty();
    }

    /** Whether going from {@code before} to {@code now} started a turn on the clock. */
    static boolean startsATurn(@Nullable Snapshot before, @Nullable Snapshot now) {
        if (now == null
                || now.clock() == null
                || now.clock().running() == null
                || now.clock().turnStartedAt() == null) {
            return false;
        }
        return before == null
                || before.clock() == null
                || !now.clock().turnStartedAt().equals(before.clock().turnStartedAt());
    }
}
