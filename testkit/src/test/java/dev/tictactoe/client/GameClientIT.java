package dev.tictactoe.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.CloseCodes;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.Event;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.protocol.Snapshot;
import dev.tictactoe.testkit.ScriptServer;

import io.netty.channel.Channel;
import io.netty.channel.EventLoopGroup;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.function.Predicate;

class GameClientIT {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static EventLoopGroup group;

    private FakeRoom room;
    private ScriptServer server;

    @BeforeAll
    static void startGroup() {
        group = GameConnection.newGroup(2);
    }

    @AfterAll
    static void stopGroup() {
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
    }

    @BeforeEach
    void startServer() throws InterruptedException {
        room = new FakeRoom();
        server = new ScriptServer(group, room);
    }

    @AfterEach
    void stopServer() throws InterruptedException {
        server.close();
    }

    /** Just enough of a room to drive the client: one seat, moves in order, sync and leave. */
    static final class FakeRoom implements BiConsumer<Channel, WebSocketFrame> {
        final List<Integer> cells = new ArrayList<>();
        Snapshot current = RoomViewTest.state(1, List.of());
        boolean skipNextDiff;

        /** Answer pings; else the room is silent to them, as a dead link would be. */
        boolean answerPings;

        /**
         * Answer a ping with a ping of the server's own (seq + 100), as a heartbeating server does.
         */
        boolean pingBack;

        /** The first pong a client sent. */
        final CompletableFuture<ClientMessage.Pong> pong = new CompletableFuture<>();

        final List<ClientMessage> received = new ArrayList<>();

        @Override
        public synchronized void accept(Channel ch, WebSocketFrame frame) {
            if (frame instanceof CloseWebSocketFrame) {
                ch.close();
                return;
            }
            var message = MessageCodec.decodeClient(((TextWebSocketFrame) frame).text());
            received.add(message);
            notifyAll();
            switch (message) {
                case ClientMessage.Join j when j.name().equals("nobody") ->
                        send(
                                ch,
                                new ServerMessage.ErrorMessage(
                                        ErrorCode.ROOM_FULL, ErrorCode.ROOM_FULL.text(), "join"));
                case ClientMessage.Join j ->
                        send(
                                ch,
                                new ServerMessage.Welcome(
                                        1, ScriptServer.ROOM, Seat.X, "tok-1", null, current));
                case ClientMessage.Move m when m.version() != current.version() ->
                        send(
                                ch,
                                new ServerMessage.ErrorMessage(
                                        ErrorCode.STALE_VERSION,
                                        ErrorCode.STALE_VERSION.text(),
                                        m.id()));
                case ClientMessage.Move m -> {
                    cells.add(m.cell());
                    Snapshot next = RoomViewTest.state(current.version() + 1, cells);
                    var diff = RoomViewTest.diff(current, next);
                    current = next;
                    if (skipNextDiff) {
                        skipNextDiff = false;
                    } else {
                        send(
                                ch,
                                new ServerMessage.Diff(
                                        diff.version(),
                                        diff.ops(),
                                        new Event.Moved(Seat.X, m.cell(), m.id())));
                    }
                }
                case ClientMessage.Sync s ->
                        send(ch, new ServerMessage.SnapshotMessage(null, current));
                case ClientMessage.Ping p when answerPings ->
                        send(ch, new ServerMessage.Pong(p.seq()));
                case ClientMessage.Ping p when pingBack ->
                        send(ch, new ServerMessage.Ping(p.seq() + 100));
                case ClientMessage.Pong p -> pong.complete(p);
                case ClientMessage.Leave l ->
                        ch.writeAndFlush(new CloseWebSocketFrame(CloseCodes.LEFT, "left"))
                                .addListener(f -> ch.close());
                default -> {}
            }
        }

        private static void send(Channel ch, ServerMessage m) {
            ch.writeAndFlush(new TextWebSocketFrame(MessageCodec.encode(m)));
        }

        /**
         * Waits until {@code count} messages that are {@code which} have come, or {@code within}.
         */
        synchronized long awaitReceived(Predicate<ClientMessage> which, long count, Duration within)
                throws InterruptedException {
            long end = System.nanoTime() + within.toNanos();
            long seen;
            while ((seen = received.stream().filter(which).count()) < count) {
                long left = end - System.nanoTime();
                if (left <= 0) {
                    break;
                }
                TimeUnit.NANOSECONDS.timedWait(this, left);
            }
            return seen;
        }

