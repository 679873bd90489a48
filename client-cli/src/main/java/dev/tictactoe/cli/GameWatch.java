package dev.tictactoe.cli;

import dev.tictactoe.protocol.RoomStatus;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.protocol.Snapshot;

import org.jspecify.annotations.Nullable;

import java.util.stream.Stream;

/** The states a session went through (who acted, whom a result names) and the server's time. */
final class GameWatch {
    private @Nullable Snapshot before;
    private @Nullable Snapshot namesOfResult;
    private int lastReported;
    private long offset;

    /** The offset came from a {@code serverTime}: turn starts are no better a measure. */
    private boolean measured;

    /** The state before the message being handled (or last handled). */
    @Nullable Snapshot before() {
        return before;
    }

    /** The state whose players the result in {@code now} names: the one just before it ended. */
    @Nullable Snapshot namesOfResult(@Nullable Snapshot now) {
        return namesOfResult != null && now != null && namesOfResult.game() == now.game()
                ? namesOfResult
                : now;
    }

    void passed(@Nullable Snapshot now) {
        if (now != null
                && now.status() == RoomStatus.OVER
                && (before == null
                        || before.status() != RoomStatus.OVER
                        || before.game() != now.game())) {
            namesOfResult = before != null && before.game() == now.game() ? before : now;
        }
        before = now;
    }

    /** Whether {@code now} shows a finished game not reported yet; then it counts as reported. */
    boolean newlyOver(@Nullable Snapshot now) {
        if (now == null || now.status() != RoomStatus.OVER || now.game() == lastReported) {
            return false;
        }
        lastReported = now.game();
        return true;
    }

    /** {@code message} took the room from {@link #before} to {@code now}, arriving then. */
    void received(ServerMessage message, @Nullable Snapshot now, long arrived) {
        Long serverTime =
                switch (message) {
                    case ServerMessage.Welcome w -> w.serverTime();
                    case ServerMessage.SnapshotMessage m -> m.serverTime();
                    default -> null;
                };
        Long started = message instanceof ServerMessage.Diff ? newTurn(before, now) : null;
        if (serverTime != null) {
            offset = serverTime - arrived;
            measured = true;
        } else if (started != null && !measured) {
            offset = started - arrived;
        }
    }

    /** The server's time (epoch ms) at local time {@code localNow}. */
    long now(long localNow) {
        return localNow + offset;
    }

    /** Whether a running clock, a seat's grace or a claim time counts down on the screen. */
    static boolean countingDown(@Nullable Snapshot s) {
        if (s == null) {
            return false;
        }
        boolean clockRuns = s.clock() != null && s.clock().running() != null;
        boolean claimPending = s.claimableAt() != null && s.status() == RoomStatus.PLAYING;
        boolean graceRuns =
                Stream.of(s.players().x(), s.players().o())
                        .anyMatch(p -> p != null && p.graceUntil() != null);
        return clockRuns || claimPending || graceRuns;
    }

    /** When the clock's turn began, if going from {@code before} to {@code now} started one. */
    static @Nullable Long newTurn(@Nullable Snapshot before, @Nullable Snapshot now) {
        Snapshot.Clock clock = now == null ? null : now.clock();
        if (clock == null || clock.running() == null || clock.turnStartedAt() == null) {
            return null;
        }
        Long was = before == null || before.clock() == null ? null : before.clock().turnStartedAt();
        return clock.turnStartedAt().equals(was) ? null : clock.turnStartedAt();
    }
}
