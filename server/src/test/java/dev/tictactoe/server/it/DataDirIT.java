package dev.tictactoe.server.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.client.GameClient;
import dev.tictactoe.client.GameConnection;
import dev.tictactoe.client.RoomsApi;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.NewRoom;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.protocol.Snapshot;

import io.netty.channel.EventLoopGroup;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The data directory as an operator meets it: one server at a time, and what a {@code kill -9} in
 * the middle of play takes under each durability mode, counted in moves that clients had seen.
 */
class DataDirIT {

    private static final Duration WAIT = Duration.ofSeconds(10);

    /** Rooms played at once, and the moves seen in all of them before the kill. */
    private static final int ROOMS = 12;

    private static final int MOVES_BEFORE_KILL = 300;

    /**
     * A long game: 15×15 with a win length of 15 and no early draw, played cell after cell, so X
     * holds every even cell and O every odd one; no line is anyone's before move 224.
     */
    private static final NewRoom LONG_GAME =
            new NewRoom(15, 15, "X", "X", false, true, null, null, null);

    private static final int MAX_MOVES = 200;

    @TempDir Path data;

    private final EventLoopGroup group = GameConnection.newGroup(2);
    private final List<Process> started = new ArrayList<>();
    private int port;

    @AfterEach
    void stop() {
        started.forEach(Process::destroyForcibly);
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
    }

    @Test
    void aSecondServerOnTheSameDataDirectoryRefusesToStartInOneLine() throws Exception {
        port = ServerProcess.freePort();
        Process first = start("group");
        int other = ServerProcess.freePort();
        ProcessBuilder second =
                ServerProcess.builder(List.of(), other, "--data-dir", data.toString())
                        .redirectErrorStream(true);
        Process refused = second.start();
        started.add(refused);
        String said = new String(refused.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(refused.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(refused.exitValue()).isNotZero();
        List<String> lines =
                said.lines().filter(l -> !l.startsWith("WARNING:") && !l.isBlank()).toList();
        assertThat(lines).hasSize(1);
        assertThat(lines.getFirst())
                .contains(data.toString(), "pid " + first.pid(), "in use by another server");
        assertThat(first.isAlive()).isTrue();
    }

    @Test
    void underFsyncAKillNineLosesNoMoveAClientSaw() throws Exception {
        port = ServerProcess.freePort();
        Process server = start("fsync");
        List<Table> tables = play();
        server.destroyForcibly();
        assertThat(server.waitFor(15, TimeUnit.SECONDS)).isTrue();
        finishPlay(tables);

        start("fsync");
        int lost = 0;
        for (Table t : tables) {
            lost += t.resume();
        }
        assertThat(lost).as("moves clients saw that the restarted server lacks").isZero();
    }

    @Test
    void underGroupAKillNineLosesOnlyWhatWasNotCommittedAndEveryClientResyncs() throws Exception {
        port = ServerProcess.freePort();
        Process server = start("group");
        List<Table> tables = play();
        // What the database holds now is committed: the restart must have at least that.
        for (Table t : tables) {
            t.committed = RestartIT.storedVersion(data, t.code);
        }
        server.destroyForcibly();
        assertThat(server.waitFor(15, TimeUnit.SECONDS)).isTrue();
        finishPlay(tables);

        start("group");
        int lost = 0;
        for (Table t : tables) {
            String room =
                    RawHttp.exchange(port, RawHttp.get("/api/rooms/" + t.code), 10_000).body();
            long restored = MessageCodec.parse(room).path("version").asLong();
            assertThat(restored).isGreaterThanOrEqualTo(t.committed);
            lost += t.resume();
        }
        System.out.printf("group: %d of the moves clients saw were lost by kill -9%n", lost);
    }

    /** One room, its two players and the thread that plays them. */
    private final class Table {
        final String code;
        final GameClient x;
        final GameClient o;
        Thread player;
        long committed;

        Table() {
            code = new RoomsApi(URI.create("http://127.0.0.1:" + port)).create(LONG_GAME).code();
            x = client(code);
            x.join("ana");
            o = client(code);
            o.join("bo");
        }

        /** Moves as fast as the room answers until the server goes or the game is long enough. */
        void play(CountDownLatch seen) {
            try {
                for (int i = x.snapshot().moves().size(); i < MAX_MOVES; i++) {
                    int next = i + 1;
                    (i % 2 == 0 ? x : o).move(i);
                    x.awaitSnapshot(s -> s.moves().size() >= next, WAIT);
                    o.awaitSnapshot(s -> s.moves().size() >= next, WAIT);
                    seen.countDown();
                }
            } catch (RuntimeException | AssertionError e) {
                // the server went away mid-move: what was seen is counted after
            }
        }

        /** The most moves either player saw. */
        int seenMoves() {
            return Math.max(x.snapshot().moves().size(), o.snapshot().moves().size());
        }

        /**
         * Both players come back; both must hold the restarted server's state, whatever they saw
         * before, and the game goes on. Returns how many moves they saw that it lacks.
         */
        int resume() {
            int seen = seenMoves();
            ServerMessage.Welcome wx = x.reconnect();
            o.reconnect();
            Snapshot now = o.awaitSnapshot(s -> s.players().x().connected(), WAIT);
            x.awaitSnapshot(s -> s.version() == now.version(), WAIT);
            assertThat(x.snapshot()).isEqualTo(now);
            int restored = wx.snapshot().moves().size();
            int i = now.moves().size();
            (i % 2 == 0 ? x : o).move(i);
            x.awaitSnapshot(s -> s.moves().size() == i + 1, WAIT);
            o.awaitSnapshot(s -> s.moves().size() == i + 1, WAIT);
            return Math.max(0, seen - restored);
        }
    }

    /** Plays {@link #ROOMS} rooms at once until clients have seen {@link #MOVES_BEFORE_KILL}. */
    private List<Table> play() throws InterruptedException {
        List<Table> tables = new ArrayList<>();
        for (int r = 0; r < ROOMS; r++) {
            tables.add(new Table());
        }
        CountDownLatch seen = new CountDownLatch(MOVES_BEFORE_KILL);
        for (Table t : tables) {
            t.player = Thread.ofVirtual().start(() -> t.play(seen));
        }
        assertThat(seen.await(60, TimeUnit.SECONDS)).isTrue();
        return tables;
    }

    private static void finishPlay(List<Table> tables) throws InterruptedException {
        for (Table t : tables) {
            t.player.join();
        }
    }

    private GameClient client(String code) {
        return GameClient.connect("127.0.0.1", port, code, group).timeout(WAIT);
    }

    private Process start(String durability) throws Exception {
        Process server =
                ServerProcess.start(
                                List.of(),
                                port,
                                "--data-dir",
                                data.toString(),
                                "--durability",
                                durability,
                                "--messages-per-second",
                                "1000",
                                "--message-burst",
                                "1000")
                        .process();
        started.add(server);
        return server;
    }
}
