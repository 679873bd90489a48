package dev.tictactoe.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.client.GameClient;
import dev.tictactoe.client.GameConnection;
import dev.tictactoe.client.RoomsApi;
import dev.tictactoe.client.ServerAddress;
import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.CloseCodes;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.NewRoom;
import dev.tictactoe.protocol.RoomStatus;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.protocol.Snapshot;
import dev.tictactoe.server.ServerConfig;
import dev.tictactoe.server.net.GameServer;
import dev.tictactoe.testkit.ScriptServer;

import io.netty.channel.EventLoopGroup;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** A stay in a room end to end: the kept seat, Ctrl-C, a full room, a server going away. */
class SessionIT {
    private static final Duration WAIT = Duration.ofSeconds(10);

    @TempDir Path state;

    private GameServer server;
    private EventLoopGroup group;
    private ServerAddress address;

    @BeforeEach
    void start() {
        server = ServerConfig.local().start();
        group = GameConnection.newGroup(1);
        address = ServerAddress.parse("http://127.0.0.1:" + server.port());
    }

    @AfterEach
    void stop() {
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        server.close();
    }

    /** Records notices and messages; the welcome completes a future. */
    private static final class Recorder implements SessionFrontend {
        final List<String> notices = new CopyOnWriteArrayList<>();
        final BlockingQueue<ServerMessage> messages = new LinkedBlockingQueue<>();
        final CompletableFuture<ServerMessage.Welcome> welcome = new CompletableFuture<>();

        @Override
        public void received(ServerMessage message) {
            messages.add(message);
            if (message instanceof ServerMessage.Welcome w) {
                welcome.complete(w);
            }
        }

        @Override
        public void connectionChanged() {}

        @Override
        public void notice(String text, boolean error) {
            notices.add(text);
        }

