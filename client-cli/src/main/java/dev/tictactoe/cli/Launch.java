package dev.tictactoe.cli;

import dev.tictactoe.client.ServerAddress;
import dev.tictactoe.protocol.NewRoom;
import dev.tictactoe.protocol.RoomCode;

/**
 * What a command asked for, checked: the server, the room (to create or to join), who we are and
 * how to run (scripting or interactive).
 *
 * @param code the room to join, null when {@link #create} is set
 * @param create the room to create first, or null
 * @param spectate join as a spectator
 */
record Launch(ServerAddress server, String code, NewRoom create, String name, boolean spectate,
        boolean script, boolean keepGoing, boolean plain) {

    static Launch create(ClientOptions options, NewRoom request, String name) {
        return new Launch(server(options), null, request, name, false, options.script, options.keepGoing, options.plain);
    }

    static Launch join(ClientOptions options, String code, String name, boolean spectate) {
        return new Launch(server(options), code, null, name, spectate, options.script, options.keepGoing, options.plain);
    }

    /** The canonical room code of what the user typed, or a usage error saying what is wrong. */
    static String roomCode(String typed) {
        return RoomCode.normalize(typed).orElseThrow(() -> new UserError(
                "\"" + typed + "\" is not a room code: codes are " + RoomCode.LENGTH + " letters and digits, like K7MQ2P"));
    }

    private static ServerAddress server(ClientOptions options) {
        try {
            return ServerAddress.parse(options.server);
        } catch (IllegalArgumentException e) {
            throw new UserError("--server: " + e.getMessage());
        }
    }
}
