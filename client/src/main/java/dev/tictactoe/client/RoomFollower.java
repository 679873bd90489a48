package dev.tictactoe.client;

import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.CloseCodes;
import dev.tictactoe.protocol.Durations;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.Protocol;
import dev.tictactoe.protocol.ProtocolException;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.ServerMessage;

import io.netty.channel.EventLoopGroup;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.ConnectException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Follows one room across connections that come and go: keeps the room state current (diffs in
 * order, {@code sync} on a gap), reconnects with backoff using the seat token and the last version,
 * and stops for good when coming back would be wrong or useless. Everything runs on the
 * single-threaded executor the caller gives it, listener calls included; public methods may be
 * called from any thread. It stays one file: the whole life of a connection (open, join, sync,
 * close, backoff, stop) is one state machine over the same few fields, easier to follow whole.
 */
public final class RoomFollower {
    private static final Logger log = LoggerFactory.getLogger(RoomFollower.class);

    /**
     * Waits between reconnect attempts: 0.5 s doubling to 8 s, about a minute in all (the seat
     * grace).
     */
    public static final List<Duration> DEFAULT_BACKOFF =
            List.of(
                    Duration.ofMillis(500),
                    Duration.ofSeconds(1),
                    Duration.ofSeconds(2),
                    Duration.ofSeconds(4),
                    Duration.ofSeconds(8),
                    Duration.ofSeconds(8),
                    Duration.ofSeconds(8),
                    Duration.ofSeconds(8),
                    Duration.ofSeconds(8),
                    Duration.ofSeconds(8));

    /** How long a leave waits for the server to close before the socket is closed anyway. */
    public static final Duration LEAVE_TIMEOUT = Duration.ofSeconds(2);

    /**
     * How long without any frame from the server a heartbeating follower waits before it pings
     * itself (see {@link #heartbeat}); a server that pings its heartbeating clients does so sooner.
     */
    public static final Duration PING_WHEN_QUIET = Duration.ofSeconds(10);

    /** How long without any frame from the server a heartbeating follower counts a link dead. */
    public static final Duration DEAD_AFTER = Duration.ofSeconds(12);

    /** Heartbeat checks per quiet time (or dead-link time, if shorter). */
    private static final int CHECKS_PER_PING = 5;

    /**
     * The room state a follower keeps current: a {@link RoomView}, or less for a load generator.
     */
    public interface State {
        /** Takes in a welcome, snapshot or diff; other messages leave it unchanged. */
        RoomView.Update apply(ServerMessage message);

        /** The version applied last, or null before any state. */
        @Nullable Long lastVersion();
    }

    /** Why a follower stopped for good. */
    public enum Stop {
        /** {@link #leave}, {@link #disconnect} or {@link #stop} was called. */
        BY_REQUEST,
        /** The first connection could not be opened. */
        UNREACHABLE,
        /**
         * The room is no more: HTTP 404 on the upgrade, {@code unknown_room}, or closed 4004 (the
         * operator closed it).
         */
        ROOM_GONE,
        /** Closed 4001: another connection took the seat. */
        REPLACED,
        /** Closed 4002: the server says we left. */
        LEFT,
        /** Closed 1008, 1003 or 1009: the server will not have us back as we are. */
        POLICY,
        /** Closed before any welcome, or with reconnecting turned off. */
        CLOSED,
        /** Every reconnect attempt failed. */
        GAVE_UP
    }

    /**
     * How a follower ended.
     *
     * @param close how the last connection closed, or null when none was open
     * @param cause the failure that ended it
     */
    public record Stopped(
            Stop reason, GameConnection.@Nullable CloseInfo close, @Nullable Throwable cause) {}

    /** What a follower reports; every call runs on the follower's executor. */
    public interface Listener {
        /** Every text frame as received, before it is decoded and applied. */
        default void onText(String text) {}

        /**
         * A new connection is open (nothing from it has been reported yet); a rejoin, if due,
         * follows.
         */
        default void onConnected(GameConnection connection) {}

        /** A server message, after the state took it in. */
        void onMessage(ServerMessage message);

        /** A text frame that is no server message. */
        default void onUndecodable(String text, ProtocolException problem) {}

        /**
         * The connection is gone (or a new one failed) and another attempt comes after {@code
         * wait}.
         *
         * @param closeCode the close code when a connection closed, 0 when an attempt failed
         */
        default void onReconnecting(
                String why, int closeCode, int attempt, int attempts, Duration wait) {}

        /** Attempt {@code attempt} starts now. */
        default void onReconnectAttempt(int attempt, int attempts) {}

        /** The follower stopped for good; nothing follows. */
        void onStopped(Stopped stopped);
    }

