package dev.tictactoe.server.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.client.GameClient;
import dev.tictactoe.client.GameConnection;
import dev.tictactoe.client.RoomsApi;
import dev.tictactoe.protocol.CloseCodes;
import dev.tictactoe.protocol.NewRoom;
import dev.tictactoe.protocol.RoomStatus;
import dev.tictactoe.protocol.Snapshot;
import io.netty.channel.EventLoopGroup;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The real process on a data directory: a room outlives a SIGTERM and a kill -9, and its game goes on. */
class RestartIT {

    private static final Duration WAIT = Duration.ofSeconds(10);

    @TempDir
    Path data;

    private final EventLoopGroup group = GameConnection.newGroup(1);
    private final List<Process> started = new ArrayList<>();
    private final List<String> output = new ArrayList<>();
    private int port;

    @AfterEach
    void stop() {
        started.forEach(Process::destroyForcibly);
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
    }

    @Test
    void aRoomOutlivesSigtermAndItsPlayersFinishTheGame() throws Exception {
        port = freePort();
        Process server = start("group");
        Game game = playThreeMoves();

        server.toHandle().destroy(); // SIGTERM: drain, then the journal is closed
        for (GameClient client : game.all()) {
            assertThat(client.awaitClose(WAIT).code()).isEqualTo(CloseCodes.GOING_AWAY);
        }
        assertThat(server.waitFor(15, TimeUnit.SECONDS)).isTrue();

        start("group");
        finish(game);

        // The finished game is kept and served over HTTP.
        HttpClient http = HttpClient.newHttpClient();
        String base = "http://127.0.0.1:" + port + "/api/rooms/" + game.code() + "/games";
        HttpResponse<String> list = http.send(HttpRequest.newBuilder(URI.create(base)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(list.statusCode()).isEqualTo(200);
        assertThat(list.body()).contains("\"games\":[1]");
        HttpResponse<String> one = http.send(HttpRequest.newBuilder(URI.create(base + "/1")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(one.statusCode()).isEqualTo(200);
        assertThat(one.body()).contains("\"moves\":[0,3,1,4,2]", "\"winner\":\"X\"", "\"X\":\"ana\"");
        HttpResponse<String> none = http.send(HttpRequest.newBuilder(URI.create(base + "/2")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(none.statusCode()).isEqualTo(404);
        assertThat(none.body()).contains("unknown_room");
    }

    @Test
    void aRoomOutlivesKillNineOnceItsLastChangeIsWritten() throws Exception {
        port = freePort();
        Process server = start("fsync");
        Game game = playThreeMoves();
        // The durable point: the checkpoint of the third move is in the journal file. A process
        // crash keeps what the OS holds; with fsync it is also forced at once, so this takes a few
        // milliseconds (with the default group commit, up to 5 ms more for a power loss).
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!journalHolds("\"moves\":[0,3,1]")) {
            assertThat(System.nanoTime()).as("the third move reaches the journal").isLessThan(deadline);
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
        }

        server.destroyForcibly(); // SIGKILL: no drain, no close
        assertThat(server.waitFor(15, TimeUnit.SECONDS)).isTrue();

        start("fsync");
        finish(game);
    }

    private record Game(String code, GameClient ana, GameClient bo, GameClient eve) {
        List<GameClient> all() {
            return List.of(ana, bo, eve);
        }
    }

    private Game playThreeMoves() {
        String code = new RoomsApi("127.0.0.1", port).create(NewRoom.DEFAULT).code();
        GameClient ana = client(code);
        ana.join("ana");
        GameClient bo = client(code);
        bo.join("bo");
        GameClient eve = client(code);
        eve.spectate("eve");
        ana.move(0);
        bo.awaitSnapshot(s -> s.moves().size() == 1, WAIT);
        bo.move(3);
        ana.awaitSnapshot(s -> s.moves().size() == 2, WAIT);
        ana.move(1);
        for (GameClient c : List.of(ana, bo, eve)) {
            c.awaitSnapshot(s -> s.moves().size() == 3, WAIT);
        }
        return new Game(code, ana, bo, eve);
    }

    private void finish(Game game) {
        game.ana().reconnect();
        game.bo().reconnect();
        GameClient eve = client(game.code());
        eve.spectate("eve");
        Snapshot resumed = game.bo().awaitSnapshot(s -> s.moves().size() == 3, WAIT);
        assertThat(resumed.board()).containsExactly("XX.", "O..", "...");
        assertThat(game.ana().seat()).isEqualTo("X");
        game.bo().awaitSnapshot(s -> "O".equals(s.turn()) && s.players().x().connected(), WAIT);
        game.bo().move(4);
        game.ana().awaitSnapshot(s -> s.moves().size() == 4, WAIT);
        game.ana().move(2);
        for (GameClient c : List.of(game.ana(), game.bo(), eve)) {
            Snapshot over = c.awaitSnapshot(s -> RoomStatus.OVER.is(s.status()), WAIT);
            assertThat(over.result().winner()).isEqualTo("X");
            assertThat(over.score().x()).isEqualTo(1);
        }
    }

    private GameClient client(String code) {
        return GameClient.connect("127.0.0.1", port, code, group).timeout(WAIT);
    }

    private Process start(String durability) throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        ProcessBuilder builder = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                "dev.tictactoe.server.Main", "--host", "127.0.0.1", "--port", String.valueOf(port),
                "--drain-timeout", "3s", "--data-dir", data.toString(), "--durability", durability)
                .redirectErrorStream(true);
        builder.environment().put("TTT_LOG_LEVEL", "INFO");
        Process server = builder.start();
        started.add(server);
        CompletableFuture<Void> listening = new CompletableFuture<>();
        Thread.ofVirtual().start(() -> {
            try (BufferedReader lines = new BufferedReader(
                    new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                    synchronized (output) {
                        output.add(line);
                    }
                    if (line.contains("listening on")) {
                        listening.complete(null);
                    }
                }
            } catch (IOException e) {
                listening.completeExceptionally(e);
            }
            synchronized (output) {
                listening.completeExceptionally(new AssertionError("the server did not start: " + output));
            }
        });
        listening.get(30, TimeUnit.SECONDS);
        return server;
    }

    /** True when a journal segment holds {@code text} (payloads are stored as they are given). */
    private boolean journalHolds(String text) throws IOException {
        Path dir = data.resolve("journal");
        if (!Files.isDirectory(dir)) {
            return false;
        }
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.toList()) {
                if (new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1).contains(text)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
