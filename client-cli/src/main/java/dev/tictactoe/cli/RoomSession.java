package dev.tictactoe.cli;

import dev.tictactoe.client.RoomFollower;
import dev.tictactoe.client.RoomView;
import dev.tictactoe.client.RoomsApi;
import dev.tictactoe.client.ServerAddress;
import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.RoomStatus;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.protocol.Snapshot;

import io.netty.channel.EventLoopGroup;
import io.netty.util.concurrent.DefaultThreadFactory;

import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/** One client's stay in a room, as an actor: all its state is changed on one thread, in order. */
final class RoomSession {

    final ServerAddress server;
    final SessionEvents events = new SessionEvents(this);
    final String room;
    final boolean stopAfterFirstGame;
    final boolean holdWhileDisconnected;
    private final EventLoopGroup group;
    final Membership membership;
    final Endings endings;
    private final ScheduledExecutorService loop;
    final CompletableFuture<Integer> exit = new CompletableFuture<>();
    final AnalysisFetch analyses;

    @SuppressWarnings("NullAway.Init") // set first thing by run()
    SessionFrontend frontend;

    // Everything below is touched on the loop thread only.
    final RoomView view = new RoomView();
    final GameWatch games = new GameWatch();
    final Commands commands = new Commands(view);
    final ConnectionStatus status = new ConnectionStatus();

    @SuppressWarnings("NullAway.Init") // set by run() before any message or line is handled
    RoomFollower follower;

    /** The current connection has been welcomed: messages can be sent. */
    boolean live;

    final List<String> held = new ArrayList<>();
    boolean leaving;
    boolean inputEnded;

    /** The keyboard closed before the welcome: end as a usage error once the join is answered. */
    boolean keyboardGone;

    ServerMessage.@Nullable ErrorMessage lastError;

    RoomSession(
            ServerAddress server,
            String room,
            String name,
            boolean spectate,
            boolean stopAfterFirstGame,
            boolean holdWhileDisconnected,
            EventLoopGroup group,
            @Nullable SeatTokens tokens,
            @Nullable String matchToken) {
        this.server = server;
        this.room = room;
        this.stopAfterFirstGame = stopAfterFirstGame;
        this.holdWhileDisconnected = holdWhileDisconnected;
        this.group = group;
        this.membership = new Membership(name, room, spectate, matchToken, tokens, server);
        this.endings = new Endings(server, room, matchToken != null);
        this.analyses = new AnalysisFetch(new RoomsApi(server.http())::analysis);
        this.loop =
                Executors.newSingleThreadScheduledExecutor(
                        new DefaultThreadFactory("ttt-session", true));
    }

    int run(SessionFrontend frontend) {
        this.frontend = frontend;
        execute(this::start);
        try {
            return exit.join();
        } finally {
            loop.shutdownNow();
        }
    }

    /** Runs {@code task} on the session thread, after everything posted before it. */
    void execute(Runnable task) {
        try {
            loop.execute(
                    () -> {
                        try {
                            task.run();
                        } catch (RuntimeException e) {
                            finish(ExitCodes.ERROR, "unexpected error: " + e);
                        }
                    });
        } catch (RejectedExecutionException ignored) {
            // The session is over; late events have nowhere to go.
        }
    }

    void every(Duration period, Runnable task) {
        loop.scheduleAtFixedRate(
                () -> execute(task), period.toMillis(), period.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Gives up the seat for good and ends with the last game's result, or "aborted" mid-game. */
    void leave() {
        Seat seat = membership.seat();
        if (membership.welcomed() && seat != null) {
            frontend.notice(
                    "you left room %s for good: seat %s is given up".formatted(room, seat), false);
        }
        finishAfterLeaving(resultCode());
    }

    /** Ctrl-C: a player drops the connection and keeps the seat for its grace; a spectator goes. */
    void interrupt() {
        Seat seat = membership.seat();
        if (!membership.welcomed() || seat == null) {
            leave();
            return;
        }
        leaving = true;
        frontend.notice(
                "disconnected: seat %s is kept for a while; type ttt join %s to resume it%s"
                        .formatted(seat, room, " (quit leaves for good)"),
                false);
        finishAfter(follower.disconnect(), RoomFollower.LEAVE_TIMEOUT.toMillis(), resultCode());
    }

    private void finishAfter(CompletableFuture<?> closed, long millis, int code) {
        closed.completeOnTimeout(null, millis, TimeUnit.MILLISECONDS)
                .whenComplete((info, err) -> execute(() -> finish(code, null)));
    }

    private int resultCode() {
        Snapshot s = view.snapshot();
        return s != null && s.status() == RoomStatus.OVER
                ? ExitCodes.of(s.result(), membership.seat())
                : ExitCodes.ABORTED;
    }

    void finishAfterLeaving(int code) {
        if (leaving) {
            return;
        }
        leaving = true;
        membership.forgetToken();
        if (!live) {
            finish(code, null);
            return;
        }
        finishAfter(follower.leave(), RoomFollower.LEAVE_TIMEOUT.toMillis() + 500, code);
    }

    void finish(Endings.Ending ending) {
        if (ending.forgetToken()) {
            membership.forgetToken();
        }
        finish(ending.code(), ending.why());
    }

    void finish(int code, @Nullable String why) {
        if (exit.isDone()) {
            return;
        }
        leaving = true;
        status.closed();
        if (why != null) {
            frontend.notice(why, code >= ExitCodes.ABORTED);
        }
        if (follower != null) {
            follower.stop();
        }
        membership.release();
        exit.complete(code);
    }

    private void start() {
        follower =
                new RoomFollower(server.ws(room), group, loop, view, events)
                        .heartbeat(RoomFollower.PING_WHEN_QUIET, RoomFollower.DEAD_AFTER);
        ClientMessage.Join join = membership.firstJoin();
        follower.connect().thenAccept(c -> execute(() -> follower.join(join)));
    }
}
