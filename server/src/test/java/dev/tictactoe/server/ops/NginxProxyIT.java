package dev.tictactoe.server.ops;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.client.GameClient;
import dev.tictactoe.client.GameConnection;
import dev.tictactoe.client.RoomsApi;
import dev.tictactoe.protocol.Event;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.NewRoom;
import dev.tictactoe.protocol.RoomStatus;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.protocol.Snapshot;
import dev.tictactoe.server.ServerConfig;
import dev.tictactoe.server.net.GameServer;

import io.netty.channel.EventLoopGroup;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A game and a reconnect through a real nginx running docker/nginx.conf, with only its listen and
 * upstream addresses changed, its TLS lines left out and its connection sizes brought to a test's.
 * Skipped without nginx, except in CI (env CI set), where it fails.
 */
class NginxProxyIT {

    static final Path CONFIG = Path.of("..", "docker", "nginx.conf");
    static final Duration WAIT = Duration.ofSeconds(20);
    static final List<Path> NGINX =
            List.of(
                    Path.of("/usr/sbin/nginx"),
                    Path.of("/usr/local/sbin/nginx"),
                    Path.of("/usr/bin/nginx"),
                    Path.of("/usr/local/nginx/sbin/nginx"));

    @TempDir Path dir;
    private GameServer server;
    private Process nginx;
    private int proxyPort;
    private final EventLoopGroup clients = GameConnection.newGroup(2);

    @BeforeEach
    void start() throws Exception {
        Path binary = NGINX.stream().filter(Files::isExecutable).findFirst().orElse(null);
        if (binary == null) {
            String why = "nginx is not installed (apt-get install nginx-light)";
            if (System.getenv("CI") != null) {
                throw new AssertionError(why);
            }
            Assumptions.abort(why);
        }
        server = ServerConfig.local().start();
        proxyPort = freePort();
        Path conf = dir.resolve("nginx.conf");
        Files.writeString(
                conf, localConfig(Files.readString(CONFIG), proxyPort, server.port(), dir));
        nginx =
                new ProcessBuilder(
                                binary.toString(),
                                "-p",
                                dir.toString(),
                                "-c",
                                conf.toString(),
                                "-g",
                                "daemon off; pid "
                                        + dir.resolve("nginx.pid")
                                        + "; error_log "
                                        + dir.resolve("error.log")
                                        + ";")
                        .redirectErrorStream(true)
                        .redirectOutput(dir.resolve("nginx.out").toFile())
                        .start();
        awaitListening(proxyPort);
    }

    @AfterEach
    void stop() throws Exception {
        if (nginx != null) {
            nginx.destroy(); // SIGTERM: nginx's fast shutdown
            if (!nginx.waitFor(10, TimeUnit.SECONDS)) {
                nginx.destroyForcibly().waitFor();
            }
        }
        if (server != null) {
            server.close();
        }
        clients.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
    }

    @Test
    void aGameAndAReconnectGoThroughTheProxy() throws Exception {
        URI base = URI.create("http://127.0.0.1:" + proxyPort);
        HttpRequest health = HttpRequest.newBuilder(base.resolve("/healthz")).build();
        assertThat(
                        HttpClient.newHttpClient()
                                .send(health, HttpResponse.BodyHandlers.discarding())
                                .statusCode())
                .isEqualTo(200);
        RoomsApi api = new RoomsApi(base);
        String code = api.create(NewRoom.DEFAULT).code();
        try (GameClient a = client(code);
                GameClient b = client(code)) {
            a.join("ana");
            b.join("bob");
            GameClient x = a.seat() == Seat.X ? a : b;
            GameClient o = x == a ? b : a;
            x.awaitSnapshot(s -> s.status() == RoomStatus.PLAYING, WAIT);

            play(x, o, 0, 1);
            play(o, x, 3, 2);
            // O drops mid-game and comes back through the proxy with its seat token.
            o.drop();
            x.await(ServerMessage.Diff.class, d -> d.event() instanceof Event.Disconnected, WAIT);
            ServerMessage.Welcome back = o.reconnect();
            assertThat(back.seat()).isEqualTo(Seat.O);
            x.await(ServerMessage.Diff.class, d -> d.event() instanceof Event.Reconnected, WAIT);
            play(x, o, 1, 3);
            play(o, x, 4, 4);
            x.move(2);
            Snapshot end = o.awaitSnapshot(s -> s.status() == RoomStatus.OVER, WAIT);
            assertThat(end.result().winner()).isEqualTo(Seat.X);
            assertThat(end.board()).containsExactly("XXX", "OO.", "...");
        }
        HttpRequest room = HttpRequest.newBuilder(base.resolve("/api/rooms/" + code)).build();
        String body =
                HttpClient.newHttpClient().send(room, HttpResponse.BodyHandlers.ofString()).body();
        assertThat(MessageCodec.parse(body).get("status").asText()).isEqualTo("over");
    }

