package dev.tictactoe.client;

import dev.tictactoe.client.RoomFollower.Listener.Stop;
import dev.tictactoe.client.RoomFollower.Listener.Stopped;
import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.CloseCodes;
import dev.tictactoe.protocol.Durations;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.Protocol;
import dev.tictactoe.protocol.ProtocolException;
import dev.tictactoe.protocol.ServerMessage;

import io.netty.channel.EventLoopGroup;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/** A {@link RoomFollower}'s state machine, on its executor; other threads read the volatiles. */
final class Following {
    private static final Logger log = LoggerFactory.getLogger(Following.class);

    final URI uri;
    private final EventLoopGroup group;
    final ScheduledExecutorService executor;
    private final RoomView view;
    private final RoomFollower.Listener listener;
    List<Duration> backoff = RoomFollower.DEFAULT_BACKOFF;
    Duration openTimeout = GameConnection.DEFAULT_OPEN_TIMEOUT;
    @Nullable Heartbeat heartbeat;

    volatile @Nullable GameConnection connection;
    volatile @Nullable String token;
    volatile boolean stopped;
    private int generation;
    ClientMessage.@Nullable Join join;
    boolean welcomed;
    boolean closing;
    private boolean syncPending;
    private int attempt;
    private long pingSeq;

    Following(
            URI uri,
            EventLoopGroup group,
            ScheduledExecutorService executor,
            RoomView view,
            RoomFollower.Listener listener) {
        this.uri = uri;
        this.group = group;
        this.executor = executor;
        this.view = view;
        this.listener = listener;
    }

    /** Runs {@code task} on the executor; a failure is logged, a closed executor ignored. */
    void run(Runnable task) {
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

    private boolean current(int gen) {
        return gen == generation && !stopped;
    }

    void connect(CompletableFuture<GameConnection> result) {
        int gen = ++generation;
        GameConnection.open(uri, group, forwarder(gen), openTimeout, null)
                .whenComplete((c, err) -> run(() -> opened(gen, c, err, result)));
    }

    /** Hands connection {@code gen}'s events to the executor. */
    private GameConnection.Listener forwarder(int gen) {
        return new GameConnection.Listener() {
            @Override
            public void onText(String text) {
                run(() -> received(gen, text));
            }

            @Override
            public void onClose(GameConnection.CloseInfo info) {
                String why = "connection lost (" + CloseCodes.describe(info.code()) + ")";
                run(() -> closed(gen, info, why));
            }
        };
    }

    private void opened(
            int gen, GameConnection c, Throwable err, CompletableFuture<GameConnection> result) {
        if (!current(gen)) {
            if (c != null) {
                c.close(CloseCodes.NORMAL, "");
            }
            result.completeExceptionally(new IllegalStateException("stopped following " + uri));
        } else if (err != null) {
            result.completeExceptionally(err);
            if (err instanceof ProtocolException p && p.code() == ErrorCode.UNKNOWN_ROOM) {
                stop(Stop.ROOM_GONE, null, err);
            } else if (!welcomed || backoff.isEmpty()) {
                stop(Stop.UNREACHABLE, null, err);
            } else {
                reconnectLater("reconnect failed: " + RoomFollower.describe(err), 0);
            }
        } else {
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
                                view.lastVersion()));
            }
            result.complete(c);
        }
    }

    void send(ClientMessage message) {
        GameConnection c = connection;
        if (c != null) {
            c.send(message);
        }
    }

    private void received(int gen, String text) {
        if (!current(gen)) {
            return;
        }
        ServerMessage message;
        try {
            message = MessageCodec.decodeServer(text);
        } catch (ProtocolException e) {
            listener.onText(text);
            listener.onUndecodable(text, e);
            return;
        }
        if (heartbeat != null) {
            heartbeat.heard(System.nanoTime());
        }
        if (message instanceof ServerMessage.Ping ping) {
            send(new ClientMessage.Pong(ping.seq()));
            return;
        }
        if (message instanceof ServerMessage.Pong) {
            return;
        }
        listener.onText(text);
        if (message instanceof ServerMessage.Welcome w) {
            welcomed = true;
            if (w.token() != null) {
                token = w.token();
            }
            attempt = 0;
        }
        switch (view.apply(message)) {
            case APPLIED -> syncPending = false;
            case NEED_SYNC -> {
                if (!syncPending && connection != null) {
                    syncPending = true;
                    send(new ClientMessage.Sync(view.lastVersion()));
                }
            }
            case UNCHANGED -> {}
        }
        listener.onMessage(message);
        if (message instanceof ServerMessage.ErrorMessage e && e.code() == ErrorCode.UNKNOWN_ROOM) {
            stop(Stop.ROOM_GONE, null, new ProtocolException(e.code(), e.message()));
        }
    }

    private void closed(int gen, GameConnection.CloseInfo info, String why) {
        if (!current(gen)) {
            return;
        }
        connection = null;
        if (closing) {
            stop(Stop.BY_REQUEST, info, null);
            return;
        }
        Stop terminal = Stop.after(info.code());
        if (terminal == null && (!welcomed || backoff.isEmpty())) {
            terminal = Stop.CLOSED;
        }
        if (terminal != null) {
            stop(terminal, info, null);
        } else {
            reconnectLater(why, info.code());
        }
    }

    /** Checks connection {@code gen}'s heartbeat a few times per quiet time, until it goes. */
    private void startHeartbeat(int gen) {
        Heartbeat beat = heartbeat;
        if (beat == null) {
            return;
        }
        beat.connected(System.nanoTime());
        long period = beat.periodNanos();
        ScheduledFuture<?>[] task = new ScheduledFuture<?>[1];
        task[0] =
                executor.scheduleAtFixedRate(
                        () -> run(() -> beat(gen, beat, task[0])),
                        period,
                        period,
                        TimeUnit.NANOSECONDS);
    }

    private void beat(int gen, Heartbeat beat, ScheduledFuture<?> task) {
        GameConnection c = connection;
        if (!current(gen) || c == null) {
            task.cancel(false);
            return;
        }
        long now = System.nanoTime();
        if (beat.ping(now)) {
            c.send(new ClientMessage.Ping(pingSeq++));
        }
        if (beat.dead(now)) {
            String silent = "no frame from the server for " + Durations.format(beat.deadAfter());
            closed(gen, new GameConnection.CloseInfo(CloseCodes.ABNORMAL, silent), silent);
            c.abort();
            task.cancel(false);
        }
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
        executor.schedule(() -> run(() -> retry(gen)), wait.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void retry(int gen) {
        if (current(gen)) {
            listener.onReconnectAttempt(attempt, backoff.size());
            connect(new CompletableFuture<>());
        }
    }

    void stop(Stop reason, GameConnection.@Nullable CloseInfo close, @Nullable Throwable cause) {
        if (stopped) {
            return;
        }
        stopped = true;
        generation++;
        GameConnection c = connection;
        connection = null;
        if (c != null) {
            c.close(CloseCodes.NORMAL, "");
        }
        listener.onStopped(new Stopped(reason, close, cause));
    }
}
