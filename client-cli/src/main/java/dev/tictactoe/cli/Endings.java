package dev.tictactoe.cli;

import dev.tictactoe.client.GameConnection;
import dev.tictactoe.client.RoomFollower;
import dev.tictactoe.client.ServerAddress;
import dev.tictactoe.protocol.CloseCodes;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.ProtocolException;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.ServerMessage;

import org.jspecify.annotations.Nullable;

import java.util.Objects;

/** How a stay in a room ends, in words and an exit code: each stop, each refusal of a join. */
record Endings(ServerAddress server, String room, boolean quickMatch) {

    record Ending(int code, @Nullable String why, boolean forgetToken) {}

    String openFailure(Throwable cause) {
        return switch (cause) {
            case ProtocolException p when p.code() == ErrorCode.UNKNOWN_ROOM -> noSuchRoom();
            case ProtocolException p -> "the server refused the connection: " + p.code().text();
            default -> "cannot reach the server at " + server + ": " + RoomFollower.describe(cause);
        };
    }

    /** A refusal of our join in words; {@code seat} is the seat held before, if any. */
    String refusal(ServerMessage.ErrorMessage e, boolean welcomed, @Nullable Seat seat) {
        return switch (e.code()) {
            case UNKNOWN_ROOM -> noSuchRoom();
            case NOT_A_PLAYER ->
                    !welcomed && quickMatch
                            ? "the seat the quick match gave you in room %s is no longer held"
                                    .formatted(room)
                            : "seat %s in room %s was given up: the time to come back ran out"
                                    .formatted(seat, room);
            case ROOM_FULL -> "cannot join room " + room + ": " + e.message();
            default -> "the server refused to let us in: " + e.message();
        };
    }

    Ending stopped(
            RoomFollower.Listener.Stopped stopped,
            boolean welcomed,
            ServerMessage.@Nullable ErrorMessage lastError,
            @Nullable Seat seat) {
        GameConnection.CloseInfo close = stopped.close();
        String reason =
                close == null || close.reason().isEmpty() ? "" : " (" + close.reason() + ")";
        int closeCode = close == null ? CloseCodes.ABNORMAL : close.code();
        String closedBy = "the server closed the connection: ";
        String gone = "room %s no longer exists on %s (the server may have restarted)";
        // The follower gives a cause for these two.
        Throwable cause =
                Objects.requireNonNullElseGet(stopped.cause(), IllegalStateException::new);
        int refused = welcomed ? ExitCodes.ABORTED : ExitCodes.ERROR;
        return switch (stopped.reason()) {
            case UNREACHABLE -> end(ExitCodes.ERROR, openFailure(cause));
            case ROOM_GONE ->
                    new Ending(
                            refused,
                            closeCode == CloseCodes.ROOM_CLOSED
                                    ? "room %s was closed by the server's operator%s"
                                            .formatted(room, reason)
                                    : welcomed ? gone.formatted(room, server) : noSuchRoom(),
                            true);
            case REPLACED ->
                    end(ExitCodes.ABORTED, "this seat was taken over by another connection");
            case LEFT ->
                    new Ending(
                            ExitCodes.ABORTED,
                            closedBy + CloseCodes.describe(closeCode) + reason,
                            true);
            case POLICY ->
                    end(
                            ExitCodes.ABORTED,
                            closedBy
                                    + (closeCode == CloseCodes.POLICY_VIOLATION
                                            ? "too many messages"
                                            : CloseCodes.describe(closeCode) + reason));
            case GAVE_UP -> end(ExitCodes.ABORTED, cause.getMessage() + " to reconnect");
            case CLOSED ->
                    end(
                            refused,
                            lastError != null
                                    ? refusal(lastError, welcomed, seat)
                                    : "the server closed the connection before letting us in (%s)"
                                            .formatted(CloseCodes.describe(closeCode)));
            case BY_REQUEST -> end(ExitCodes.ABORTED, null);
        };
    }

    private String noSuchRoom() {
        return "there is no room %s on %s (check the code)".formatted(room, server);
    }

    private static Ending end(int code, @Nullable String why) {
        return new Ending(code, why, false);
    }
}
