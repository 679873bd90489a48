package dev.tictactoe.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.bench.RelayServer;
import dev.tictactoe.server.ServerConfig;
import dev.tictactoe.server.net.GameServer;
import dev.tictactoe.server.net.NetSettings;
import dev.tictactoe.server.net.Transport;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * Short runs of the generator against a real server and the relay: correctness only, never speed.
 */
class LoadSmokeIT {

    private final ByteArrayOutputStream progress = new ByteArrayOutputStream();

    private LoadSettings settings(
            int port, boolean relay, long moves, int capacity, int perSource) {
        return new LoadSettings(
                new Target("127.0.0.1", port),
                relay,
                5,
                Duration.ofSeconds(20),
                moves,
                Duration.ZERO,
                Duration.ZERO,
                capacity,
                1,
                3,
                3,
                11,
                perSource,
                Duration.ZERO,
                "smoke");
    }

    private LoadRun run(LoadSettings settings) {
        return new LoadRun(settings, new PrintStream(progress, true, StandardCharsets.UTF_8));
    }

    /**
     * The server's default rate limit would refuse players who answer at once; the smoke run is
     * about correctness.
     */
    private static GameServer server() {
        return ServerConfig.local(
                        "--worker-threads=1",
                        "--messages-per-second=100000",
                        "--message-burst=100000")
                .start();
    }

    @Test
    @Timeout(60)
    void fiveRoomsPlayCompleteGamesAgainstTheServer() throws Exception {
        try (GameServer server = server()) {
            LoadResult r = run(settings(server.port(), false, 300, 0, 20_000)).play();

            assertThat(r.moves()).as(progress::toString).isGreaterThanOrEqualTo(300);
            assertThat(r.latency().count()).isEqualTo(r.moves());
            assertThat(r.errors()).as("errors %s", r.errorsByCode()).isZero();
            assertThat(r.unexpectedCloses()).isZero();
            assertThat(r.resyncs()).isZero();
            assertThat(r.setupFailures()).isZero();
            assertThat(r.gamesUnfinished()).isZero();
            assertThat(r.gamesCompleted()).isPositive().isEqualTo(r.gamesStarted());
            assertThat(r.serverCpuNanos()).isPositive();
            assertThat(r.toJson().path("latencyMicros").path("p99").isNumber()).isTrue();
        }
    }

    @ParameterizedTest(name = "echo {0}")
    @ValueSource(booleans = {false, true})
    @Timeout(60)
    void fiveRoomsPlayAgainstTheRelay(boolean echo) throws Exception {
        Transport transport = Transport.choose(NetSettings.DEFAULT_TRANSPORT);
        try (RelayServer relay = RelayServer.start("127.0.0.1", 0, 1, transport, echo)) {
            LoadResult r = run(settings(relay.port(), true, 300, 0, 20_000)).play();

            assertThat(r.moves()).as(progress::toString).isGreaterThanOrEqualTo(300);
            assertThat(r.latency().count()).isEqualTo(r.moves());
            assertThat(r.errors()).isZero();
            assertThat(r.unexpectedCloses()).isZero();
            assertThat(r.gamesUnfinished()).isZero();
            assertThat(r.gamesCompleted()).isPositive().isEqualTo(r.gamesStarted());
            assertThat(r.serverCpuNanos()).isPositive();
        }
    }

    @Test
    @Timeout(60)
    void capacityModeSeatsIdleConnectionsFromSeveralSourceAddresses() throws Exception {
        try (GameServer server = server()) {
            // Four connections per local address: 20 connections use 127.0.0.1 to 127.0.0.5.
            CapacityResult r = run(settings(server.port(), false, 0, 20, 4)).capacity();

            assertThat(r.connections()).as(progress::toString).isEqualTo(20);
            assertThat(r.targetConnections()).isEqualTo(20);
            assertThat(r.errors()).isZero();
            assertThat(r.unexpectedCloses()).isZero();
            assertThat(r.setupFailures()).isZero();
            assertThat(r.before().heapUsedBytes()).isPositive();
            assertThat(r.after().heapUsedBytes()).isPositive();
        }
    }
}
