package dev.tictactoe.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.client.GameConnection;
import dev.tictactoe.client.RoomsApi;
import dev.tictactoe.client.ServerAddress;
import dev.tictactoe.protocol.NewRoom;
import dev.tictactoe.protocol.RoomStatus;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.protocol.Snapshot;
import dev.tictactoe.server.ServerConfig;
import dev.tictactoe.server.net.GameServer;

import io.netty.channel.EventLoopGroup;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/** A session whose connection drops comes back by itself, in the same seat, where it left off. */
class ReconnectIT {

    private static final Duration WAIT = Duration.ofSeconds(10);

    private GameServer server;
    private EventLoopGroup group;

    @BeforeEach
    void start() {
        server = ServerConfig.local().start();
        group = GameConnection.newGroup(1);
    }

    @AfterEach
    void stop() {
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        server.close();
    }

    /** Records what the session reports, on the session thread. */
    private static final class Recorder implements SessionFrontend {
        final BlockingQueue<ServerMessage> messages = new LinkedBlockingQueue<>();
        final List<String> notices = new CopyOnWriteArrayList<>();

        @Override
        public void received(ServerMessage message) {
            messages.add(message);
        }

        @Override
        public void connectionChanged() {}

        @Override
        public void notice(String text, boolean error) {
            notices.add(text);
        }

        <T extends ServerMessage> T await(Class<T> type, Predicate<T> predicate)
                throws InterruptedException {
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (true) {
                ServerMessage m =
                        messages.poll(
                                Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                if (m == null) {
                    throw new AssertionError(
                            "no "
                                    + type.getSimpleName()
                                    + " within "
                                    + WAIT
                                    + "; notices "
                                    + notices);
                }
                if (type.isInstance(m) && predicate.test(type.cast(m))) {
                    return type.cast(m);
                }
            }
        }
    }

    private static <T> T onSession(RoomSession session, java.util.function.Supplier<T> read) {
        CompletableFuture<T> value = new CompletableFuture<>();
        session.execute(() -> value.complete(read.get()));
        return value.orTimeout(WAIT.toMillis(), TimeUnit.MILLISECONDS).join();
    }

    @Test
    void aDroppedConnectionRejoinsTheSameSeatAndPlaysOn() throws Exception {
        URI http = URI.create("http://127.0.0.1:" + server.port());
        String code =
                new RoomsApi(http)
                        .create(new NewRoom(3, 3, "X", "X", true, true, "perfect", null, null))
                        .code();
        RoomSession session =
                new RoomSession(
                        ServerAddress.parse(http.toString()),
                        code,
                        "me",
                        false,
                        false,
                        true,
                        group,
                        null,
                        null);
        Recorder recorder = new Recorder();
        CompletableFuture<Integer> exit =
                CompletableFuture.supplyAsync(() -> session.run(recorder));

        ServerMessage.Welcome first = recorder.await(ServerMessage.Welcome.class, w -> true);
        assertThat(first.seat()).isEqualTo(Seat.X);
        session.execute(() -> session.events.submitLine("move b2"));
        recorder.await(
                ServerMessage.Diff.class,
                d -> onSession(session, () -> session.view.snapshot().moves().size()) == 2);
        long before = onSession(session, () -> session.view.snapshot().version());

        // As a lost network would: no close frame.
        session.execute(() -> Objects.requireNonNull(session.follower.connection()).abort());
        ServerMessage.Welcome again = recorder.await(ServerMessage.Welcome.class, w -> true);
        assertThat(again.seat()).isEqualTo(Seat.X);
        assertThat(recorder.notices).anySatisfy(n -> assertThat(n).startsWith("connection lost"));
        assertThat(onSession(session, session.status::text)).isEqualTo("connected");
        Snapshot resumed = onSession(session, session.view::snapshot);
        assertThat(resumed.version()).isGreaterThanOrEqualTo(before);
        assertThat(resumed.moves()).hasSize(2);
        assertThat(resumed.players().x().connected()).isTrue();

        // The seat still plays: the next move is accepted and the bot answers.
        int empty = resumed.board().get(0).indexOf('.');
        session.execute(() -> session.events.submitLine("move " + Coordinates.format(empty, 3)));
        recorder.await(
                ServerMessage.Diff.class,
                d ->
                        onSession(session, () -> session.view.snapshot().moves().size()) >= 4
                                || onSession(session, () -> session.view.snapshot().status())
                                        == RoomStatus.OVER);

        session.execute(() -> session.events.submitLine("quit"));
        assertThat(exit.get(WAIT.toMillis(), TimeUnit.MILLISECONDS))
                .isIn(ExitCodes.ABORTED, ExitCodes.LOST, ExitCodes.DRAW);
    }

    @Test
    void aClientThatResumesASeatAfterSomeMovesPlaysItsNextTypedMove(@TempDir Path state)
            throws Exception {
        URI http = URI.create("http://127.0.0.1:" + server.port());
        String code =
                new RoomsApi(http)
                        .create(new NewRoom(3, 3, "X", "X", true, true, "perfect", null, null))
                        .code();
        RoomSession first = session(http, code, new SeatTokens(state));
        Recorder before = new Recorder();
        CompletableFuture<Integer> firstExit =
                CompletableFuture.supplyAsync(() -> first.run(before));
        before.await(ServerMessage.Welcome.class, w -> true);
        first.execute(() -> first.events.submitLine("move b2"));
        before.await(
                ServerMessage.Diff.class,
                d -> onSession(first, () -> first.view.snapshot().moves().size()) == 2);
        // Ctrl-C: the seat is kept, and so is its token.
        first.execute(() -> first.events.submit(new Command.Interrupt()));
        assertThat(firstExit.get(WAIT.toMillis(), TimeUnit.MILLISECONDS))
                .isEqualTo(ExitCodes.ABORTED);

        RoomSession second = session(http, code, new SeatTokens(state));
        Recorder after = new Recorder();
        CompletableFuture<Integer> secondExit =
                CompletableFuture.supplyAsync(() -> second.run(after));
        assertThat(after.await(ServerMessage.Welcome.class, w -> true).seat()).isEqualTo(Seat.X);
        Snapshot resumed = onSession(second, second.view::snapshot);
        int empty = resumed.board().get(0).indexOf('.');
        second.execute(() -> second.events.submitLine("move " + Coordinates.format(empty, 3)));
        after.await(
                ServerMessage.Diff.class,
                d -> onSession(second, () -> second.view.snapshot().moves().size()) >= 3);
        assertThat(onSession(second, () -> second.view.snapshot().moves().get(2).cell()))
                .isEqualTo(empty);
        assertThat(after.notices).noneMatch(n -> n.contains("was not played"));

        second.execute(() -> second.events.submitLine("quit"));
        secondExit.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
    }

    private RoomSession session(URI http, String code, SeatTokens tokens) {
        return new RoomSession(
                ServerAddress.parse(http.toString()),
                code,
                "me",
                false,
                false,
                true,
                group,
                tokens,
                null);
    }
}
