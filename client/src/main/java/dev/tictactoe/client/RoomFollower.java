package dev.tictactoe.client;

import dev.tictactoe.client.RoomFollower.Listener.Stop;
import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.CloseCodes;
import dev.tictactoe.protocol.ProtocolException;
import dev.tictactoe.protocol.ServerMessage;

import io.netty.channel.EventLoopGroup;

import org.jspecify.annotations.Nullable;

import java.net.ConnectException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;

/** Follows one room across connections; any thread may call it, it runs on the given executor. */
public final class RoomFollower {
    /** Waits between reconnects: 0.5 s doubling to 8 s, about a minute in all (the seat grace). */
    public static final List<Duration> DEFAULT_BACKOFF =
            Stream.of(500, 1_000, 2_000, 4_000, 8_000, 8_000, 8_000, 8_000, 8_000, 8_000)
                    .map(Duration::ofMillis)
                    .toList();

    /** How long a leave waits for the server to close before the socket is closed anyway. */
    public static final Duration LEAVE_TIMEOUT = Duration.ofSeconds(2);

    /** Silence after which a heartbeating follower pings (a server pinging it does so sooner). */
    public static final Duration PING_WHEN_QUIET = Duration.ofSeconds(10);

    /** Silence after which a heartbeating follower counts its link dead. */
    public static final Duration DEAD_AFTER = Duration.ofSeconds(12);

    private final Following following;

    /** A follower that has not connected yet; {@code executor} must run one task at a time. */
    public RoomFollower(
            URI uri,
            EventLoopGroup group,
            ScheduledExecutorService executor,
            RoomView view,
            Listener listener) {
        this.following = new Following(uri, group, executor, view, listener);
    }

    /** Sets the waits between reconnect attempts; an empty list turns reconnecting off. */
    public RoomFollower backoff(List<Duration> waits) {
        following.backoff = List.copyOf(waits);
        return this;
    }

    public RoomFollower openTimeout(Duration timeout) {
        following.openTimeout = timeout;
        return this;
    }

    /** Pings when a connection opens (asking for the server's pings) or goes quiet. */
    public RoomFollower heartbeat(Duration pingWhenQuiet, Duration deadAfter) {
        following.heartbeat = new Heartbeat(pingWhenQuiet, deadAfter);
        return this;
    }

    /** Sends this join; its name, role and token (if any) are used again to rejoin. */
    public void join(ClientMessage.Join message) {
        following.run(
                () -> {
                    following.join = message;
                    if (message.token() != null) {
                        following.token = message.token();
                    }
                    following.send(message);
                });
    }

    /** Sends a message on the current connection, if there is one. */
    public void send(ClientMessage message) {
        following.send(message);
    }

    /** Opens a connection, dropping any, even after a stop; after a join, it rejoins at once. */
    public CompletableFuture<GameConnection> connect() {
        CompletableFuture<GameConnection> result = new CompletableFuture<>();
        following.run(
                () -> {
                    following.stopped = false;
                    following.closing = false;
                    following.welcomed = following.welcomed || following.token != null;
                    GameConnection old = following.connection;
                    following.connection = null;
                    if (old != null) {
                        old.abort();
                    }
                    following.connect(result);
                });
        return result;
    }

    /** Gives up the seat: sends {@code leave}, stops once the server closes (or after a while). */
    public CompletableFuture<GameConnection.CloseInfo> leave() {
        return closing(
                c -> {
                    c.send(new ClientMessage.Leave());
                    following.executor.schedule(
                            () -> c.close(CloseCodes.NORMAL, "leaving"),
                            LEAVE_TIMEOUT.toMillis(),
                            TimeUnit.MILLISECONDS);
                });
    }

    /** Closes the connection without leaving, so the seat is held for its grace; then stops. */
    public CompletableFuture<GameConnection.CloseInfo> disconnect() {
        return closing(c -> following.stop(Stop.BY_REQUEST, null, null));
    }

    private CompletableFuture<GameConnection.CloseInfo> closing(Consumer<GameConnection> close) {
        CompletableFuture<GameConnection.CloseInfo> done = new CompletableFuture<>();
        following.run(
                () -> {
                    GameConnection c = following.connection;
                    following.closing = true;
                    if (c == null) {
                        following.stop(Stop.BY_REQUEST, null, null);
                        done.complete(null);
                    } else {
                        c.closeFuture().whenComplete((info, err) -> done.complete(info));
                        close.accept(c);
                    }
                });
        return done;
    }

    /** Stops following: closes the connection, if any, and reports {@code BY_REQUEST}. */
    public void stop() {
        following.run(() -> following.stop(Stop.BY_REQUEST, null, null));
    }

    public @Nullable GameConnection connection() {
        return following.connection;
    }

    /** The seat token, from the join or the last welcome that carried one. */
    public @Nullable String token() {
        return following.token;
    }

    /** A failure in a few words: "connection refused", or the exception's message. */
    public static String describe(Throwable cause) {
        if (cause instanceof ConnectException) {
            return "connection refused";
        }
        String message = cause.getMessage();
        return message == null || message.isBlank() ? cause.getClass().getSimpleName() : message;
    }

    /** What a follower reports, on its executor. */
    public interface Listener {
        /** Why a follower stopped for good. */
        enum Stop {
            BY_REQUEST, // leave, disconnect or stop
            UNREACHABLE, // the first connection could not be opened
            ROOM_GONE, // 404 on the upgrade, unknown_room, or closed 4004 by the operator
            REPLACED, // closed 4001: another connection took the seat
            LEFT, // closed 4002
            POLICY, // closed 1008, 1003 or 1009: the server will not have us back as we are
            CLOSED, // before any welcome, or with reconnecting turned off
            GAVE_UP; // every reconnect attempt failed

            /** The stop a close code means whatever came before, or null when none. */
            static @Nullable Stop after(int closeCode) {
                return switch (closeCode) {
                    case CloseCodes.REPLACED -> REPLACED;
                    case CloseCodes.LEFT -> LEFT;
                    case CloseCodes.ROOM_CLOSED -> ROOM_GONE;
                    case CloseCodes.POLICY_VIOLATION,
                            CloseCodes.UNSUPPORTED_DATA,
                            CloseCodes.MESSAGE_TOO_BIG ->
                            POLICY;
                    default -> null;
                };
            }
        }

        /** How a follower ended; {@code close} is null when no connection was open. */
        record Stopped(
                Stop reason, GameConnection.@Nullable CloseInfo close, @Nullable Throwable cause) {}

        /** Every text frame as received, before it is decoded and applied. */
        default void onText(String text) {}

        /** A new connection is open (nothing from it reported yet); a rejoin, if due, follows. */
        default void onConnected(GameConnection connection) {}

        /** A server message, after the view took it in. */
        void onMessage(ServerMessage message);

        default void onUndecodable(String text, ProtocolException problem) {}

        /** Another attempt comes after {@code wait}; {@code closeCode} 0 when an attempt failed. */
        default void onReconnecting(
                String why, int closeCode, int attempt, int attempts, Duration wait) {}

        default void onReconnectAttempt(int attempt, int attempts) {}

        /** The follower stopped for good; nothing follows. */
        void onStopped(Stopped stopped);
    }
}
