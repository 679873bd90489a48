package dev.tictactoe.cli;

import dev.tictactoe.protocol.ResultReason;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.Snapshot;

import org.jspecify.annotations.Nullable;

/** Process exit codes: how the game ended from the player's seat, so scripts can branch. */
final class ExitCodes {
    static final int WON = 0;
    static final int LOST = 1;
    static final int DRAW = 2;

    /** The game was abandoned, we left, or the connection was lost for good. */
    static final int ABORTED = 3;

    /** Bad usage or a refusal from the server (unknown room, room full, ...). */
    static final int ERROR = 4;

    private ExitCodes() {}

    /** The exit code for a finished game as seen from {@code seat} (null for a spectator). */
    static int of(Snapshot.@Nullable Result result, @Nullable Seat seat) {
        if (result == null || result.reason() == ResultReason.ABANDONED) {
            return ABORTED;
        }
        return result.winner() == null
                ? DRAW
                : seat == null || result.winner() == seat ? WON : LOST;
    }
}
