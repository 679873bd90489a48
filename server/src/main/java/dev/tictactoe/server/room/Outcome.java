package dev.tictactoe.server.room;

import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.Event;

import org.jspecify.annotations.Nullable;

/** What {@link RoomCore#apply} made of a command: a new version, a refusal, or nothing to do. */
sealed interface Outcome {

    /**
     * The command made {@code version}, which members hear of as {@code event} (null: only the
     * times shown moved); {@code started} and {@code ended} say whether a game began or finished.
     */
    record Applied(long version, @Nullable Event event, boolean started, boolean ended)
            implements Outcome {}

    /** The command is refused, for the sender alone to hear; the state is untouched. */
    record Refused(ErrorCode code, String message) implements Outcome {}

    /**
     * Nothing to change: the command was applied before (a resent move, at {@code version}) or
     * changes nothing (a rematch offered twice, a restart that moved no shown time).
     */
    record Unchanged(long version) implements Outcome {}
}