    @Test
    void metricsAreNotServedThroughTheProxy() throws Exception {
        HttpResponse<String> response =
                HttpClient.newHttpClient()
                        .send(
                                HttpRequest.newBuilder(
                                                URI.create(
                                                        "http://127.0.0.1:"
                                                                + proxyPort
                                                                + "/metrics"))
                                        .timeout(WAIT)
                                        .build(),
                                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(404);
    }

    /** The shipped config with its addresses moved to loopback and its files into {@code dir}. */
    static String localConfig(String shipped, int listen, int upstream, Path dir) {
        String conf = replaceOnce(shipped, "listen 80;", "listen 127.0.0.1:" + listen + ";");
        // The TLS lines need a certificate; the plain listener is the one played through.
        conf = replaceOnce(conf, "listen 443 ssl;", "");
        conf = conf.replaceAll("(?m)^\\s*ssl_.*$", "");
        // A test run's open-file limit is the user's, far below the shipped one.
        conf = replaceOnce(conf, "worker_rlimit_nofile 210000;", "");
        conf = replaceOnce(conf, "worker_connections 204800;", "worker_connections 1024;");
        conf = replaceOnce(conf, "server server:8080;", "server 127.0.0.1:" + upstream + ";");
        conf =
                replaceOnce(
                        conf,
                        "access_log /dev/stdout;",
                        "access_log " + dir.resolve("access.log") + ";");
        StringBuilder temp = new StringBuilder("http {\n");
        for (String kind : List.of("client_body", "proxy", "fastcgi", "uwsgi", "scgi")) {
            temp.append("    ")
                    .append(kind)
                    .append("_temp_path ")
                    .append(dir.resolve(kind))
                    .append(";\n");
        }
        return replaceOnce(conf, "http {\n", temp.toString());
    }

    private static String replaceOnce(String text, String target, String replacement) {
        int at = text.indexOf(target);
        assertThat(at).as("docker/nginx.conf contains '%s'", target).isNotNegative();
        assertThat(text.indexOf(target, at + 1)).as("'%s' once", target).isNegative();
        return text.substring(0, at) + replacement + text.substring(at + target.length());
    }

    private GameClient client(String code) {
        return GameClient.connect("127.0.0.1", proxyPort, code, clients).timeout(WAIT);
    }

    /**
     * {@code mover} plays {@code cell}; waits until the other side has seen {@code moves} moves.
     */
    private static void play(GameClient mover, GameClient other, int cell, int moves) {
        mover.move(cell);
        other.awaitSnapshot(s -> s.moves().size() == moves, WAIT);
        mover.awaitSnapshot(s -> s.moves().size() == moves, WAIT);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket =
                new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private void awaitListening(int port) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (true) {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return;
            } catch (IOException e) {
                if (!nginx.isAlive()) {
                    throw new AssertionError(
                            "nginx exited: "
                                    + Files.readString(dir.resolve("nginx.out"))
                                    + (Files.exists(dir.resolve("error.log"))
                                            ? Files.readString(dir.resolve("error.log"))
                                            : ""));
                }
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("nginx did not listen on " + port + " within " + WAIT);
                }
                // Nothing signals that nginx has opened its port: poll it, returning early if nginx
                // dies.
                try {
                    nginx.onExit().get(100, TimeUnit.MILLISECONDS);
                } catch (TimeoutException stillRunning) {
                    // try the port again
                }
            }
        }
    }
}
