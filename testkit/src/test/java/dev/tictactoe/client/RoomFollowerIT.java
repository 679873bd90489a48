package dev.tictactoe.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.CloseCodes;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.testkit.ScriptServer;

import io.netty.channel.Channel;
import io.netty.channel.EventLoopGroup;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/** The follower against a scripted server: sync on a gap, reconnecting, and when it stops. */
class RoomFollowerIT {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final List<Duration> QUICK =
            List.of(Duration.ofMillis(10), Duration.ofMillis(10));
    private static EventLoopGroup group;

    private GameClientIT.FakeRoom room;
    private ScriptServer server;
    private ScheduledExecutorService executor;
    private final RoomView view = new RoomView();
    private final BlockingQueue<Object> events = new LinkedBlockingQueue<>();
    private final CompletableFuture<RoomFollower.Listener.Stopped> stopped =
            new CompletableFuture<>();
    private final CompletableFuture<Channel> latest = new CompletableFuture<>();

    @BeforeAll
    static void startGroup() {
        group = GameConnection.newGroup(2);
    }

    @AfterAll
    static void stopGroup() {
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
    }

    @BeforeEach
    void start() throws InterruptedException {
        room = new GameClientIT.FakeRoom();
        server = new ScriptServer(group, room);
        executor = Executors.newSingleThreadScheduledExecutor();
    }

    @AfterEach
    void stop() {
        executor.shutdownNow();
        server.close();
    }

    private RoomFollower follower(URI uri) {
        return new RoomFollower(
                        uri,
                        group,
                        executor,
                        view,
                        new RoomFollower.Listener() {
                            @Override
                            public void onMessage(ServerMessage message) {
                                events.add(message);
                            }

                            @Override
                            public void onReconnecting(
                                    String why,
                                    int closeCode,
                                    int attempt,
                                    int attempts,
                                    Duration wait) {
                                events.add("reconnecting " + closeCode);
                            }

                            @Override
                            public void onStopped(RoomFollower.Listener.Stopped how) {
                                stopped.complete(how);
                            }
                        })
                .backoff(QUICK);
    }

    private RoomFollower joined() throws Exception {
        RoomFollower f = follower(server.roomUri());
        f.connect().get(10, TimeUnit.SECONDS);
        f.join(ClientMessage.Join.player("ana"));
        awaitEvent(m -> m instanceof ServerMessage.Welcome);
        return f;
    }

    private Object awaitEvent(Predicate<Object> match) throws InterruptedException {
        while (true) {
            Object next = events.poll(WAIT.toSeconds(), TimeUnit.SECONDS);
            assertThat(next).as("an event in time").isNotNull();
            if (match.test(next)) {
                return next;
            }
        }
    }

    private void awaitVersion(long version) throws InterruptedException {
        awaitEvent(
                m ->
                        m instanceof ServerMessage
                                && Long.valueOf(version).equals(executorRead(view::lastVersion)));
    }

