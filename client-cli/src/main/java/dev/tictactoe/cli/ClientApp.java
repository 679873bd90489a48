package dev.tictactoe.cli;

import dev.tictactoe.client.GameConnection;
import dev.tictactoe.client.RoomsApi;
import dev.tictactoe.protocol.NewRoom;
import dev.tictactoe.protocol.ProtocolException;

import io.netty.channel.EventLoopGroup;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
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
        NewRoom request = launch.create();
        String code;
        if (request != null) {
            RoomsApi.Created created = create(launch, request);
            code = created.code();
            frontend.roomCreated(code, created.settings());
        } else {
            code = Objects.requireNonNull(launch.code(), "a launch names a room to join or create");
        }
        RoomSession session =
                new RoomSession(
                        launch.server(),
                        code,
                        launch.name(),
                        launch.spectate(),
                        !launch.keepGoing(),
                        true,
                        group,
                        SeatTokens.fromEnvironment(System.getenv()),
                        launch.token());
        frontend.startReading(System.in, session);
        return session.run(frontend);
    }

    private static int runInteractive(Launch launch, EventLoopGroup group) {
        NewRoom request = launch.create();
        String code =
                request != null
                        ? create(launch, request).code()
                        : Objects.requireNonNull(
                                launch.code(), "a launch names a room to join or create");
        RoomSession session =
                new RoomSession(
                        launch.server(),
                        code,
                        launch.name(),
                        launch.spectate(),
                        false,
                        false,
                        group,
                        SeatTokens.fromEnvironment(System.getenv()),
                        launch.token());
        try (TerminalFrontend frontend = TerminalFrontend.open(session, launch.plain())) {
            frontend.start();
            int exit = session.run(frontend);
            frontend.finalScreen();
            return exit;
        }
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
            throw new UserError(
                    "cannot reach the server at "
                            + launch.server()
                            + ": "
                            + (e.getCause() instanceof java.net.ConnectException
                                    ? "connection refused"
                                    : e.getMessage()));
        }
    }
}
