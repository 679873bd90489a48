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

    /** Runs {@code launch} to the end and returns the exit code. */
    static int run(Launch launch) {
        EventLoopGroup group = GameConnection.newGroup(1);
        try {
            return launch.script() ? runScript(launch, group) : runInteractive(launch, group);
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        }
    }

    private static int runScript(Launch launch, EventLoopGroup group) {
        PrintStream out =
                new PrintStream(
                        new FileOutputStream(FileDescriptor.out), false, StandardCharsets.UTF_8);
        ScriptFrontend frontend = new ScriptFrontend(out, System.err);
        RoomSession session = session(launch, group, frontend);
        frontend.startReading(System.in, session);
        return session.run(frontend);
    }

    private static int runInteractive(Launch launch, EventLoopGroup group) {
        RoomSession session = session(launch, group, null);
        try (TerminalFrontend frontend = TerminalFrontend.open(session, launch.plain())) {
            frontend.start();
            int exit = session.run(frontend);
            frontend.finalScreen();
            return exit;
        }
    }

    /** The session in the room to join, or in a new one (told to {@code script}, if any). */
    private static RoomSession session(
            Launch launch, EventLoopGroup group, @Nullable ScriptFrontend script) {
        NewRoom request = launch.create();
        String code = launch.code();
        if (request != null) {
            RoomsApi.Created created = create(launch, request);
            code = created.code();
            if (script != null) {
                script.roomCreated(code, created.settings());
            }
        }
        return new RoomSession(
                launch.server(),
                Objects.requireNonNull(code, "a launch names a room to join or create"),
                launch.name(),
                launch.spectate(),
                script != null && !launch.keepGoing(),
                script != null,
                group,
                SeatTokens.fromEnvironment(System.getenv()),
                launch.token());
    }

    /** Creates the room over HTTP, turning refusals and network trouble into words. */
    private static RoomsApi.Created create(Launch launch, NewRoom request) {
        try {
            return new RoomsApi(launch.server().http()).create(request);
        } catch (ProtocolException e) {
            throw new UserError(
                    "the server refused to create the room: "
                            + e.code().text()
                            + " ("
                            + e.getMessage()
                            + ")");
        } catch (UncheckedIOException e) {
            throw unreachable(launch.server(), e);
        }
    }

    /** The server at {@code server} could not be reached, in words. */
    static UserError unreachable(ServerAddress server, UncheckedIOException e) {
        return new UserError(
                "cannot reach the server at "
                        + server
                        + ": "
                        + (e.getCause() instanceof ConnectException
                                ? "connection refused"
                                : e.getMessage()));
    }
}
