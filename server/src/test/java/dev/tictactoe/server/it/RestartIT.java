package dev.tictactoe.server.it;

import static org.assertj.core.api.Assertions.assertThat;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.tictactoe.client.GameClient;
import dev.tictactoe.client.GameConnection;
import dev.tictactoe.client.RoomsApi;
import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.CloseCodes;
import dev.tictactoe.protocol.GameRecord;
import dev.tictactoe.protocol.NewRoom;
import dev.tictactoe.protocol.ResultReason;
import dev.tictactoe.protocol.RoomStatus;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.protocol.Snapshot;

import io.netty.channel.EventLoopGroup;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The real process on a data directory: a room outlives a SIGTERM and a kill -9 and its game goes
 * on; a grace that ran out during the downtime ends the game, a game clock resumes where it was, a
 * move resent after the restart is acknowledged, not played twice.
 */
class RestartIT {

    private static final Duration WAIT = Duration.ofSeconds(10);

    @TempDir Path data;

    private final EventLoopGroup group = GameConnection.newGroup(1);
    private final List<Process> started = new ArrayList<>();
    private int port;

    @AfterEach
    void stop() {
        started.forEach(Process::destroyForcibly);
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
    }

    @Test
    void aRoomOutlivesSigtermAndItsPlayersFinishTheGame() throws Exception {
        port = ServerProcess.freePort();
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
        HttpResponse<String> list =
                http.send(
                        HttpRequest.newBuilder(URI.create(base)).build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(list.statusCode()).isEqualTo(200);
        assertThat(list.body()).contains("\"games\":[1]");
        HttpResponse<String> one =
                http.send(
                        HttpRequest.newBuilder(URI.create(base + "/1")).build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(one.statusCode()).isEqualTo(200);
        assertThat(one.body())
                .contains("\"moves\":[0,3,1,4,2]", "\"winner\":\"X\"", "\"X\":\"ana\"");
        HttpResponse<String> none =
                http.send(
                        HttpRequest.newBuilder(URI.create(base + "/2")).build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(none.statusCode()).isEqualTo(404);
        assertThat(none.body()).contains("unknown_room");
    }

    @Test
    void aRoomOutlivesKillNineOnceItsLastChangeIsWritten() throws Exception {
        port = ServerProcess.freePort();
        Process server = start("fsync");
        Game game = playThreeMoves();
        // The durable point: the record of the third move is in the journal file. A process crash
        // keeps what the OS holds; with fsync it is also forced at once, so this takes a few
        // milliseconds (with the default group commit, up to 20 ms more).
        awaitJournalAt(game.code(), game.bo().version());

        server.destroyForcibly(); // SIGKILL: no drain, no close
        assertThat(server.waitFor(15, TimeUnit.SECONDS)).isTrue();

        start("fsync");
        finish(game);
    }

    @Test
    void aMoveResentAfterAKillNineIsAcknowledgedAndPlayedOnce() throws Exception {
        port = ServerProcess.freePort();
        Process server = start("fsync");
        Game game = playThreeMoves();
        long before = game.bo().version();
        game.bo().send(new ClientMessage.Move("resent-1", before, 4));
        Snapshot played = game.ana().awaitSnapshot(s -> s.moves().size() == 4, WAIT);
        awaitJournalAt(game.code(), played.version());

        server.destroyForcibly();
        assertThat(server.waitFor(15, TimeUnit.SECONDS)).isTrue();
        start("fsync");

        // Bo never saw his move land, as after a lost network, and sends it again as it was.
        game.bo().reconnect();
        game.bo().send(new ClientMessage.Move("resent-1", before, 4));
        assertThat(game.bo().await(ServerMessage.Ack.class, WAIT))
                .isEqualTo(new ServerMessage.Ack("resent-1", played.version()));
        Snapshot now = game.bo().snapshot();
        assertThat(now.moves()).extracting(Snapshot.MoveEntry::cell).containsExactly(0, 3, 1, 4);
        assertThat(now.board()).containsExactly("XX.", "OO.", "...");
    }

    @Test
    void aGraceThatRanOutWhileTheServerWasDownEndsTheGameAsAbandoned() throws Exception {
        port = ServerProcess.freePort();
        Process server = start("group", "--seat-grace", "3s");
        Game game = playThreeMoves();
        game.bo().drop();
        Snapshot dropped =
                game.ana()
                        .awaitSnapshot(
                                s -> s.players().o() != null && !s.players().o().connected(), WAIT);
        long graceUntil = dropped.players().o().graceUntil();

        server.toHandle().destroy();
        assertThat(server.waitFor(15, TimeUnit.SECONDS)).isTrue();
        // The premise: the restart comes after bo's grace has run out on the wall clock.
        while (System.currentTimeMillis() <= graceUntil) {
            LockSupport.parkNanos(
                    TimeUnit.MILLISECONDS.toNanos(graceUntil + 1 - System.currentTimeMillis()));
        }
        // bo's deadline is on the wall clock and stays past; ana, connected at the stop, gets a
        // grace of the new server's length, long enough for her reconnect on a loaded machine.
        start("group", "--seat-grace", "60s");

        game.ana().reconnect();
        Snapshot over = game.ana().awaitSnapshot(s -> s.status() == RoomStatus.OVER, WAIT);
        assertThat(over.result().winner()).isEqualTo(Seat.X);
        assertThat(over.result().reason()).isEqualTo(ResultReason.ABANDONED);
        assertThat(over.players().o()).isNull();
        assertThat(over.moves()).hasSize(3);

        HttpClient http = HttpClient.newHttpClient();
        String base = "http://127.0.0.1:" + port + "/api/rooms/" + game.code() + "/games";
        HttpResponse<String> one =
                http.send(
                        HttpRequest.newBuilder(URI.create(base + "/1")).build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(one.body()).contains("\"reason\":\"abandoned\"", "\"moves\":[0,3,1]");
        HttpResponse<String> unknown =
                http.send(
                        HttpRequest.newBuilder(URI.create(base + "/7")).build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(unknown.statusCode()).isEqualTo(404);
        assertThat(unknown.body()).contains("\"code\":\"unknown_room\"", "has no game 7");
        game.ana().send(new ClientMessage.History());
        assertThat(game.ana().await(ServerMessage.HistoryMessage.class, WAIT).games())
                .extracting(GameRecord::reason)
                .containsExactly(ResultReason.ABANDONED);
    }

    @Test
    void aGameClockResumesAsItWasLeftAndTheDowntimeDoesNotCount() throws Exception {
        port = ServerProcess.freePort();
        Process server = start("group");
        NewRoom timed = new NewRoom(3, 3, "X", "X", true, true, null, "5m", null);
        String code = new RoomsApi(URI.create("http://127.0.0.1:" + port)).create(timed).code();
        GameClient ana = client(code);
        ana.join("ana");
        GameClient bo = client(code);
        bo.join("bo");
        // A move is made against the version its player saw: wait until ana has seen the game
        // start.
        ana.awaitSnapshot(s -> s.status() == RoomStatus.PLAYING, WAIT);
        ana.move(4);
        Snapshot.Clock before = bo.awaitSnapshot(s -> s.moves().size() == 1, WAIT).clock();
        assertThat(before.running()).isEqualTo(Seat.O);

        server.toHandle().destroy();
        assertThat(server.waitFor(15, TimeUnit.SECONDS)).isTrue();
        long restarting = System.currentTimeMillis();
        start("group");

        bo.reconnect();
        Snapshot.Clock after = bo.awaitSnapshot(s -> s.players().o().connected(), WAIT).clock();
        assertThat(after.running()).isEqualTo(Seat.O);
        assertThat(after.x()).isEqualTo(before.x());
        assertThat(after.o()).isEqualTo(before.o());
        // O's turn shows as started after the restart, with all its time still to go.
        assertThat(after.turnStartedAt()).isGreaterThanOrEqualTo(restarting);
        assertThat(after.deadlineAt() - after.turnStartedAt())
                .isEqualTo(before.deadlineAt() - before.turnStartedAt());
        bo.move(0);
        Snapshot.Clock next = bo.awaitSnapshot(s -> s.moves().size() == 2, WAIT).clock();
        assertThat(next.running()).isEqualTo(Seat.X);
        assertThat(next.o()).isLessThanOrEqualTo(before.o()).isGreaterThan(0L);
    }

    private record Game(String code, GameClient ana, GameClient bo, GameClient eve) {
        List<GameClient> all() {
            return List.of(ana, bo, eve);
        }
    }

    private Game playThreeMoves() {
        String code =
                new RoomsApi(URI.create("http://127.0.0.1:" + port)).create(NewRoom.DEFAULT).code();
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
        assertThat(game.ana().seat()).isEqualTo(Seat.X);
        game.bo().awaitSnapshot(s -> s.turn() == Seat.O && s.players().x().connected(), WAIT);
        game.bo().move(4);
        game.ana().awaitSnapshot(s -> s.moves().size() == 4, WAIT);
        game.ana().move(2);
        for (GameClient c : List.of(game.ana(), game.bo(), eve)) {
            Snapshot over = c.awaitSnapshot(s -> s.status() == RoomStatus.OVER, WAIT);
            assertThat(over.result().winner()).isEqualTo(Seat.X);
            assertThat(over.score().x()).isEqualTo(1);
        }
    }

    private GameClient client(String code) {
        return GameClient.connect("127.0.0.1", port, code, group).timeout(WAIT);
    }

    private Process start(String durability, String... more) throws Exception {
        List<String> flags =
                new ArrayList<>(
                        List.of(
                                "--drain-timeout",
                                "3s",
                                "--data-dir",
                                data.toString(),
                                "--durability",
                                durability));
        flags.addAll(List.of(more));
        Process server =
                ServerProcess.start(List.of(), port, flags.toArray(String[]::new)).process();
        started.add(server);
        return server;
    }

    /** Waits until the store on disk holds room {@code code} at {@code version}. */
    private void awaitJournalAt(String code, long version) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (storedVersion(data, code) < version) {
            assertThat(System.nanoTime())
                    .as("version %d reaches the store", version)
                    .isLessThan(deadline);
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
        }
    }

    /**
     * The newest version of room {@code code} committed to the database in {@code data}, read
     * beside the server as an operator's {@code sqlite3} would; -1 when it has none.
     */
    static long storedVersion(Path data, String code) throws Exception {
        long newest = -1;
        try (Connection db =
                        DriverManager.getConnection("jdbc:sqlite:" + data.resolve("rooms.db"));
                PreparedStatement checkpoint =
                        db.prepareStatement("SELECT version FROM checkpoints WHERE room = ?");
                PreparedStatement commands = db.prepareStatement("SELECT lines FROM commands")) {
            checkpoint.setString(1, code);
            try (ResultSet r = checkpoint.executeQuery()) {
                if (r.next()) {
                    newest = r.getLong(1);
                }
            }
            try (ResultSet r = commands.executeQuery()) {
                while (r.next()) {
                    // A line a command: "room version length record", the record one JSON line.
                    for (String line : new String(r.getBytes(1), UTF_8).split("\n")) {
                        String[] fields = line.split(" ", 4);
                        if (fields[0].equals(code)) {
                            newest = Math.max(newest, Long.parseLong(fields[1]));
                        }
                    }
                }
            }
        }
        return newest;
    }
}
