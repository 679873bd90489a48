package dev.tictactoe.client;

import dev.tictactoe.protocol.CloseCodes;
import dev.tictactoe.protocol.ProtocolException;
import dev.tictactoe.protocol.ServerMessage;

import org.jspecify.annotations.Nullable;

import java.time.Duration;

/** What a {@link RoomFollower} reports, on the follower's executor. */
public interface FollowerListener {
    /** Why a follower stopped for good. */
    enum Stop {
        BY_REQUEST, // leave, disconnect or stop
        UNREACHABLE, // the first connection could not be opened
        ROOM_GONE, // 404 on the upgrade, unknown_room, or closed 4004 by the operator
        REPLACED, // closed 4001: another connection took the seat
        LEFT, // closed 4002
        POLICY, // closed 1008, 1003 or 1009: the server will not have us back as we are
        CLOSED, // before any welcome, or with reconnecting turned off
        GAVE_UP; // every reconnect attempt failed

        /** The stop a close code means whatever came before, or null when none. */
        static @Nullable Stop after(int closeCode) {
            return switch (closeCode) {
                case CloseCodes.REPLACED -> REPLACED;
                case CloseCodes.LEFT -> LEFT;
                case CloseCodes.ROOM_CLOSED -> ROOM_GONE;
                case CloseCodes.POLICY_VIOLATION,
                        CloseCodes.UNSUPPORTED_DATA,
                        CloseCodes.MESSAGE_TOO_BIG ->
                        POLICY;
                default -> null;
            };
        }
    }

    /** How a follower ended; {@code close} is null when no connection was open. */
    record Stopped(
            Stop reason, GameConnection.@Nullable CloseInfo close, @Nullable Throwable cause) {}

    /** Every text frame as received, before it is decoded and applied. */
    default void onText(String text) {}

    /** A new connection is open (nothing from it reported yet); a rejoin, if due, follows. */
    default void onConnected(GameConnection connection) {}

    /** A server message, after the state took it in. */
    void onMessage(ServerMessage message);

    default void onUndecodable(String text, ProtocolException problem) {}

    /** Another attempt comes after {@code wait}; {@code closeCode} 0 when an attempt failed. */
    default void onReconnecting(
            String why, int closeCode, int attempt, int attempts, Duration wait) {}

    default void onReconnectAttempt(int attempt, int attempts) {}

    /** The follower stopped for good; nothing follows. */
    void onStopped(Stopped stopped);
}
