package dev.tictactoe.cli;

import dev.tictactoe.client.GameConnection;
import dev.tictactoe.client.RoomsApi;
import dev.tictactoe.client.ServerAddress;
import dev.tictactoe.protocol.NewRoom;
import dev.tictactoe.protocol.ProtocolException;

import io.netty.channel.EventLoopGroup;

import org.jspecify.annotations.Nullable;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/** Runs what a command asked for: create the room if needed, then play or watch it. */
final class ClientApp {
    private ClientApp() {}

    /** Plays or watches room {@code code}, or a new one; {@code token} is a quick match's seat. */
    static int run(
            ClientOptions options,
            @Nullable String code,
            @Nullable NewRoom create,
            String name,
            boolean spectate,
            @Nullable String token) {
        ServerAddress server = options.server();
        EventLoopGroup group = GameConnection.newGroup(1);
        try {
            ScriptFrontend script =
                    options.script
                            ? new ScriptFrontend(
                                    new PrintStream(
                                            new FileOutputStream(FileDescriptor.out),
                                            false,
                                            StandardCharsets.UTF_8),
                                    System.err)
                            : null;
            String room = code;
            if (create != null) {
                RoomsApi.Created created = create(server, create);
                room = created.code();
                if (script != null) {
                    script.roomCreated(room, created.settings());
                }
            }
            RoomSession session =
                    new RoomSession(
                            server,
                            Objects.requireNonNull(room, "a room to join or create"),
                            name,
                            spectate,
                            script != null && !options.keepGoing,
                            script != null,
                            group,
                            SeatTokens.fromEnvironment(System.getenv()),
                            token);
            if (script != null) {
                script.startReading(System.in, session);
                return session.run(script);
            }
            try (TerminalFrontend frontend = TerminalFrontend.open(session, options.plain)) {
                frontend.start();
                int exit = session.run(frontend);
                frontend.finalScreen();
                return exit;
            }
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        }
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

    /** The server at {@code server} could not be reached, in words. */
    static UserError unreachable(ServerAddress server, UncheckedIOException e) {
        String why =
                e.getCause() instanceof ConnectException ? "connection refused" : e.getMessage();
        return new UserError("cannot reach the server at " + server + ": " + why);
    }
}
