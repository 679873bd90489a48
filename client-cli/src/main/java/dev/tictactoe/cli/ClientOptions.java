package dev.tictactoe.cli;

import dev.tictactoe.client.ServerAddress;
import dev.tictactoe.protocol.RoomCode;

import picocli.CommandLine.Option;

/** Options shared by {@code create}, {@code join} and {@code watch}. */
final class ClientOptions {

    @Option(
            names = "--server",
            paramLabel = "URL",
            defaultValue = "${env:TTT_SERVER:-" + ServerAddress.DEFAULT + "}",
            description =
                    "Server to play on (env TTT_SERVER; default ${DEFAULT-VALUE}). "
                            + "The WebSocket URL ws://HOST:PORT/rooms/CODE/ws is derived from it.")
    String server;

    @Option(
            names = "--script",
            description =
                    "Scripting mode: JSON lines in and out, exit code tells how the game ended (0"
                        + " won, 1 lost, 2 draw, 3 aborted or connection lost, 4 usage or server"
                        + " error).")
    boolean script;

    @Option(
            names = "--keep-going",
            description =
                    "In scripting mode, keep playing after the first game is over (exit on quit,"
                            + " end of input after a game, or when the connection ends).")
    boolean keepGoing;

    @Option(
            names = "--plain",
            description = "No colours (also when NO_COLOR is set or the terminal has none).")
    boolean plain;

    ServerAddress server() {
        try {
            return ServerAddress.parse(server);
        } catch (IllegalArgumentException e) {
            throw new UserError("--server: " + e.getMessage());
        }
    }

    /** The canonical room code of what the user typed, or a usage error saying what is wrong. */
    static String roomCode(String typed) {
        String why = "\"%s\" is not a room code: codes are %d letters and digits, like K7MQ2P";
        return RoomCode.normalize(typed)
                .orElseThrow(() -> new UserError(why.formatted(typed, RoomCode.LENGTH)));
    }
}
