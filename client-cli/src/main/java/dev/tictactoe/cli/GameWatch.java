package dev.tictactoe.cli;

import dev.tictactoe.protocol.RoomStatus;
import dev.tictactoe.protocol.Snapshot;

import org.jspecify.annotations.Nullable;

/** The states a session went through: who acted, whom a result names, what was reported. */
final class GameWatch {
    private @Nullable Snapshot before;
    private @Nullable Snapshot namesOfResult;
    private int lastReported;

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
}
