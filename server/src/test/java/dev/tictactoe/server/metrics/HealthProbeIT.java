package dev.tictactoe.server.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.server.ServerConfig;
import dev.tictactoe.server.net.GameServer;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;

/** The container's health check against a live server, a closed port and a wrong path. */
class HealthProbeIT {

    @Test
    void healthyWhileTheServerServesAndNotAfter() throws IOException {
        URI health;
        try (GameServer server =
                GameServer.start(ServerConfig.builder().host("127.0.0.1").port(0).build())) {
            health = HealthProbe.localHealth(String.valueOf(server.port()));
            assertThat(health).hasToString("http://127.0.0.1:" + server.port() + "/healthz");
            assertThat(HealthProbe.healthy(health, HealthProbe.TIMEOUT)).isTrue();
            assertThat(HealthProbe.healthy(health.resolve("/nowhere"), HealthProbe.TIMEOUT))
                    .isFalse();
        }
        assertThat(HealthProbe.healthy(health, HealthProbe.TIMEOUT)).isFalse();
    }

    @Test
    void aPortThatNeverAnswersIsUnhealthyWithinTheTimeout() throws IOException {
        // Accepts connections into its backlog but never reads: the probe must give up on its own.
        try (ServerSocket silent = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            long start = System.nanoTime();
            assertThat(
                            HealthProbe.healthy(
                                    HealthProbe.localHealth(String.valueOf(silent.getLocalPort())),
                                    HealthProbe.TIMEOUT))
                    .isFalse();
            assertThat(System.nanoTime() - start).isLessThan(HealthProbe.TIMEOUT.toNanos() * 3);
        }
    }

    @Test
    void theDefaultPortIsTheServers() {
        assertThat(HealthProbe.localHealth(null).getPort()).isEqualTo(ServerConfig.DEFAULT_PORT);
        assertThat(HealthProbe.DEFAULT_PORT).isEqualTo(ServerConfig.DEFAULT_PORT);
    }
}
