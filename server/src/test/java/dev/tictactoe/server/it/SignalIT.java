package dev.tictactoe.server.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.client.GameClient;
import dev.tictactoe.client.GameConnection;
import dev.tictactoe.client.RoomsApi;
import dev.tictactoe.protocol.CloseCodes;
import dev.tictactoe.protocol.NewRoom;

import io.netty.channel.EventLoopGroup;

import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The real process: SIGTERM drains every client with 1001 and exits 0; a port it cannot take stops
 * the start in one line.
 */
class SignalIT {

    @Test
    void sigtermClosesEveryClientWithGoingAwayAndExitsZero() throws Exception {
        ServerProcess.Running running =
                ServerProcess.start(List.of(), 0, "--drain-timeout", "3s", "--data-dir", "none");
        Process server = running.process();
        EventLoopGroup group = GameConnection.newGroup(1);
        try {
            int p = running.port();
            String code =
                    new RoomsApi(URI.create("http://127.0.0.1:" + p))
                            .create(NewRoom.DEFAULT)
                            .code();
            List<GameClient> clients = new ArrayList<>();
            for (String name : List.of("ana", "bob")) {
                GameClient client =
                        GameClient.connect("127.0.0.1", p, code, group)
                                .timeout(Duration.ofSeconds(10));
                client.join(name);
                clients.add(client);
            }
            GameClient watcher =
                    GameClient.connect("127.0.0.1", p, code, group).timeout(Duration.ofSeconds(10));
            watcher.spectate("eve");
            clients.add(watcher);

            // SIGTERM through the handle: Process.destroy() would also close our end of its output.
            server.toHandle().destroy();
            for (GameClient client : clients) {
                GameConnection.CloseInfo close = client.awaitClose(Duration.ofSeconds(10));
                assertThat(close.code()).isEqualTo(CloseCodes.GOING_AWAY);
                assertThat(close.reason()).contains("restarting");
            }
            assertThat(server.waitFor(15, TimeUnit.SECONDS)).isTrue();
            List<String> output = running.allLines();
            assertThat(server.exitValue()).as(String.join("\n", output)).isZero();
            assertThat(output).anyMatch(l -> l.contains("stopped; drained"));
            assertThat(output).noneMatch(l -> l.contains("dropped"));
        } finally {
            server.destroyForcibly();
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        }
    }

    @Test
    void aPortInUseStopsTheStartInOneLineWithExitCode78() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Process refused =
                    ServerProcess.builder(List.of(), taken.getLocalPort(), "--data-dir", "none")
                            .redirectErrorStream(true)
                            .start();
            try {
                String said =
                        new String(refused.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                assertThat(refused.waitFor(30, TimeUnit.SECONDS)).isTrue();
                assertThat(refused.exitValue()).as(said).isEqualTo(78);
                assertThat(said)
                        .contains(
                                "tictactoe-server: cannot listen on 127.0.0.1:"
                                        + taken.getLocalPort())
                        .doesNotContain("\tat ", "Exception");
            } finally {
                refused.destroyForcibly();
            }
        }
    }
}
