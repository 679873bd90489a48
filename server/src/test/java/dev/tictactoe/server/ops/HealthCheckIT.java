package dev.tictactoe.server.ops;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.server.ServerConfig;
import dev.tictactoe.server.net.GameServer;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;

/** The image's HEALTHCHECK script (docker/healthcheck) against a live server and a closed port. */
class HealthCheckIT {

    private static final Path SCRIPT = Path.of("..", "docker", "healthcheck");

    private static int check(int port) throws IOException, InterruptedException {
        ProcessBuilder probe =
                new ProcessBuilder("bash", SCRIPT.toString()).redirectErrorStream(true);
        probe.environment().put("TTT_PORT", String.valueOf(port));
        Process process = probe.start();
        process.getInputStream().readAllBytes();
        return process.waitFor();
    }

    @Test
    void healthyWhileTheServerIsReadyAndNotAfter() throws Exception {
        int port;
        try (GameServer server = ServerConfig.local().start()) {
            port = server.port();
            assertThat(check(port)).isZero();
        }
        assertThat(check(port)).isNotZero();
    }

    @Test
    void aPortThatNeverAnswersIsUnhealthy() throws Exception {
        // Accepts into its backlog but never answers: the script's read gives up by itself.
        try (ServerSocket silent = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            assertThat(check(silent.getLocalPort())).isNotZero();
        }
    }
}