    private final URI uri;
    private final EventLoopGroup group;
    private final ScheduledExecutorService executor;
    private final State state;
    private final Listener listener;
    private List<Duration> backoff = DEFAULT_BACKOFF;
    private Duration openTimeout = GameConnection.DEFAULT_OPEN_TIMEOUT;
    private @Nullable Duration pingWhenQuiet;
    private @Nullable Duration deadAfter;

    // Touched on the executor only, except the volatile ones, which other threads read.
    private volatile @Nullable GameConnection connection;
    private volatile @Nullable Seat seat;
    private volatile @Nullable String token;
    private volatile boolean stopped;
    private int generation;
    private ClientMessage.@Nullable Join join;
    private boolean welcomed;
    private boolean closing;
    private boolean syncPending;
    private int attempt;

    /** When the current connection last delivered a frame (nanoTime). */
    private long lastHeard;

    /** The current connection has not yet sent the ping that asks the server for its pings. */
    private boolean askPings;

    private long pingSeq;

    /** When the first ping sent since the last frame heard went out (nanoTime), or -1. */
    private long unanswered = -1;

    /** A follower that has not connected yet; {@code executor} must run one task at a time. */
    public RoomFollower(
            URI uri,
            EventLoopGroup group,
            ScheduledExecutorService executor,
            State state,
            Listener listener) {
        this.uri = uri;
        this.group = group;
        this.executor = executor;
        this.state = state;
        this.listener = listener;
    }

    /** Sets the waits between reconnect attempts; an empty list turns reconnecting off. */
    public RoomFollower backoff(List<Duration> waits) {
        this.backoff = List.copyOf(waits);
        return this;
    }

    /** Sets the time allowed for each connect and upgrade. */
    public RoomFollower openTimeout(Duration timeout) {
        this.openTimeout = timeout;
        return this;
    }

    /**
     * Turns the heartbeat on: every connection sends one {@code ping} when it opens (which asks the
     * server to ping it), answers the server's pings, pings again itself when it has heard nothing
     * for {@code pingWhenQuiet}, and is dropped and reconnected like a lost one when it brings no
     * frame for {@code deadAfter}. Pings and pongs are taken here and not reported.
     */
    public RoomFollower heartbeat(Duration pingWhenQuiet, Duration deadAfter) {
        this.pingWhenQuiet = pingWhenQuiet;
        this.deadAfter = deadAfter;
        return this;
    }

    /** Opens the first connection without joining; fails as {@link GameConnection#open} does. */
    public CompletableFuture<GameConnection> open() {
        CompletableFuture<GameConnection> result = new CompletableFuture<>();
        run(() -> connect(result));
        return result;
    }

    /** Sends this join; its name, role and token (if any) are used again to rejoin. */
    public void join(ClientMessage.Join message) {
        run(
                () -> {
                    join = message;
                    if (message.token() != null) {
                        token = message.token();
                    }
                    GameConnection c = connection;
                    if (c != null) {
                        c.send(message);
                    }
                });
    }

    /** Sends a message on the current connection; the future fails when there is none. */
    public CompletableFuture<Void> send(ClientMessage message) {
        GameConnection c = connection;
        return c == null
                ? CompletableFuture.failedFuture(
                        new IllegalStateException("not connected to " + uri))
                : c.send(message);
    }

    /**
     * Drops the current connection, if any, and opens a new one that rejoins at once; also resumes
     * a follower that stopped, since the caller asks for it.
     */
    public CompletableFuture<GameConnection> reconnect() {
        CompletableFuture<GameConnection> result = new CompletableFuture<>();
        run(
                () -> {
                    stopped = false;
                    closing = false;
                    welcomed = welcomed || token != null;
                    GameConnection old = connection;
                    connection = null;
                    if (old != null) {
                        old.abort();
                    }
                    connect(result);
                });
        return result;
    }

    /**
     * Gives up the seat: sends {@code leave} and stops once the server closes (or after a while).
     */
    public CompletableFuture<GameConnection.CloseInfo> leave() {
        CompletableFuture<GameConnection.CloseInfo> done = new CompletableFuture<>();
        run(
                () -> {
                    GameConnection c = connection;
                    if (c == null) {
                        stop(Stop.BY_REQUEST, null, null);
                        done.complete(null);
                        return;
                    }
                    closing = true;
                    c.send(new ClientMessage.Leave());
                    executor.schedule(
                            () -> {
                                c.close(CloseCodes.NORMAL, "leaving");
                            },
                            LEAVE_TIMEOUT.toMillis(),
                            TimeUnit.MILLISECONDS);
                    c.closeFuture().whenComplete((info, err) -> done.complete(info));
                });
        return done;
    }

    /** Closes the connection without leaving: the seat stays held for its grace; then stops. */
    public CompletableFuture<GameConnection.CloseInfo> disconnect() {
        CompletableFuture<GameConnection.CloseInfo> done = new CompletableFuture<>();
        run(
                () -> {
                    GameConnection c = connection;
                    closing = true;
                    stop(Stop.BY_REQUEST, null, null);
                    if (c == null) {
                        done.complete(null);
                    } else {
                        c.closeFuture().whenComplete((info, err) -> done.complete(info));
                    }
                });
        return done;
    }

