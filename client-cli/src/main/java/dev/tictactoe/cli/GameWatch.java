package dev.tictactoe.cli;

import dev.tictactoe.protocol.RoomStatus;
import dev.tictactoe.protocol.Snapshot;

/**
 * What the states a session goes through say about its games: the state before the message being
 * handled (to name who acted before a diff changed the seats), the state just before the current
 * game ended (its players are the ones the result names), and whether a finished game has been
 * reported yet. Used on the session thread.
 */
final class GameWatch {
    private Snapshot before;
    private Snapshot namesOfResult;
    private int lastReported;

    /** The state before the message being handled (or last handled), or null. */
    Snapshot before() {
        return before;
    }

    /** The state whose players the result in {@code now} names: the one just before it ended. */
    Snapshot namesOfResult(Snapshot now) {
        return namesOfResult != null && now != null && namesOfResult.game() == now.game()
                ? namesOfResult
                : now;
    }

    /** A message was handled, leaving the room in {@code now}. */
    void passed(Snapshot now) {
        if (now != null
                && RoomStatus.OVER.is(now.status())
                && (before == null
                        || !RoomStatus.OVER.is(before.status())
                        || before.game() != now.game())) {
            namesOfResult = before != null && before.game() == now.game() ? before : now;
        }
        before = now;
    }

    /**
     * Whether {@code now} shows a finished game not reported yet; it counts as reported after this.
     */
    boolean newlyOver(Snapshot now) {
        if (now == null || !RoomStatus.OVER.is(now.status()) || now.game() == lastReported) {
            return false;
        }
        lastReported = now.game();
        return true;
    }
}
