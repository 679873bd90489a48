package dev.tictactoe.cli;

import dev.tictactoe.client.ServerAddress;
import dev.tictactoe.protocol.NewRoom;
import dev.tictactoe.protocol.RoomCode;

import org.jspecify.annotations.Nullable;

/**
 * What a command asked for, checked: the server, the room (to create or to join), who we are and
 * how to run (scripting or interactive).
 */
record Launch(
        ServerAddress server,
        @Nullable String code,
        @Nullable NewRoom create,
        String name,
        boolean spectate,
        boolean script,
        boolean keepGoing,
        boolean plain,
        @Nullable String token) {

    /** A launch with the options every command shares; {@code token} from a quick match. */
    static Launch of(
            ClientOptions options,
            @Nullable String code,
            @Nullable NewRoom create,
            String name,
            boolean spectate,
            @Nullable String token) {
        return new Launch(
                server(options),
                code,
                create,
                name,
                spectate,
                options.script,
                options.keepGoing,
                options.plain,
                token);
    }

    /** The canonical room code of what the user typed, or a usage error saying what is wrong. */
    static String roomCode(String typed) {
        return RoomCode.normalize(typed)
                .orElseThrow(
                        () ->
                                new UserError(
                                        "\""
                                                + typed
                                                + "\" is not a room code: codes are "
                                                + RoomCode.LENGTH
                                                + " letters and digits, like K7MQ2P"));
    }

    static ServerAddress server(ClientOptions options) {
        try {
            return ServerAddress.parse(options.server);
        } catch (IllegalArgumentException e) {
            throw new UserError("--server: " + e.getMessage());
        }
    }
}
