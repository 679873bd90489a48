package dev.tictactoe.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.client.RoomsApi;
import dev.tictactoe.protocol.NewRoom;
import dev.tictactoe.server.ServerConfig;
import dev.tictactoe.server.net.GameServer;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Interactive {@code ttt} with nothing on stdin: a usage error (4), as documented, not a left game
 * (3).
 */
class ClosedInputIT {

    private GameServer server;

    @BeforeEach
    void start() {
        server = ServerConfig.local().start();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void joiningWithStdinClosedExitsWithTheUsageCodeAndSaysWhy() throws Exception {
        URI http = URI.create("http://127.0.0.1:" + server.port());
        String code = new RoomsApi(http).create(NewRoom.DEFAULT).code();
        Process p = launch("join", code, "--server", http.toString());
        assertThat(p.waitFor(CliProcess.TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
        String err = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(err).isEqualTo(ExitCodes.ERROR);
        assertThat(err).contains("standard input is closed");
    }

    @Test
    void anUnknownRoomStillSaysSoWithStdinClosed() throws Exception {
        Process p = launch("join", "ZZZZZZ", "--server", "http://127.0.0.1:" + server.port());
        assertThat(p.waitFor(CliProcess.TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
        String err = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(err).isEqualTo(ExitCodes.ERROR);
        assertThat(err).contains("no room ZZZZZZ");
    }

    private static Process launch(String... args) throws IOException {
        List<String> command =
                new java.util.ArrayList<>(
                        List.of(
                                ProcessHandle.current().info().command().orElse("java"),
                                "-XX:TieredStopAtLevel=1",
                                "-jar",
                                CliProcess.jar().toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectInput(new File("/dev/null"));
        builder.environment().remove("TTT_SERVER");
        builder.environment().put("NO_COLOR", "1");
        builder.redirectErrorStream(true); // the words go to the screen: stdout on a dumb terminal
        return builder.start();
    }
}
