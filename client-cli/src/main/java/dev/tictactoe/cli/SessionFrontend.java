package dev.tictactoe.cli;

import dev.tictactoe.client.GameAnalysis;
import dev.tictactoe.protocol.ServerMessage;

/** What a RoomSession shows, and where its commands come from: a terminal or JSON lines. */
interface SessionFrontend {
    /** Every text frame from the server, as received, before it is applied. */
    default void raw(String text) {}

    /** A server message, after the room view took it in. */
    default void received(ServerMessage message) {}

    /** The connection status changed (see {@link RoomSession#status}). */
    default void connectionChanged() {}

    /** A finished game as the server's engine judged it ({@code history N}). */
    default void analysed(GameAnalysis analysis) {}

    void notice(String text, boolean error);
}