    /** Stops following: closes the connection, if any, and reports {@link Stop#BY_REQUEST}. */
    public void stop() {
        run(() -> stop(Stop.BY_REQUEST, null, null));
    }

    /** The current connection, or null between connections. */
    public @Nullable GameConnection connection() {
        return connection;
    }

    /** The seat from the last welcome, or null (spectating, or before it). */
    public @Nullable Seat seat() {
        return seat;
    }

    /** The seat token, from the join or the last welcome that carried one. */
    public @Nullable String token() {
        return token;
    }

    // ---- on the executor

    private void run(Runnable task) {
        try {
            executor.execute(
                    () -> {
                        try {
                            task.run();
                        } catch (RuntimeException e) {
                            log.warn("room follower of {} failed", uri, e);
                        }
                    });
        } catch (RejectedExecutionException e) {
            log.debug("room follower of {}: executor gone", uri);
        }
    }

    private void connect(CompletableFuture<GameConnection> result) {
        if (stopped) {
            result.completeExceptionally(new IllegalStateException("stopped following " + uri));
            return;
        }
        int gen = ++generation;
        GameConnection.open(uri, group, new Forwarder(gen), openTimeout)
                .whenComplete((c, err) -> run(() -> opened(gen, c, err, result)));
    }

    private void opened(
            int gen, GameConnection c, Throwable err, CompletableFuture<GameConnection> result) {
        if (gen != generation || stopped) {
            if (c != null) {
                c.close();
            }
            result.completeExceptionally(new IllegalStateException("stopped following " + uri));
            return;
        }
        if (err != null) {
            Throwable cause =
                    err instanceof CompletionException && err.getCause() != null
                            ? err.getCause()
                            : err;
            result.completeExceptionally(cause);
            if (cause instanceof ProtocolException p && p.code() == ErrorCode.UNKNOWN_ROOM) {
                stop(Stop.ROOM_GONE, null, cause);
            } else if (!welcomed || backoff.isEmpty()) {
                stop(Stop.UNREACHABLE, null, cause);
            } else {
                reconnectLater("reconnect failed: " + describe(cause), 0);
            }
            return;
        }
        connection = c;
        startHeartbeat(gen);
        listener.onConnected(c);
        if (welcomed && join != null) {
            c.send(
                    new ClientMessage.Join(
                            Protocol.VERSION,
                            join.name(),
                            token,
                            join.spectate(),
                            state.lastVersion()));
        }
        result.complete(c);
    }

    private void received(int gen, String text, ServerMessage message) {
        if (gen != generation || stopped) {
            return;
        }
        lastHeard = System.nanoTime();
        unanswered = -1;
        if (message instanceof ServerMessage.Ping ping) {
            GameConnection c = connection;
            if (c != null) {
                c.send(new ClientMessage.Pong(ping.seq()));
            }
            return;
        }
        if (message instanceof ServerMessage.Pong) {
            return;
        }
        listener.onText(text);
        if (message instanceof ServerMessage.Welcome w) {
            welcomed = true;
            seat = w.seat();
            if (w.token() != null) {
                token = w.token();
            }
            attempt = 0;
            syncPending = false;
        }
        switch (state.apply(message)) {
            case APPLIED -> syncPending = false;
            case NEED_SYNC -> {
                if (!syncPending && connection != null) {
                    syncPending = true;
                    connection.send(new ClientMessage.Sync(state.lastVersion()));
                }
            }
            case UNCHANGED -> {}
        }
        listener.onMessage(message);
        if (message instanceof ServerMessage.Error e && e.code() == ErrorCode.UNKNOWN_ROOM) {
            stop(Stop.ROOM_GONE, null, new ProtocolException(e.code(), e.message()));
        }
    }

    private void closed(int gen, GameConnection.CloseInfo info) {
        closed(gen, info, "connection lost (" + CloseCodes.describe(info.code()) + ")");
    }

    private void closed(int gen, GameConnection.CloseInfo info, String why) {
        if (gen != generation || stopped) {
            return;
        }
        connection = null;
        if (closing) {
            stop(Stop.BY_REQUEST, info, null);
            return;
        }
        Stop terminal =
                switch (info.code()) {
                    case CloseCodes.REPLACED -> Stop.REPLACED;
                    case CloseCodes.LEFT -> Stop.LEFT;
                    case CloseCodes.ROOM_CLOSED -> Stop.ROOM_GONE;
                    case CloseCodes.POLICY_VIOLATION,
                            CloseCodes.UNSUPPORTED_DATA,
                            CloseCodes.MESSAGE_TOO_BIG ->
                            Stop.POLICY;
                    default -> welcomed && !backoff.isEmpty() ? null : Stop.CLOSED;
                };
        if (terminal != null) {
            stop(terminal, info, null);
        } else {
            reconnectLater(why, info.code());
        }
    }