        synchronized List<ClientMessage> received() {
            return List.copyOf(received);
        }
    }

    @Test
    void joinsMovesAndFollowsTheState() {
        try (GameClient client = GameClient.connect(server.roomUri(), group)) {
            var welcome = client.join("ana");
            assertThat(welcome.seat()).isEqualTo(Seat.X);
            assertThat(client.seat()).isEqualTo(Seat.X);
            assertThat(client.token()).isEqualTo("tok-1");
            assertThat(client.version()).isEqualTo(1);

            assertThat(client.move(4)).isEqualTo("m1");
            var diff = client.await(ServerMessage.Diff.class, WAIT);
            assertThat(diff.event()).isEqualTo(new Event.Moved(Seat.X, 4, "m1"));
            Snapshot s = client.awaitSnapshot(snap -> snap.version() == 2, WAIT);
            assertThat(s.board().get(1)).isEqualTo(".X.");

            assertThat(client.move(0)).isEqualTo("m2");
            assertThat(client.awaitSnapshot(snap -> snap.moves().size() == 2, WAIT).lastMove())
                    .isEqualTo(0);
            assertThat(room.received()).contains(new ClientMessage.Move("m2", 2, 0));
        }
    }

    @Test
    void aRefusedJoinThrowsTheServersError() {
        try (GameClient client = GameClient.connect(server.roomUri(), group)) {
            assertThatThrownBy(() -> client.join("nobody"))
                    .isInstanceOfSatisfying(
                            dev.tictactoe.protocol.ProtocolException.class,
                            e -> assertThat(e.code()).isEqualTo(ErrorCode.ROOM_FULL));
        }
    }

    @Test
    void asksForASyncWhenADiffIsMissing() {
        try (GameClient client = GameClient.connect(server.roomUri(), group)) {
            client.join("ana");
            synchronized (room) {
                room.skipNextDiff = true;
            }
            client.move(4); // version 2 is never sent
            client.move(0); // sent at version 1: the fake room answers stale_version
            client.awaitError(ErrorCode.STALE_VERSION, WAIT);
            client.send(new ClientMessage.Move("m3", 2, 0)); // version 3 arrives: a gap
            Snapshot s = client.awaitSnapshot(snap -> snap.version() == 3, WAIT);
            assertThat(s.moves()).extracting(Snapshot.MoveEntry::cell).containsExactly(4, 0);
            assertThat(room.received()).contains(new ClientMessage.Sync(1L));
        }
    }

    @Test
    void reconnectsWithTheSeatTokenAndLastVersion() {
        try (GameClient client = GameClient.connect(server.roomUri(), group)) {
            client.join("ana");
            client.move(4);
            client.awaitSnapshot(snap -> snap.version() == 2, WAIT);
            assertThat(client.drop().code()).isEqualTo(CloseCodes.ABNORMAL);

            var welcome = client.reconnect();
            assertThat(welcome.snapshot().version()).isEqualTo(2);
            assertThat(room.received())
                    .contains(new ClientMessage.Join(1, "ana", "tok-1", false, 2L));
            client.move(0);
            assertThat(client.awaitSnapshot(snap -> snap.version() == 3, WAIT).board().get(0))
                    .startsWith("O");
        }
    }

    @Test
    void leaveEndsWithTheServersCloseCode() {
        try (GameClient client = GameClient.connect(server.roomUri(), group)) {
            client.join("ana");
            assertThat(client.leave())
                    .isEqualTo(new GameConnection.CloseInfo(CloseCodes.LEFT, "left"));
            assertThatThrownBy(() -> client.await(m -> true, WAIT))
                    .hasMessageStartingWith("connection closed (4002 left (left))");
        }
    }

    @Test
    void awaitTimesOutListingWhatItSaw() {
        try (GameClient client = GameClient.connect(server.roomUri(), group)) {
            client.join("ana");
            client.move(4);
            assertThatThrownBy(() -> client.await(ServerMessage.Ack.class, Duration.ofMillis(300)))
                    .hasMessageContaining("no matching message within PT0.3S")
                    .hasMessageContaining("\"type\":\"diff\"");
        }
    }
}
