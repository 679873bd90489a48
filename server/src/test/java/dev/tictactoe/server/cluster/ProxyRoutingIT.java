package dev.tictactoe.server.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.client.GameClient;
import dev.tictactoe.client.GameConnection;
import dev.tictactoe.client.RoomsApi;
import dev.tictactoe.protocol.NewRoom;
import dev.tictactoe.protocol.RoomStatus;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.server.ServerConfig;
import dev.tictactoe.server.net.GameServer;
import dev.tictactoe.server.net.NetSettings;

import io.netty.channel.EventLoopGroup;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The generated nginx and HAProxy configurations in the real engines, in front of three nodes on
 * loopback: creates spread over the nodes, every spelling of a room's URL reaches its node, a dead
 * node's rooms get 502/503 (never another node's 404) while creates go on, guesses are counted
 * across nodes, and an nginx reload that adds a node keeps the sockets it had.
 */
class ProxyRoutingIT {

    static final int CREATES = 300;

    @TempDir Path dir;
    private final Map<Character, GameServer> nodes = new LinkedHashMap<>();
    private final List<Daemon> daemons = new ArrayList<>();
    private final EventLoopGroup clients = GameConnection.newGroup(1);
    private final HttpClient http = HttpClient.newHttpClient();

    @AfterEach
    void stop() throws Exception {
        for (Daemon daemon : daemons) {
            daemon.close();
        }
        nodes.values().forEach(GameServer::close);
        clients.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
    }

    private void startNodes(char... ids) {
        for (char id : ids) {
            nodes.put(id, ServerConfig.local("--node=" + id).start());
        }
    }

    private List<String> nodeArgs() {
        List<String> args = new ArrayList<>();
        nodes.forEach((id, server) -> args.add(id + "=127.0.0.1:" + server.port()));
        return args;
    }

    /** The generated configuration for the running nodes, listening on {@code port}. */
    private Path config(String engine, int port, String name) throws Exception {
        List<String> args = new ArrayList<>(List.of(engine, "--listen", "127.0.0.1:" + port));
        args.addAll(List.of("--tls-listen", "127.0.0.1:" + Daemon.freePort()));
        args.addAll(List.of("--tls-pem", pem().toString(), "--sockets", "1000"));
        args.addAll(nodeArgs());
        String conf = ProxyConfigTest.render(args.toArray(String[]::new));
        if (engine.equals("--nginx")) {
            StringBuilder temp = new StringBuilder("http {\n");
            for (String kind : List.of("client_body", "proxy", "fastcgi", "uwsgi", "scgi")) {
                temp.append("    ").append(kind).append("_temp_path ");
                temp.append(dir.resolve(kind)).append(";\n");
            }
            conf = conf.replace("http {\n", temp.toString());
        }
        Path file = dir.resolve(name);
        Files.writeString(file, conf);
        return file;
    }

    /** A self-signed certificate and its key in one PEM file, for the TLS listener. */
    private Path pem() throws Exception {
        Path pem = dir.resolve("proxy.pem");
        if (!Files.exists(pem)) {
            Path key = dir.resolve("key.pem");
            Path cert = dir.resolve("cert.pem");
            Process openssl =
                    new ProcessBuilder(
                                    "openssl",
                                    "req",
                                    "-x509",
                                    "-newkey",
                                    "rsa:2048",
                                    "-nodes",
                                    "-subj",
                                    "/CN=localhost",
                                    "-days",
                                    "1",
                                    "-keyout",
                                    key.toString(),
                                    "-out",
                                    cert.toString())
                            .redirectErrorStream(true)
                            .redirectOutput(dir.resolve("openssl.out").toFile())
                            .start();
            assertThat(openssl.waitFor()).isZero();
            Files.writeString(pem, Files.readString(cert) + Files.readString(key));
        }
        return pem;
    }