        ServerMessage.Welcome awaitWelcome() throws Exception {
            return welcome.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    private RoomSession session(ServerAddress where, String code, String name) {
        return new RoomSession(
                where, code, name, false, false, false, group, new SeatTokens(state), null);
    }

    private static CompletableFuture<Integer> run(RoomSession session, Recorder recorder) {
        return CompletableFuture.supplyAsync(() -> session.run(recorder));
    }

    private String newRoom(NewRoom room) {
        return new RoomsApi(address.http()).create(room).code();
    }

    @Test
    void ctrlCKeepsTheSeatAndARestartedJoinTakesItBack() throws Exception {
        String code = newRoom(NewRoom.DEFAULT);
        RoomSession first = session(address, code, "ana");
        Recorder one = new Recorder();
        CompletableFuture<Integer> exit = run(first, one);
        assertThat(one.awaitWelcome().seat()).isEqualTo(Seat.X);
        try (GameClient ben = GameClient.connect("127.0.0.1", server.port(), code, group)) {
            ben.join("ben");
            ben.awaitSnapshot(s -> s.status() == RoomStatus.PLAYING, WAIT);

            first.execute(() -> first.events.submit(new Command.Interrupt()));
            assertThat(exit.get(WAIT.toMillis(), TimeUnit.MILLISECONDS))
                    .isEqualTo(ExitCodes.ABORTED);
            assertThat(one.notices).anySatisfy(n -> assertThat(n).contains("ttt join " + code));
            // Not a leave: the game goes on with X's seat held.
            Snapshot held =
                    ben.awaitSnapshot(
                            s -> s.players().x() != null && !s.players().x().connected(), WAIT);
            assertThat(held.status()).isEqualTo(RoomStatus.PLAYING);

            RoomSession again = session(address, code, "ana");
            Recorder two = new Recorder();
            CompletableFuture<Integer> exit2 = run(again, two);
            assertThat(two.awaitWelcome().seat()).isEqualTo(Seat.X);
            assertThat(two.notices).contains("rejoined seat X in room " + code);
            ben.awaitSnapshot(s -> s.players().x().connected(), WAIT);

            again.execute(() -> again.events.submit(new Command.Quit()));
            assertThat(exit2.get(WAIT.toMillis(), TimeUnit.MILLISECONDS))
                    .isEqualTo(ExitCodes.ABORTED);
            assertThat(two.notices)
                    .anySatisfy(n -> assertThat(n).contains("left room " + code + " for good"));
            assertThat(new SeatTokens(state).load(address, code)).isNull();
        }
    }

    @Test
    void aKeptTokenWhoseSeatIsGoneJoinsAfresh() throws Exception {
        String code = newRoom(NewRoom.DEFAULT);
        new SeatTokens(state).save(address, code, "not-a-seat-any-more");
        RoomSession session = session(address, code, "ana");
        Recorder recorder = new Recorder();
        CompletableFuture<Integer> exit = run(session, recorder);
        assertThat(recorder.awaitWelcome().seat()).isEqualTo(Seat.X);
        assertThat(recorder.notices).isEmpty();
        String kept = new SeatTokens(state).load(address, code);
        assertThat(kept).isNotNull().isNotEqualTo("not-a-seat-any-more");
        session.execute(() -> session.events.submit(new Command.Quit()));
        exit.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Test
    void aSeatHandedOutByAQuickMatchIsTakenWithItsToken() throws Exception {
        String code = newRoom(NewRoom.DEFAULT);
        String token;
        try (GameClient held = GameClient.connect("127.0.0.1", server.port(), code, group)) {
            // The seat's token, as a pairing hands it out: the seat waits for whoever holds it.
            token = held.join("ana").token();
            held.drop();
        }
        try (GameClient ben = GameClient.connect("127.0.0.1", server.port(), code, group)) {
            ben.join("ben");
            RoomSession session =
                    new RoomSession(
                            address,
                            code,
                            "ana",
                            false,
                            false,
                            false,
                            group,
                            new SeatTokens(state),
                            token);
            Recorder recorder = new Recorder();
            CompletableFuture<Integer> exit = run(session, recorder);
            assertThat(recorder.awaitWelcome().seat()).isEqualTo(Seat.X);
            assertThat(recorder.notices).containsExactly("quick match: you play X in room " + code);
            assertThat(new SeatTokens(state).load(address, code))
                    .as("kept for a restarted join")
                    .isEqualTo(token);
            ben.awaitSnapshot(s -> s.players().x() != null && s.players().x().connected(), WAIT);
            session.execute(() -> session.events.submit(new Command.Quit()));
            assertThat(exit.get(WAIT.toMillis(), TimeUnit.MILLISECONDS))
                    .isEqualTo(ExitCodes.ABORTED);
        }
    }

    @Test
    void aQuickMatchSeatThatIsNoLongerHeldIsSaidInWords() throws Exception {
        String code = newRoom(NewRoom.DEFAULT);
        RoomSession session =
                new RoomSession(
                        address,
                        code,
                        "ana",
                        false,
                        false,
                        false,
                        group,
                        new SeatTokens(state),
                        "no-such-seat-token");
        Recorder recorder = new Recorder();
        assertThat(run(session, recorder).get(WAIT.toMillis(), TimeUnit.MILLISECONDS))
                .isEqualTo(ExitCodes.ERROR);
        assertThat(recorder.notices)
                .containsExactly(
                        "the seat the quick match gave you in room " + code + " is no longer held");
    }

    @Test
    void aThirdPlayerIsToldTheyAreWatching() throws Exception {
        String code = newRoom(new NewRoom(3, 3, "X", "X", true, true, "easy", null, null));
        try (GameClient ana = GameClient.connect("127.0.0.1", server.port(), code, group)) {
            ana.join("ana");
            RoomSession third = session(address, code, "cy");
            Recorder recorder = new Recorder();
            CompletableFuture<Integer> exit = run(third, recorder);
            assertThat(recorder.awaitWelcome().seat()).isNull();
            assertThat(recorder.notices)
                    .containsExactly(
                            "both seats of room "
                                    + code
                                    + " are taken: you are watching as a spectator");
            third.execute(() -> third.events.submit(new Command.Quit()));
            exit.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    @Test
    void aFullRoomWithoutSpectatorsSaysSoOnce() throws Exception {
        String code = newRoom(new NewRoom(3, 3, "X", "X", true, false, "easy", null, null));
        try (GameClient ana = GameClient.connect("127.0.0.1", server.port(), code, group)) {
            ana.join("ana");
            Recorder recorder = new Recorder();
            int exit =
                    run(session(address, code, "cy"), recorder)
                            .get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
            assertThat(exit).isEqualTo(ExitCodes.ERROR);
            assertThat(recorder.notices).hasSize(1);
            assertThat(recorder.notices.get(0))
                    .startsWith("cannot join room " + code + ": both seats are taken");
        }
    }

    @Test
    void aServerGoingAwayIsWaitedForAndTheSeatResumed() throws Exception {
        Snapshot room = Snapshots.playing(Seat.X, "...", "...", "...");
        List<ClientMessage.Join> joins = new CopyOnWriteArrayList<>();
        try (ScriptServer script =
                new ScriptServer(
                        group,
                        (ch, frame) -> {
                            if (frame instanceof TextWebSocketFrame text
                                    && MessageCodec.decodeClient(text.text())
                                            instanceof ClientMessage.Join join) {
                                joins.add(join);
                                ch.writeAndFlush(
                                        new TextWebSocketFrame(
                                                MessageCodec.encode(
                                                        new ServerMessage.Welcome(
                                                                1,
                                                                ScriptServer.ROOM,
                                                                Seat.X,
                                                                "tok-1",
                                                                null,
                                                                room))));
                                if (join.token() == null) {
                                    ch.writeAndFlush(
                                            new CloseWebSocketFrame(
                                                    CloseCodes.GOING_AWAY, "server shutting down"));
                                }
                            } else if (frame instanceof CloseWebSocketFrame) {
                                ch.close();
                            }
                        })) {
            ServerAddress where = ServerAddress.parse("http://127.0.0.1:" + script.port());
            RoomSession session =
                    new RoomSession(
                            where,
                            ScriptServer.ROOM,
                            "ana",
                            false,
                            false,
                            false,
                            group,
                            new SeatTokens(state),
                            null);
            Recorder recorder = new Recorder();
            CompletableFuture<Integer> exit = run(session, recorder);
            int welcomes = 0;
            while (welcomes < 2) {
                ServerMessage m = recorder.messages.poll(WAIT.toMillis(), TimeUnit.MILLISECONDS);
                assertThat(m).as("a welcome again, notices " + recorder.notices).isNotNull();
                welcomes += m instanceof ServerMessage.Welcome ? 1 : 0;
            }
            assertThat(joins).hasSize(2);
            assertThat(joins.get(1).token()).isEqualTo("tok-1");
            assertThat(joins.get(1).lastVersion()).isEqualTo(room.version());
            assertThat(recorder.notices).contains("server restarting \u2014 reconnecting\u2026");
            session.execute(() -> session.events.submit(new Command.Quit()));
            exit.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        }
    }
}
