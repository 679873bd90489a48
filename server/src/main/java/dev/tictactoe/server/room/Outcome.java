package dev.tictactoe.server.room;

import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.Event;

import org.jspecify.annotations.Nullable;

/** What {@link RoomCore#apply} made of a command: a new version, a refusal, or nothing to do. */
sealed interface Outcome {

    /** The command made {@code version}, heard as {@code event} (null: only shown times moved). */
    record Applied(long version, @Nullable Event event, boolean started, boolean ended)
            implements Outcome {}

    /** The command is refused, for the sender alone to hear; the state is untouched. */
    record Refused(ErrorCode code, String message) implements Outcome {}

    /** Nothing to change: a resent move (applied at {@code version}), a repeated offer. */
    record Unchanged(long version) implements Outcome {}
}
