package dev.tictactoe.cli;

import dev.tictactoe.client.GameConnection;
import dev.tictactoe.client.RoomFollower;
import dev.tictactoe.client.RoomsApi;
import dev.tictactoe.client.ServerAddress;
import dev.tictactoe.protocol.NewRoom;
import dev.tictactoe.protocol.Protocol;
import dev.tictactoe.protocol.ProtocolException;
import dev.tictactoe.protocol.RoomCode;

import io.netty.channel.EventLoopGroup;

import org.jspecify.annotations.Nullable;

import picocli.CommandLine.Option;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** Options shared by every command, and the stay in a room they all end with. */
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
            names = "--name",
            paramLabel = "NAME",
            description = "Your name (default: env TTT_NAME, else your login).")
    @Nullable String name;

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

    /** The name given (checked), else {@code TTT_NAME}, else the login name, else "player". */
    String name() {
        if (name != null) {
            String given = name.strip();
            if (!Protocol.isValidName(given)) {
                throw new UserError(
                        "--name must be 1 to %d characters without control characters, was \"%s\""
                                .formatted(Protocol.MAX_NAME_LENGTH, name));
            }
            return given;
        }
        return Stream.of(System.getenv("TTT_NAME"), System.getProperty("user.name"))
                .filter(Objects::nonNull)
                .map(ClientOptions::shortened)
                .filter(Protocol::isValidName)
                .findFirst()
                .orElse("player");
    }

    /** A login stripped and cut to the longest name the protocol allows. */
    private static String shortened(String login) {
        String s = login.strip();
        return s.codePointCount(0, s.length()) <= Protocol.MAX_NAME_LENGTH
                ? s
                : s.substring(0, s.offsetByCodePoints(0, Protocol.MAX_NAME_LENGTH)).strip();
    }

    /** The canonical room code of what the user typed, or a usage error saying what is wrong. */
    static String roomCode(String typed) {
        String why = "\"%s\" is not a room code: codes are %d letters and digits, like K7MQ2P";
        return RoomCode.normalize(typed)
                .orElseThrow(() -> new UserError(why.formatted(typed, RoomCode.LENGTH)));
    }

    /** Plays or watches room {@code code}, or a new one; {@code token} is a quick match's seat. */
    int run(
            @Nullable String code,
            @Nullable NewRoom create,
            boolean spectate,
            @Nullable String token) {
        ServerAddress server = server();
        EventLoopGroup group = GameConnection.newGroup(1);
        try {
            ScriptFrontend lines = script ? new ScriptFrontend(stdout(), System.err) : null;
            String room = code;
            if (create != null) {
                RoomsApi.Created created = create(server, create);
                room = created.code();
                if (lines != null) {
                    lines.roomCreated(room, created.settings());
                }
            }
            RoomSession session =
                    new RoomSession(
                            server,
                            Objects.requireNonNull(room, "a room to join or create"),
                            name(),
                            spectate,
                            script && !keepGoing,
                            script,
                            group,
                            SeatTokens.fromEnvironment(System.getenv()),
                            token);
            if (lines != null) {
                lines.startReading(System.in, session);
                return session.run(lines);
            }
            try (TerminalFrontend frontend = TerminalFrontend.open(session, plain)) {
                frontend.start();
                int exit = session.run(frontend);
                frontend.finalScreen();
                return exit;
            }
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        }
    }

    /** Standard output in UTF-8, whatever the platform's encoding, flushed at each line. */
    static PrintStream stdout() {
        return new PrintStream(
                new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
    }

    /** Creates the room over HTTP, turning refusals and network trouble into words. */
    private static RoomsApi.Created create(ServerAddress server, NewRoom request) {
        try {
            return new RoomsApi(server.http()).create(request);
        } catch (ProtocolException e) {
            throw new UserError(
                    "the server refused to create the room: %s (%s)"
                            .formatted(e.code().text(), e.getMessage()));
        } catch (UncheckedIOException e) {
            throw unreachable(server, e);
        }
    }

    static UserError unreachable(ServerAddress server, UncheckedIOException e) {
        Throwable why = e.getCause() instanceof ConnectException refused ? refused : e;
        return new UserError(
                "cannot reach the server at " + server + ": " + RoomFollower.describe(why));
    }
}