    private <T> T executorRead(java.util.concurrent.Callable<T> read) {
        try {
            return executor.submit(read).get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void asksForASyncOnAGapAndCatchesUp() throws Exception {
        RoomFollower f = joined();
        synchronized (room) {
            room.skipNextDiff = true;
        }
        f.send(new ClientMessage.Move("m1", 1, 4)); // version 2 is never sent
        f.send(new ClientMessage.Move("m2", 2, 0)); // version 3 arrives: a gap
        awaitVersion(3);
        assertThat(room.received()).contains(new ClientMessage.Sync(1L));
        assertThat(executorRead(() -> view.snapshot().board().get(0))).startsWith("O");
    }

    @Test
    void aDroppedConnectionRejoinsWithTheTokenAndTheLastVersion() throws Exception {
        RoomFollower f = joined();
        f.send(new ClientMessage.Move("m1", 1, 4));
        awaitVersion(2);
        server.firstConnection.get().close(); // no close frame: a lost network
        awaitEvent("reconnecting 1006"::equals);
        awaitEvent(m -> m instanceof ServerMessage.Welcome);
        assertThat(room.received()).contains(new ClientMessage.Join(1, "ana", "tok-1", false, 2L));
        assertThat(stopped).isNotDone();
    }

    @Test
    void goingAwayIsAReasonToComeBack() throws Exception {
        joined();
        server.firstConnection
                .get()
                .writeAndFlush(new CloseWebSocketFrame(CloseCodes.GOING_AWAY, "restarting"));
        awaitEvent("reconnecting 1001"::equals);
        awaitEvent(m -> m instanceof ServerMessage.Welcome);
        assertThat(stopped).isNotDone();
    }

    @Test
    void replacedIsTheEnd() throws Exception {
        joined();
        server.firstConnection
                .get()
                .writeAndFlush(new CloseWebSocketFrame(CloseCodes.REPLACED, "replaced"));
        RoomFollower.Listener.Stopped how = stopped.get(10, TimeUnit.SECONDS);
        assertThat(how.reason()).isEqualTo(RoomFollower.Listener.Stop.REPLACED);
        assertThat(how.close().code()).isEqualTo(CloseCodes.REPLACED);
    }

    @Test
    void aRoomClosedByTheOperatorStopsItWithTheReason() throws Exception {
        joined();
        server.firstConnection
                .get()
                .writeAndFlush(new CloseWebSocketFrame(CloseCodes.ROOM_CLOSED, "abuse reported"));
        RoomFollower.Listener.Stopped how = stopped.get(10, TimeUnit.SECONDS);
        assertThat(how.reason()).isEqualTo(RoomFollower.Listener.Stop.ROOM_GONE);
        assertThat(how.close())
                .isEqualTo(new GameConnection.CloseInfo(CloseCodes.ROOM_CLOSED, "abuse reported"));
    }

    @Test
    void aRoomThatIsGoneStopsIt() throws Exception {
        URI elsewhere = ServerAddress.parse("127.0.0.1:" + server.port()).ws("ZZZ999");
        RoomFollower f = follower(elsewhere);
        f.connect().handle((c, err) -> null).get(10, TimeUnit.SECONDS);
        assertThat(stopped.get(10, TimeUnit.SECONDS).reason())
                .isEqualTo(RoomFollower.Listener.Stop.ROOM_GONE);
    }

    @Test
    void givesUpAfterTheLastWait() throws Exception {
        joined();
        server.close(); // nobody listens any more: every attempt is refused
        server.firstConnection.get().close();
        assertThat(stopped.get(10, TimeUnit.SECONDS).reason())
                .isEqualTo(RoomFollower.Listener.Stop.GAVE_UP);
    }

    @Test
    void leavingStopsWithoutComingBack() throws Exception {
        RoomFollower f = joined();
        GameConnection.CloseInfo info = f.leave().get(10, TimeUnit.SECONDS);
        assertThat(info.code()).isEqualTo(CloseCodes.LEFT);
        assertThat(stopped.get(10, TimeUnit.SECONDS).reason())
                .isEqualTo(RoomFollower.Listener.Stop.BY_REQUEST);
        assertThat(events).noneMatch(e -> e instanceof String);
    }

    // Generous next to a loopback round trip: a loaded machine can stall a thread for a while.
    private static final Duration PING_WHEN_QUIET = Duration.ofMillis(100);
    private static final Duration DEAD_AFTER = Duration.ofSeconds(2);

    @Test
    void aSilentServerIsNoticedAndTheFollowerReconnects() throws Exception {
        RoomFollower f = follower(server.roomUri()).heartbeat(PING_WHEN_QUIET, DEAD_AFTER);
        f.connect().get(10, TimeUnit.SECONDS);
        f.join(ClientMessage.Join.player("ana"));
        awaitEvent(m -> m instanceof ServerMessage.Welcome);
        // The fake room answers no ping: the link counts as dead, and the follower comes back.
        awaitEvent(("reconnecting " + CloseCodes.ABNORMAL)::equals);
        awaitEvent(m -> m instanceof ServerMessage.Welcome);
        assertThat(room.received()).anyMatch(m -> m instanceof ClientMessage.Ping);
        assertThat(room.received())
                .filteredOn(m -> m instanceof ClientMessage.Join)
                .last()
                .isEqualTo(new ClientMessage.Join(1, "ana", "tok-1", false, 1L));
        f.stop();
    }

    @Test
    void aServerThatAnswersPingsKeepsTheConnection() throws Exception {
        synchronized (room) {
            room.answerPings = true;
        }
        RoomFollower f = follower(server.roomUri()).heartbeat(PING_WHEN_QUIET, DEAD_AFTER);
        f.connect().get(10, TimeUnit.SECONDS);
        f.join(ClientMessage.Join.player("ana"));
        awaitEvent(m -> m instanceof ServerMessage.Welcome);
        // Pings over several dead-link times, each answered, and no other frame.
        long wanted = 2 * DEAD_AFTER.toMillis() / PING_WHEN_QUIET.toMillis();
        assertThat(room.awaitReceived(m -> m instanceof ClientMessage.Ping, wanted, WAIT))
                .isGreaterThanOrEqualTo(wanted);
        assertThat(events).as("pongs are not reported, and nothing dropped").isEmpty();
        assertThat(stopped).isNotDone();
        f.stop();
    }

    @Test
    void aPingFromTheServerIsAnsweredAtOnceWithItsSeqAndNotReported() throws Exception {
        synchronized (room) {
            room.pingBack = true;
        }
        RoomFollower f = follower(server.roomUri()).heartbeat(PING_WHEN_QUIET, DEAD_AFTER);
        f.connect().get(10, TimeUnit.SECONDS);
        f.join(ClientMessage.Join.player("ana"));
        awaitEvent(m -> m instanceof ServerMessage.Welcome);
        // The first ping asks for the server's; the server's first ping is the answer to it.
        assertThat(room.pong.get(10, TimeUnit.SECONDS)).isEqualTo(new ClientMessage.Pong(100));
        assertThat(room.received())
                .filteredOn(m -> m instanceof ClientMessage.Ping)
                .first()
                .isEqualTo(new ClientMessage.Ping(0));
        assertThat(events).as("the server's ping is not reported").isEmpty();
        f.stop();
    }
}
