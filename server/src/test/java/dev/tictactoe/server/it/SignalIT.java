package dev.tictactoe.server.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.client.GameClient;
import dev.tictactoe.client.GameConnection;
import dev.tictactoe.client.RoomsApi;
import dev.tictactoe.protocol.CloseCodes;
import dev.tictactoe.protocol.NewRoom;

import io.netty.channel.EventLoopGroup;

import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The real process: SIGTERM drains every client with 1001 and exits 0. */
class SignalIT {

    private static final Pattern LISTENING = Pattern.compile("listening on [^:]+:(\\d+)");

    @Test
    void sigtermClosesEveryClientWithGoingAwayAndExitsZero() throws Exception {
        ProcessBuilder builder =
                server(List.of(), "--drain-timeout", "3s", "--data-dir", "none")
                        .redirectErrorStream(true);
        builder.environment().put("TTT_LOG_LEVEL", "INFO");
        Process server = builder.start();
        EventLoopGroup group = GameConnection.newGroup(1);
        List<String> output = new ArrayList<>();
        CompletableFuture<Integer> port = new CompletableFuture<>();
        Thread reader =
                Thread.ofVirtual()
                        .start(
                                () -> {
                                    try (BufferedReader lines =
                                            new BufferedReader(
                                                    new InputStreamReader(
                                                            server.getInputStream(),
                                                            StandardCharsets.UTF_8))) {
                                        for (String line = lines.readLine();
                                                line != null;
                                                line = lines.readLine()) {
                                            synchronized (output) {
                                                output.add(line);
                                            }
                                            Matcher m = LISTENING.matcher(line);
                                            if (m.find()) {
                                                port.complete(Integer.parseInt(m.group(1)));
                                            }
                                        }
                                    } catch (java.io.IOException e) {
                                        port.completeExceptionally(e);
                                    }
                                    port.completeExceptionally(
                                            new AssertionError(
                                                    "the server printed no port: " + output));
                                });
        try {
            int p = port.get(30, TimeUnit.SECONDS);
            String code = new RoomsApi("127.0.0.1", p).create(NewRoom.DEFAULT).code();
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
            reader.join(Duration.ofSeconds(5));
            synchronized (output) {
                assertThat(server.exitValue()).as(String.join("\n", output)).isZero();
            }
            synchronized (output) {
                assertThat(output).anyMatch(l -> l.contains("stopped; drained"));
                assertThat(output).noneMatch(l -> l.contains("dropped"));
            }
        } finally {
            server.destroyForcibly();
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        }
    }

    /** The server's own process on a free loopback port, with JVM options and then flags. */
    private static ProcessBuilder server(List<String> jvm, String... flags) {
        return ServerProcess.builder(jvm, 0, flags);
    }
}
