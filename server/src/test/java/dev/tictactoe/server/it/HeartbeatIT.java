package dev.tictactoe.server.it;

import static dev.tictactoe.server.it.TestServer.WAIT;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.client.GameClient;
import dev.tictactoe.protocol.CloseCodes;
import dev.tictactoe.protocol.Event;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.server.ServerConfig;

import org.junit.jupiter.api.Test;

import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

/**
 * The application heartbeat on a real server with a short timeout: pings are answered at once,
 * before a join too; a connection that pinged and then went quiet is pinged by the server, and
 * closed 1001 when it stays silent, its seat shown as dropped; one that keeps pinging, or answers
 * the server's pings, stays.
 */
class HeartbeatIT {

    /** Short for a test, long next to a loopback round trip on a loaded machine. */
    private static final Duration TIMEOUT = Duration.ofSeconds(1);

    private static ServerConfig config() {
        return ServerConfig.local("--heartbeat-timeout=" + TIMEOUT);
    }

    @Test
    void aHeartbeatingPlayerThatGoesSilentIsDroppedAndTheOpponentSeesIt() throws Exception {
        try (TestServer server = new TestServer(config())) {
            String code = server.create();
            GameClient bob = server.player(code, "bob");
            try (RawWebSocket ana =
                    RawWebSocket.open(server.server.port(), code, (int) WAIT.toMillis())) {
                ana.sendText("{\"type\":\"ping\",\"seq\":9007199254740991}");
                assertThat(ana.read().text())
                        .as("answered before any join")
                        .isEqualTo("{\"type\":\"pong\",\"seq\":9007199254740991}");
                ana.sendText("{\"type\":\"join\",\"protocol\":1,\"name\":\"ana\"}");
                assertThat(ana.read().text()).contains("\"type\":\"welcome\"");

                // Ana says nothing more: the server pings her once, then ends her connection, and
                // Bob hears of it.
                List<RawWebSocket.Frame> frames = ana.readToEnd();
                assertThat(frames.get(0).text()).isEqualTo("{\"type\":\"ping\",\"seq\":1}");
                RawWebSocket.Frame close = frames.get(frames.size() - 1);
                assertThat(close.opcode()).isEqualTo(RawWebSocket.CLOSE);
                assertThat(close.closeCode()).isEqualTo(CloseCodes.GOING_AWAY);
                assertThat(
                                new String(
                                        close.payload(),
                                        2,
                                        close.payload().length - 2,
                                        StandardCharsets.UTF_8))
                        .isEqualTo("heartbeat timeout");
                bob.await(
                        m ->
                                m instanceof ServerMessage.Diff d
                                        && d.event() instanceof Event.Disconnected e
                                        && e.seat() == Seat.O,
                        WAIT);
                assertThat(bob.snapshot().players().o().connected()).isFalse();
                assertThat(bob.snapshot().players().o().graceUntil()).isNotNull();
            }
        }
    }

    @Test
    void aClientThatKeepsPingingIsNeverDropped() throws Exception {
        try (TestServer server = new TestServer(config())) {
            String code = server.create();
            try (RawWebSocket ana =
                    RawWebSocket.open(server.server.port(), code, (int) WAIT.toMillis())) {
                ana.sendText("{\"type\":\"join\",\"protocol\":1,\"name\":\"ana\"}");
                assertThat(ana.read().text()).contains("\"type\":\"welcome\"");
                // Pings a tenth of the timeout apart, for three timeouts.
                for (int seq = 0; seq < 30; seq++) {
                    ana.sendText("{\"type\":\"ping\",\"seq\":" + seq + "}");
                    assertThat(ana.read().text())
                            .isEqualTo("{\"type\":\"pong\",\"seq\":" + seq + "}");
                    Thread.sleep(TIMEOUT.toMillis() / 10);
                }
                ana.readTimeout((int) TIMEOUT.toMillis() / 4);
                try {
                    RawWebSocket.Frame unexpected = ana.read();
                    throw new AssertionError("the server sent " + unexpected);
                } catch (SocketTimeoutException expected) {
                    // Nothing came: the connection is still open.
                }
            }
        }
    }

    @Test
    void aClientThatAnswersTheServersPingsIsNeverDropped() throws Exception {
        try (TestServer server = new TestServer(config())) {
            String code = server.create();
            try (RawWebSocket ana =
                    RawWebSocket.open(server.server.port(), code, (int) WAIT.toMillis())) {
                ana.sendText("{\"type\":\"join\",\"protocol\":1,\"name\":\"ana\"}");
                assertThat(ana.read().text()).contains("\"type\":\"welcome\"");
                ana.sendText("{\"type\":\"ping\",\"seq\":0}");
                assertThat(ana.read().text()).isEqualTo("{\"type\":\"pong\",\"seq\":0}");
                // Five of the server's pings, three quarters of the timeout apart, each answered.
                for (int seq = 1; seq <= 5; seq++) {
                    assertThat(ana.read().text())
                            .isEqualTo("{\"type\":\"ping\",\"seq\":" + seq + "}");
                    ana.sendText("{\"type\":\"pong\",\"seq\":" + seq + "}");
                }
            }
        }
    }

    @Test
    void aClientThatNeverPingsKeepsTheIdleRulesOnly() throws Exception {
        try (TestServer server = new TestServer(config())) {
            String code = server.create();
            GameClient ana = server.player(code, "ana");
            GameClient bob = server.player(code, "bob");
            // Much longer than the heartbeat timeout, and nothing sent: still connected.
            Thread.sleep(TIMEOUT.toMillis() * 3);
            ana.move(4);
            bob.awaitSnapshot(s -> s.moves().size() == 1, WAIT);
            assertThat(ana.connection().closeFuture()).isNotDone();
        }
    }
}
