package dev.tictactoe.client;

import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.CloseCodes;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.ProtocolException;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.protocol.Snapshot;

import io.netty.buffer.Unpooled;
import io.netty.channel.EventLoopGroup;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;

import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

/** A blocking test client over a {@link RoomFollower}: waits on messages and state. */
public final class GameClient implements AutoCloseable {
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(5);

    private final URI uri;
    private final RoomView view = new RoomView(); // on the follower's executor only
    private final Inbox inbox = new Inbox(view);
    private final RoomFollower follower;

    @SuppressWarnings("NullAway.Init") // set by the factories before the client is handed out
    private volatile GameConnection connection;

    private final AtomicInteger moves = new AtomicInteger();
    private volatile Duration timeout = DEFAULT_TIMEOUT;
    private volatile @Nullable Seat seat;

    private GameClient(URI uri, EventLoopGroup group) {
        this.uri = uri;
        // Reconnecting is the test's call (reconnect()), so the follower never does it by itself.
        this.follower = new RoomFollower(uri, group, group.next(), view, inbox).backoff(List.of());
    }

    /** Opens a connection to a room URL ({@code ws://host:port/rooms/CODE/ws}); does not join. */
    public static GameClient connect(URI roomUri, EventLoopGroup group) {
        GameClient client = new GameClient(roomUri, group);
        client.connection = client.await(client.follower.connect(), "connect to " + roomUri);
        return client;
    }

    /** Opens a connection to room {@code code} on {@code host:port}; does not join. */
    public static GameClient connect(String host, int port, String code, EventLoopGroup group) {
        return connect(ServerAddress.parse(host + ":" + port).ws(code), group);
    }

    public GameClient timeout(Duration timeout) {
        this.timeout = timeout;
        follower.openTimeout(timeout);
        return this;
    }

    private <T> T await(CompletableFuture<T> future, String what) {
        return await(future, what, timeout.plusSeconds(1));
    }

    private static <T> T await(CompletableFuture<T> future, String what, Duration within) {
        try {
            return future.get(within.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw switch (Objects.requireNonNullElse(e.getCause(), e)) {
                case RuntimeException r -> r;
                case IOException io ->
                        new UncheckedIOException("cannot " + what + ": " + io.getMessage(), io);
                case Throwable cause -> new IllegalStateException("cannot " + what, cause);
            };
        } catch (TimeoutException e) {
            throw new IllegalStateException("timed out: " + what, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted: " + what, e);
        }
    }

    public ServerMessage.Welcome join(String name) {
        return join(ClientMessage.Join.player(name));
    }

    public ServerMessage.Welcome spectate(String name) {
        return join(ClientMessage.Join.spectator(name));
    }

    /** Sends this join and waits for the welcome, or throws the error the server answered with. */
    public ServerMessage.Welcome join(ClientMessage.Join join) {
        follower.join(join);
        return welcome();
    }

    /** Opens a new connection and rejoins with the seat token and last version. */
    public ServerMessage.Welcome reconnect() {
        if (follower.token() == null) {
            throw new IllegalStateException("no seat token to reconnect with");
        }
        connection = await(follower.connect(), "reconnect to " + uri);
        return welcome();
    }

    private ServerMessage.Welcome welcome() {
        ServerMessage answer =
                await(
                        m ->
                                m instanceof ServerMessage.Welcome
                                        || m instanceof ServerMessage.ErrorMessage,
                        timeout);
        if (answer instanceof ServerMessage.ErrorMessage e) {
            throw new ProtocolException(e.code(), e.message());
        }
        ServerMessage.Welcome welcome = (ServerMessage.Welcome) answer;
        seat = welcome.seat();
        return welcome;
    }

    public void send(ClientMessage message) {
        connection.send(message);
    }

    /** Sends any text as one frame, valid JSON or not, to try the server's defences. */
    public void sendRaw(String text) {
        connection.write(new TextWebSocketFrame(text));
    }

    /** Sends a binary frame, which the protocol does not allow. */
    public void sendBinary(byte[] data) {
        connection.write(new BinaryWebSocketFrame(Unpooled.wrappedBuffer(data)));
    }

    /** Plays {@code cell} at the current version with the next id (m1, m2, ...). */
    public String move(int cell) {
        String id = "m" + moves.incrementAndGet();
        send(new ClientMessage.Move(id, Math.max(0, inbox.version()), cell));
        return id;
    }

    public GameConnection.CloseInfo leave() {
        send(new ClientMessage.Leave());
        return await(connection.closeFuture(), "leave");
    }

    public GameConnection.CloseInfo drop() {
        return await(connection.abort(), "drop the connection");
    }

    @Override
    public void close() {
        connection.close(CloseCodes.NORMAL, "");
    }

    /** Takes messages in order until one matches; the ones before it are consumed. */
    public ServerMessage await(Predicate<? super ServerMessage> predicate, Duration within) {
        return inbox.await(predicate, within);
    }

    /** The next message of this type (earlier ones of other types are consumed). */
    public <T extends ServerMessage> T await(Class<T> type, Duration within) {
        return type.cast(await(type::isInstance, within));
    }

    public <T extends ServerMessage> T await(
            Class<T> type, Predicate<? super T> predicate, Duration within) {
        return type.cast(await(m -> type.isInstance(m) && predicate.test(type.cast(m)), within));
    }

    public ServerMessage.ErrorMessage awaitError(ErrorCode code, Duration within) {
        return await(ServerMessage.ErrorMessage.class, e -> e.code() == code, within);
    }

    /** Waits until the room state matches; independent of the queue. */
    public Snapshot awaitSnapshot(Predicate<? super Snapshot> predicate, Duration within) {
        return inbox.awaitSnapshot(predicate, within);
    }

    public GameConnection.CloseInfo awaitClose(Duration within) {
        return await(connection.closeFuture(), "see the connection close", within);
    }

    public @Nullable Snapshot snapshot() {
        return inbox.snapshot();
    }

    public long version() {
        return inbox.version();
    }

    public @Nullable Seat seat() {
        return seat;
    }

    public @Nullable String token() {
        return follower.token();
    }

    /** The last messages received, oldest first. */
    public List<ServerMessage> seen() {
        return inbox.seen();
    }

    public GameConnection connection() {
        return connection;
    }
}
