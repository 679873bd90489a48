package dev.tictactoe.server.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;

import dev.tictactoe.client.GameClient;
import dev.tictactoe.client.GameConnection;
import dev.tictactoe.client.MatchApi;
import dev.tictactoe.client.RoomsApi;
import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.NewRoom;
import dev.tictactoe.protocol.Protocol;
import dev.tictactoe.protocol.RoomStatus;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.Snapshot;

import io.netty.channel.EventLoopGroup;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Three server processes from the built jar, each with its own data directory, behind the generated
 * nginx configuration, with Redis, all on loopback: a quick match whose players ask two different
 * nodes, spectators, a node killed with SIGKILL mid-game and started again, a rolling restart of
 * every node under 30 playing rooms, and a node refused another node's data. One cluster serves
 * every test (each leaves its nodes running), so the suite starts it once. The nodes run {@code
 * --durability fsync}, under which a room sends nothing of a change before it is committed, so
 * after SIGKILL a room holds every move its players saw acknowledged, which is what the test
 * checks. A drain (SIGTERM) loses nothing either.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ClusterIT {

    static final Path JAR = Path.of("target", "tictactoe-server.jar");
    static final char[] NODES = {'A', 'B', 'C'};
    static final Duration WAIT = Daemon.WAIT;

    /** Moves that end no 3x3 game, X and O in turn: X 0 8 2, O 4 1 (no line for either). */
    static final int[] CELLS = {0, 4, 8, 1};

    @TempDir static Path dir;
    private final Map<Character, Integer> ports = new HashMap<>();
    private final Map<Character, Daemon> nodes = new HashMap<>();
    private final List<Daemon> others = new ArrayList<>();
    private final EventLoopGroup clients = GameConnection.newGroup(1);
    private int redisPort;
    private int proxy;

    @BeforeAll
    void start() throws Exception {
        Daemon.nginx();
        Daemon.redis();
        assertThat(JAR).as("the packaged server").exists();
        redisPort = Daemon.freePort();
        others.add(Daemon.redis(dir, redisPort));
        for (char id : NODES) {
            ports.put(id, Daemon.freePort());
            nodes.put(id, node(id, id));
        }
        proxy = Daemon.freePort();
        List<String> args =
                new ArrayList<>(
                        List.of(
                                "--nginx",
                                "--listen",
                                "127.0.0.1:" + proxy,
                                "--tls-listen",
                                "none",
                                "--sockets",
                                "1000",
                                "--lookup-burst",
                                "1000"));
        for (char id : NODES) {
            args.add(id + "=127.0.0.1:" + ports.get(id));
        }
        String conf = ProxyConfigTest.render(args.toArray(String[]::new));
        StringBuilder temp = new StringBuilder("http {\n");
        for (String kind : List.of("client_body", "proxy", "fastcgi", "uwsgi", "scgi")) {
            temp.append("    ").append(kind).append("_temp_path ");
            temp.append(dir.resolve(kind)).append(";\n");
        }
        Path file = dir.resolve("nginx.conf");
        Files.writeString(file, conf.replace("http {\n", temp.toString()));
        others.add(Daemon.nginx(dir, file, proxy));
    }

    @AfterAll
    void stop() throws Exception {
        for (Daemon node : nodes.values()) {
            node.close();
        }
        for (Daemon other : others) {
            other.close();
        }
        clients.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
    }

    /** Node {@code id} as a process on its port, on the data directory of node {@code data}. */
    private Daemon node(char id, char data) throws Exception {
        return Daemon.start("node-" + id, dir, ports.get(id), command(id, data));
    }

    private List<String> command(char id, char data) {
        return List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "-Xmx160m",
                "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1",
                "-jar",
                JAR.toString(),
                "--host",
                "127.0.0.1",
                "--port",
                "" + ports.get(id),
                "--node",
                "" + id,
                "--data-dir",
                dir.resolve("data-" + data).toString(),
                "--durability",
                "fsync",
                "--redis",
                "redis://127.0.0.1:" + redisPort,
                "--trusted-proxies",
                "127.0.0.1");
    }

    /** Room {@code code} as the cluster's HTTP API answers it through the proxy. */
    private JsonNode room(String code) throws Exception {
        URI room = URI.create("http://127.0.0.1:" + proxy + "/api/rooms/" + code);
        HttpResponse<String> response =
                HttpClient.newHttpClient()
                        .send(
                                HttpRequest.newBuilder(room).build(),
                                HttpResponse.BodyHandlers.ofString());
        return MessageCodec.parse(response.body());
    }

    /** Two players (X first) and what they have seen acknowledged. */
    private final class Game {
        final String code;
        final GameClient x;
        final GameClient o;
        int moves;

        Game(String code) {
            this(code, joined(code, "ana"), joined(code, "bob"));
        }

        Game(String code, GameClient a, GameClient b) {
            this.code = code;
            x = a.seat() == Seat.X ? a : b;
            o = x == a ? b : a;
            x.awaitSnapshot(s -> s.status() == RoomStatus.PLAYING, WAIT);
        }

        /** The next move, acknowledged to both players. */
        void play() {
            GameClient mover = moves % 2 == 0 ? x : o;
            mover.move(CELLS[moves]);
            moves++;
            x.awaitSnapshot(s -> s.moves().size() == moves, WAIT);
            o.awaitSnapshot(s -> s.moves().size() == moves, WAIT);
        }

        /** Both players back with their tokens after a drain; nothing acknowledged is missing. */
        void resume() {
            for (GameClient player : List.of(x, o)) {
                player.reconnect();
                Snapshot now = player.awaitSnapshot(s -> s.moves().size() >= moves, WAIT);
                assertThat(now.moves()).hasSize(moves);
            }
        }

        /**
         * Both players back with their tokens after SIGKILL: the room holds every acknowledged move
         * (under fsync nothing is sent before it is on disk), and the game goes on.
         */
        void resumeAfterCrash() {
            List<Snapshot.MoveEntry> acknowledged = x.snapshot().moves();
            x.reconnect();
            o.reconnect();
            Snapshot now = x.awaitSnapshot(ClusterIT::bothConnected, WAIT);
            o.awaitSnapshot(ClusterIT::bothConnected, WAIT);
            assertThat(now.moves()).isEqualTo(acknowledged);
            moves = now.moves().size();
        }
    }

    private static boolean bothConnected(Snapshot s) {
        return s.players().x().connected() && s.players().o().connected();
    }

    private GameClient joined(String code, String name) {
        GameClient player = client(code);
        player.join(name);
        return player;
    }

    private GameClient client(String code) {
        return GameClient.connect("127.0.0.1", proxy, code, clients).timeout(WAIT);
    }

    /** Creates rooms through the proxy until one lands on {@code node}. */
    private String roomOn(char node) {
        RoomsApi api = new RoomsApi(URI.create("http://127.0.0.1:" + proxy));
        for (int i = 0; i < 50; i++) {
            String code = api.create(NewRoom.DEFAULT).code();
            if (code.charAt(0) == node) {
                return code;
            }
        }
        throw new AssertionError("no room was created on node " + node);
    }

    @Test
    void twoPlayersAskingDifferentNodesForAQuickMatchPlayThroughTheProxy() {
        SplittableRandom random = new SplittableRandom(51);
        MatchApi onA = new MatchApi(URI.create("http://127.0.0.1:" + ports.get('A')));
        MatchApi onC = new MatchApi(URI.create("http://127.0.0.1:" + ports.get('C')));
        MatchApi.Request first =
                new MatchApi.Request(
                        MatchApi.newId(random), "ana", "ana", 3, null, null, null, null);
        CompletableFuture<MatchApi.Answer> waiting = onA.start(first);
        // The second asks node C once node C sees the first waiting in Redis.
        SharedMatchIT.await(() -> onC.status(first.ticket()).isPresent());
        MatchApi.Request second =
                new MatchApi.Request(
                        MatchApi.newId(random), "bob", "bob", 3, null, null, null, null);
        MatchApi.Matched b = (MatchApi.Matched) onC.start(second).join();
        MatchApi.Matched a = (MatchApi.Matched) waiting.join();
        assertThat(a.code()).isEqualTo(b.code()).startsWith("C");
        assertThat(a.seat()).isNotEqualTo(b.seat());

        Game game = new Game(a.code(), seated(a, "ana"), seated(b, "bob"));
        game.play();
        game.play();
        assertThat(game.x.snapshot().moves()).hasSize(2);
    }

    /** A player taking the seat its quick match gave it, through the proxy. */
    private GameClient seated(MatchApi.Matched matched, String name) {
        GameClient player = client(matched.code());
        player.join(new ClientMessage.Join(Protocol.VERSION, name, matched.token(), false, null));
        return player;
    }

    @Test
    void aKilledNodesGamesResumeAfterItsRestartAndOthersSeeNothing() throws Exception {
        Game onA = new Game(roomOn('A'));
        Game onB = new Game(roomOn('B'));
        GameClient watcher = client(onA.code);
        watcher.spectate("eve");
        onA.play();
        onB.play();
        onB.play();
        watcher.awaitSnapshot(s -> s.moves().size() == 1, WAIT);

        nodes.get('B').kill();
        onA.play();
        watcher.awaitSnapshot(s -> s.moves().size() == 2, WAIT);
        assertThat(room(onA.code).get("room").asText()).isEqualTo(onA.code);

        nodes.put('B', node('B', 'B'));
        onB.resumeAfterCrash();
        onB.play();
        onA.play();
        watcher.awaitSnapshot(s -> s.moves().size() == 3, WAIT);
    }

    @Test
    void aRollingRestartOfEveryNodeLosesNoGameAndNoAcknowledgedMove() throws Exception {
        List<Game> games = new ArrayList<>();
        RoomsApi api = new RoomsApi(URI.create("http://127.0.0.1:" + proxy));
        for (int i = 0; i < 30; i++) {
            games.add(new Game(api.create(NewRoom.DEFAULT).code()));
        }
        games.forEach(Game::play);
        for (char id : NODES) {
            // SIGTERM: the node drains (close 1001 to every client), then starts again.
            nodes.get(id).close();
            nodes.put(id, node(id, id));
            for (Game game : games) {
                if (game.code.charAt(0) == id) {
                    game.resume();
                }
            }
            games.forEach(Game::play);
        }
        for (Game game : games) {
            assertThat(room(game.code).get("status").asText()).isEqualTo("playing");
            assertThat(game.moves).isEqualTo(CELLS.length);
        }
    }

    @Test
    void aNodeStartedOnAnotherNodesDataIsRefusedInOneLine() throws Exception {
        Process wrong =
                new ProcessBuilder(command('C', 'A'))
                        .redirectErrorStream(true)
                        .redirectOutput(dir.resolve("wrong.out").toFile())
                        .start();
        assertThat(wrong.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS)).isTrue();
        assertThat(wrong.exitValue()).isEqualTo(78);
        assertThat(Files.readAllLines(dir.resolve("wrong.out")))
                .filteredOn(line -> line.contains("belongs to node A"))
                .containsExactly(
                        "tictactoe-server: the data directory "
                                + dir.resolve("data-A")
                                + " belongs to node A, not C; give node C its own data"
                                + " directory");
    }
}