    /** Checks the current connection's heartbeat a few times per quiet time, until it goes. */
    private void startHeartbeat(int gen) {
        Duration pingWhenQuiet = this.pingWhenQuiet;
        Duration deadAfter = this.deadAfter;
        if (pingWhenQuiet == null || deadAfter == null) {
            return;
        }
        lastHeard = System.nanoTime();
        askPings = true; // at the first check
        unanswered = -1;
        long period =
                Math.max(
                        1,
                        Math.min(pingWhenQuiet.toNanos(), deadAfter.toNanos()) / CHECKS_PER_PING);
        ScheduledFuture<?>[] beat = new ScheduledFuture<?>[1];
        beat[0] =
                executor.scheduleAtFixedRate(
                        () ->
                                run(
                                        () -> {
                                            if (!beat(gen, pingWhenQuiet, deadAfter)) {
                                                beat[0].cancel(false);
                                            }
                                        }),
                        period,
                        period,
                        TimeUnit.NANOSECONDS);
    }

    /**
     * One heartbeat check of connection {@code gen}: pings when the connection is new or has been
     * quiet, drops it when the server has been silent too long. The silence must also have
     * outlasted a ping by the time the server is given to answer it, so a check that ran late (this
     * thread held up, the machine asleep) pings first rather than blaming the link. False once that
     * connection is gone.
     */
    private boolean beat(int gen, Duration pingWhenQuiet, Duration deadAfter) {
        GameConnection c = connection;
        if (gen != generation || stopped || c == null) {
            return false;
        }
        long now = System.nanoTime();
        if (askPings || (unanswered < 0 && now - lastHeard >= pingWhenQuiet.toNanos())) {
            askPings = false;
            if (unanswered < 0) {
                unanswered = now;
            }
            c.send(new ClientMessage.Ping(pingSeq++));
        }
        if (unanswered >= 0
                && now - lastHeard >= deadAfter.toNanos()
                && now - unanswered >= deadAfter.toNanos() - pingWhenQuiet.toNanos()) {
            String silent = "no frame from the server for " + Durations.format(deadAfter);
            closed(gen, new GameConnection.CloseInfo(CloseCodes.ABNORMAL, silent), silent);
            c.abort();
            return false;
        }
        return true;
    }

    private void reconnectLater(String why, int closeCode) {
        if (attempt >= backoff.size()) {
            stop(
                    Stop.GAVE_UP,
                    null,
                    new IllegalStateException(why + "; gave up after " + attempt + " attempts"));
            return;
        }
        Duration wait = backoff.get(attempt++);
        int gen = ++generation; // anything late from the old connection is dropped
        listener.onReconnecting(why, closeCode, attempt, backoff.size(), wait);
        executor.schedule(
                () ->
                        run(
                                () -> {
                                    if (gen == generation && !stopped) {
                                        listener.onReconnectAttempt(attempt, backoff.size());
                                        connect(new CompletableFuture<>());
                                    }
                                }),
                wait.toMillis(),
                TimeUnit.MILLISECONDS);
    }

    private void stop(
            Stop reason, GameConnection.@Nullable CloseInfo close, @Nullable Throwable cause) {
        if (stopped) {
            return;
        }
        stopped = true;
        generation++;
        GameConnection c = connection;
        connection = null;
        if (c != null) {
            c.close();
        }
        listener.onStopped(new Stopped(reason, close, cause));
    }

    /** A failure in a few words: "connection refused", or the exception's message. */
    public static String describe(Throwable cause) {
        if (cause instanceof ConnectException) {
            return "connection refused";
        }
        String message = cause.getMessage();
        return message == null || message.isBlank() ? cause.getClass().getSimpleName() : message;
    }

    /** Hands one connection's events to the executor, tagged with its generation. */
    private final class Forwarder implements GameConnection.Listener {
        private final int gen;

        Forwarder(int gen) {
            this.gen = gen;
        }

        @Override
        public void onText(String text) {
            ServerMessage message;
            try {
                message = MessageCodec.decodeServer(text);
            } catch (ProtocolException e) {
                run(
                        () -> {
                            if (gen == generation && !stopped) {
                                listener.onText(text);
                                listener.onUndecodable(text, e);
                            }
                        });
                return;
            }
            run(() -> received(gen, text, message));
        }

        @Override
        public void onMessage(ServerMessage message) {
            // Not called: onText decodes and forwards.
        }

        @Override
        public void onClose(int code, String reason) {
            run(() -> closed(gen, new GameConnection.CloseInfo(code, reason)));
        }
    }
}