    private int get(int port, String rawPath) throws IOException, InterruptedException {
        return http.send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + rawPath))
                                .timeout(Daemon.WAIT)
                                .build(),
                        HttpResponse.BodyHandlers.discarding())
                .statusCode();
    }

    @Test
    void nginxRoutesByCode() throws Exception {
        startNodes('A', 'B', 'C');
        int port = Daemon.freePort();
        Path conf = config("--nginx", port, "nginx.conf");
        Daemon nginx = Daemon.nginx(dir, conf, port);
        daemons.add(nginx);
        routesByCode(port, 502);

        // A reload that adds node D: the socket opened before it stays in its room.
        String code =
                new RoomsApi(URI.create("http://127.0.0.1:" + port)).create(NewRoom.DEFAULT).code();
        try (GameClient a = GameClient.connect("127.0.0.1", port, code, clients);
                GameClient b = GameClient.connect("127.0.0.1", port, code, clients)) {
            a.join("ana");
            b.join("bob");
            startNodes('D');
            config("--nginx", port, "nginx.conf");
            nginx.signal("HUP");
            String onD = createdOn(port, 'D');
            assertThat(get(port, "/api/rooms/" + onD)).isEqualTo(200);
            GameClient x = a.seat() == Seat.X ? a : b;
            GameClient o = x == a ? b : a;
            x.awaitSnapshot(s -> s.status() == RoomStatus.PLAYING, Daemon.WAIT);
            x.move(4);
            o.awaitSnapshot(s -> s.moves().size() == 1, Daemon.WAIT);
        }
    }

    @Test
    void haproxyRoutesByCodeAndCountsGuessesAcrossNodes() throws Exception {
        startNodes('A', 'B', 'C');
        int port = Daemon.freePort();
        daemons.add(Daemon.haproxy(dir, config("--haproxy", port, "haproxy.cfg"), port));
        routesByCode(port, 503);

        // Unknown codes on all three nodes count into one budget per address at the proxy.
        List<Integer> statuses = new ArrayList<>();
        String[] firsts = {"A", "C"};
        for (int i = 0; i < NetSettings.DEFAULT_UNKNOWN_CODE_BURST + 5; i++) {
            statuses.add(get(port, "/api/rooms/" + firsts[i % 2] + "ZZZZ" + (char) ('0' + i % 10)));
        }
        assertThat(statuses).contains(404).endsWith(429, 429, 429);
    }

    /** Creates and lookups through the proxy on {@code port}; node B is stopped on the way. */
    private void routesByCode(int port, int deadStatus) throws Exception {
        RoomsApi api = new RoomsApi(URI.create("http://127.0.0.1:" + port));
        Map<Character, List<String>> byNode = new HashMap<>();
        for (int i = 0; i < CREATES; i++) {
            String code = api.create(NewRoom.DEFAULT).code();
            byNode.computeIfAbsent(code.charAt(0), k -> new ArrayList<>()).add(code);
        }
        assertThat(byNode.keySet()).containsExactlyInAnyOrder('A', 'B', 'C');
        byNode.values()
                .forEach(codes -> assertThat(codes.size()).isBetween(CREATES / 3 * 7 / 10, 130));
        for (List<String> codes : byNode.values()) {
            String code = codes.get(0);
            String first = code.substring(0, 1);
            String rest = code.substring(1);
            String encoded = "%" + Integer.toHexString(code.charAt(0)).toUpperCase();
            for (String spelling :
                    List.of(
                            code,
                            code.toLowerCase(),
                            encoded + rest,
                            "-" + first + "-" + rest,
                            "%20" + code,
                            code + "?v=3")) {
                assertThat(get(port, "/api/rooms/" + spelling)).as(spelling).isEqualTo(200);
            }
        }
        // B stops: its rooms get the proxy's own status, never another node's 404.
        nodes.remove('B').close();
        String deadRoom = byNode.get('B').get(0);
        assertThat(get(port, "/api/rooms/" + deadRoom)).isEqualTo(deadStatus);
        assertThat(get(port, "/api/rooms/" + deadRoom.toLowerCase())).isEqualTo(deadStatus);
        assertThat(get(port, "/api/rooms/" + byNode.get('A').get(0))).isEqualTo(200);
        // Creates go on, on the live nodes only.
        for (int i = 0; i < 6; i++) {
            assertThat(api.create(NewRoom.DEFAULT).code().charAt(0)).isIn('A', 'C');
        }
    }

    /**
     * Creates rooms until one lands on {@code node} (they go round the nodes). Just after a reload,
     * an old nginx worker may close a connection it accepted without answering; that create never
     * reached a node, and the next one goes on a new connection.
     */
    private String createdOn(int port, char node) {
        for (int i = 0; i < 200; i++) {
            String code;
            try {
                code =
                        new RoomsApi(URI.create("http://127.0.0.1:" + port))
                                .create(NewRoom.DEFAULT)
                                .code();
            } catch (UncheckedIOException cutByReload) {
                continue;
            }
            if (code.charAt(0) == node) {
                return code;
            }
        }
        throw new AssertionError("no room was created on node " + node);
    }
}
