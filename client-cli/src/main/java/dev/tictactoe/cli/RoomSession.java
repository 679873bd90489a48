package dev.tictactoe.cli;

import dev.tictactoe.client.GameConnection;
import dev.tictactoe.client.RoomFollower;
import dev.tictactoe.client.RoomView;
import dev.tictactoe.client.RoomsApi;
import dev.tictactoe.client.ServerAddress;
import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.MessageType;
import dev.tictactoe.protocol.ProtocolException;
import dev.tictactoe.protocol.RoomStatus;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.protocol.Snapshot;

import io.netty.channel.EventLoopGroup;

import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * One client's stay in a room, as an actor: every piece of state lives on one thread and is changed
 * only by tasks run there (network events, typed commands, timers), in order. A {@link
 * RoomFollower} on that thread keeps the room view current and reconnects; this class hands it the
 * joins and commands, and decides when the stay ends. Its parts, all on the same thread: {@link
 * Membership} (joins, seat and token), {@link Commands} (what each command sends), {@link
 * SessionClock} (countdowns), {@link GameWatch} (finished games), {@link ConnectionStatus} (the
 * status line) and {@link Endings} (the words and exit code of each way a stay ends). It stays one
 * file: it is the actor itself, the few flags every ending reads (live, leaving, the ends of the
 * keyboard and of a script) next to the decisions that read them.
 */
final class RoomSession {

    /** How long a deliberate leave waits for the server to close before exiting anyway. */
    private static final Duration LEAVE_TIMEOUT = RoomFollower.LEAVE_TIMEOUT;

    private final ServerAddress server;
    private final String room;
    private final boolean stopAfterFirstGame;
    private final boolean holdWhileDisconnected;
    private final EventLoopGroup group;
    private final Membership membership;
    private final Endings endings;
    private final ScheduledExecutorService loop;
    private final CompletableFuture<Integer> exit = new CompletableFuture<>();
    private final AnalysisFetch analyses;

    @SuppressWarnings("NullAway.Init") // set first thing by run()
    private SessionFrontend frontend;

    // Everything below is touched on the loop thread only.
    private final RoomView view = new RoomView();
    private final SessionClock clock = new SessionClock(view);
    private final GameWatch games = new GameWatch();
    private final Commands commands = new Commands(view);
    private final ConnectionStatus status = new ConnectionStatus();

    @SuppressWarnings("NullAway.Init") // set by run() before any message or line is handled
    private RoomFollower follower;

    /** The current connection has been welcomed: messages can be sent. */
    private boolean live;

    private final List<String> held = new ArrayList<>();
    private boolean leaving;
    private boolean inputEnded;

    /** The keyboard closed before the welcome: end as a usage error once the join is answered. */
    private boolean keyboardGone;

    private ServerMessage.@Nullable Error lastError;

    /**
     * A session that has not connected yet.
     *
     * @param stopAfterFirstGame end (leaving the room) as soon as the first game is over
     * @param holdWhileDisconnected keep lines given to {@link #submitLine} while not connected and
     *     send them once (re)joined, instead of refusing them; for scripts, which cannot retry
     * @param tokens where the seat token is kept between runs, or null to keep it in memory only
     * @param matchToken the seat token a quick match handed out for this room
     */
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
        this.membership =
                new Membership(
                        name,
                        room,
                        spectate,
                        matchToken,
                        new KeptSeat(tokens, server, room, spectate));
        this.endings = new Endings(server, room, matchToken != null);
        RoomsApi api = new RoomsApi(server.http());
        this.analyses = new AnalysisFetch(api::analysis);
        this.loop =
                Executors.newSingleThreadScheduledExecutor(
                        r -> {
                            Thread t = new Thread(r, "ttt-session");
                            t.setDaemon(true);
                            return t;
                        });
    }

    /** Connects, joins and runs until the session ends; returns the exit code. */
    int run(SessionFrontend frontend) {
        this.frontend = frontend;
        execute(this::start);
        try {
            return exit.join();
        } finally {
            loop.shutdownNow();
            analyses.close();
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

    /** Runs {@code task} on the session thread every {@code period}, until the session ends. */
    void every(Duration period, Runnable task) {
        loop.scheduleAtFixedRate(
                () -> execute(task), period.toMillis(), period.toMillis(), TimeUnit.MILLISECONDS);
    }

    // ---- what frontends read (on the loop thread) ----

    String room() {
        return room;
    }

    ServerAddress server() {
        return server;
    }

    /** The current room state, or null before the welcome. */
    @Nullable Snapshot snapshot() {
        return view.snapshot();
    }

    /** The state before the message being handled (or last handled). */
    @Nullable Snapshot before() {
        return games.before();
    }

    /** The state whose players the current result names: the one just before the game ended. */
    @Nullable Snapshot namesOfResult() {
        return games.namesOfResult(view.snapshot());
    }

    /** The countdowns: the server's time, seats' grace, whether anything counts down. */
    SessionClock clock() {
        return clock;
    }

    /** Our seat, or null when watching (or before the welcome). */
    @Nullable Seat seat() {
        return membership.seat();
    }

    /** The connection status in words: connecting, connected, reconnecting..., closed. */
    String connection() {
        return status.text();
    }

    /** A server refusal in words, naming the cell of a refused move the way the user types it. */
    String describe(ServerMessage.Error error) {
        return commands.describe(error);
    }

    // ---- commands (on the loop thread) ----

    /** Carries out a typed command. */
    void submit(Command command) {
        act(commands.action(command, membership.watching()));
    }

    /**
     * Carries out one line of a script: a protocol message as JSON, or words as typed at the
     * prompt. Lines that come while not connected wait for the (re)join when holding is on.
     */
    void submitLine(String line) {
        if (!live && holdWhileDisconnected && !leaving) {
            held.add(line);
            return;
        }
        act(commands.line(line, membership.watching()));
    }

    private void act(Commands.Action action) {
        switch (action) {
            case Commands.Send send -> {
                if (live) {
                    follower.send(send.message());
                    if (send.message() instanceof ClientMessage.Move move) {
                        commands.sent(move);
                    }
                } else {
                    frontend.notice(send.offline(), true);
                }
            }
            case Commands.Leave l -> leave();
            case Commands.Interrupt i -> interrupt();
            case Commands.Analyse a -> analyse(a.game());
            case Commands.Tell tell -> frontend.notice(tell.text(), tell.error());
            case Commands.Nothing n -> {}
        }
    }

    /** Asks the server for game {@code game}'s analysis, shown when it comes. */
    private void analyse(int game) {
        frontend.notice("asking the server for the analysis of game " + game + "...", false);
        analyses.fetch(room, game).thenAccept(outcome -> execute(() -> show(outcome)));
    }

    private void show(AnalysisFetch.Outcome outcome) {
        switch (outcome) {
            case AnalysisFetch.Fetched f -> frontend.analysed(f.analysis());
            case AnalysisFetch.Failed f -> frontend.notice(f.why(), true);
        }
    }

    /** No more commands will come (end of a script's input): finish once the game is over. */
    void inputEnded() {
        inputEnded = true;
        Snapshot s = view.snapshot();
        if (s != null && s.status() == RoomStatus.OVER) {
            finishAfterLeaving(ExitCodes.of(s.result(), membership.seat()));
        }
    }

    /**
     * The interactive input is gone (stdin closed). Mid-stay that is leaving; before the welcome it
     * means there was never a keyboard, a usage error, told once the join has been answered so a
     * refusal (an unknown room, say) is still reported as such.
     */
    void keyboardClosed() {
        if (membership.welcomed()) {
            leave();
        } else {
            keyboardGone = true;
        }
    }

    /** Drops the current connection as a lost network would (for tests of reconnecting). */
    void dropConnection() {
        GameConnection c = follower == null ? null : follower.connection();
        if (c != null) {
            c.abort();
        }
    }

    // ---- ending ----

    /** Gives up the seat for good and ends with the last game's result, or "aborted" mid-game. */
    private void leave() {
        Seat seat = membership.seat();
        if (membership.welcomed() && seat != null) {
            frontend.notice(
                    "you left room " + room + " for good: seat " + seat + " is given up", false);
        }
        finishAfterLeaving(resultCode());
    }

    /**
     * Ctrl-C: a player drops the connection without leaving, so the seat is held for its grace and
     * {@code ttt join CODE} takes it back; a spectator simply goes.
     */
    private void interrupt() {
        Seat seat = membership.seat();
        if (!membership.welcomed() || seat == null) {
            leave();
            return;
        }
        leaving = true;
        frontend.notice(
                "disconnected: seat "
                        + seat
                        + " is kept for a while; type ttt join "
                        + room
                        + " to resume it (quit leaves for good)",
                false);
        int code = resultCode();
        follower.disconnect()
                .completeOnTimeout(null, LEAVE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
                .whenComplete((info, err) -> execute(() -> finish(code, null)));
    }

    /** The exit code of the last game from our seat, or "aborted" while one is on. */
    private int resultCode() {
        Snapshot s = view.snapshot();
        return s != null && s.status() == RoomStatus.OVER
                ? ExitCodes.of(s.result(), membership.seat())
                : ExitCodes.ABORTED;
    }

    private void finishAfterLeaving(int code) {
        if (leaving) {
            return;
        }
        leaving = true;
        membership.kept().forget();
        if (!live) {
            finish(code, null);
            return;
        }
        follower.leave()
                .completeOnTimeout(null, LEAVE_TIMEOUT.toMillis() + 500, TimeUnit.MILLISECONDS)
                .whenComplete((info, err) -> execute(() -> finish(code, null)));
    }

    private void finish(Endings.Ending ending) {
        if (ending.forgetToken()) {
            membership.kept().forget();
        }
        finish(ending.code(), ending.why());
    }

    /** Ends the session with {@code code}, telling the user {@code why} if given. */
    private void finish(int code, @Nullable String why) {
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
        membership.kept().release();
        exit.complete(code);
    }

    // ---- the connection ----

    private void start() {
        follower =
                new RoomFollower(server.ws(room), group, loop, view, new Events())
                        .heartbeat(RoomFollower.PING_WHEN_QUIET, RoomFollower.DEAD_AFTER);
        ClientMessage.Join join = membership.firstJoin();
        follower.open()
                .whenComplete(
                        (c, err) ->
                                execute(
                                        () -> {
                                            if (c != null) {
                                                follower.join(join);
                                            }
                                        }));
    }

    private void received(ServerMessage message) {
        if (exit.isDone()) {
            return;
        }
        switch (message) {
            case ServerMessage.Welcome w -> welcome(w);
            case ServerMessage.Ack ack -> {
                String unplayed = commands.unplayed(ack);
                if (unplayed != null) {
                    frontend.notice(unplayed, true);
                }
            }
            case ServerMessage.Error e -> {
                lastError = e;
                ClientMessage.Join afresh = membership.rejoinAfter(e);
                if (afresh != null) {
                    follower.join(afresh);
                    return;
                }
                boolean welcomed = membership.welcomed();
                // Before a welcome, or while rejoining, nothing but the join was sent: this refuses
                // it.
                if (!welcomed || !live || MessageType.JOIN.is(e.ref())) {
                    if (welcomed) {
                        membership.kept().forget();
                    }
                    finish(
                            welcomed ? ExitCodes.ABORTED : ExitCodes.ERROR,
                            endings.refusal(e, welcomed, membership.seat()));
                    return;
                }
            }
            default -> {}
        }
        Snapshot s = view.snapshot();
        if (message instanceof ServerMessage.Diff) {
            clock.diffApplied(games.before(), s, System.currentTimeMillis());
        }
        frontend.received(message);
        games.passed(s);
        if (message instanceof ServerMessage.Welcome && keyboardGone) {
            frontend.notice("standard input is closed: play in a terminal, or use --script", true);
            finishAfterLeaving(ExitCodes.ERROR);
            return;
        }
        if (message instanceof ServerMessage.Welcome && !held.isEmpty()) {
            List<String> lines = new ArrayList<>(held);
            held.clear();
            lines.forEach(this::submitLine);
        }
        // Reports a finished game once, and ends a script that only wanted one game.
        if (s != null && games.newlyOver(s) && (stopAfterFirstGame || inputEnded)) {
            finishAfterLeaving(ExitCodes.of(s.result(), membership.seat()));
        }
    }

    private void welcome(ServerMessage.Welcome w) {
        String greeting = membership.welcome(w, follower.token());
        live = true;
        status.connected();
        frontend.connectionChanged();
        if (greeting != null) {
            frontend.notice(greeting, false);
        }
        ClientMessage.Move again = commands.again(membership.seat());
        if (again != null) {
            follower.send(again);
            frontend.notice(
                    commands.cellName(again.cell()) + " did not reach the server: sent again",
                    false);
        }
    }

    /** What the follower reports, already on the session thread. */
    private final class Events implements RoomFollower.Listener {
        @Override
        public void onText(String text) {
            if (!exit.isDone()) {
                clock.textArrived(text, System.currentTimeMillis());
                frontend.raw(text);
            }
        }

        @Override
        public void onMessage(ServerMessage message) {
            received(message);
        }

        @Override
        public void onUndecodable(String text, ProtocolException problem) {
            frontend.notice(
                    "the server sent something this client does not understand: "
                            + problem.getMessage(),
                    true);
        }

        @Override
        public void onReconnecting(
                String why, int closeCode, int attempt, int attempts, Duration wait) {
            live = false;
            if (leaving) {
                return;
            }
            String notice = status.reconnecting(why, closeCode, attempt, attempts, wait);
            frontend.connectionChanged();
            if (notice != null) {
                frontend.notice(notice, true);
            }
        }

        @Override
        public void onReconnectAttempt(int attempt, int attempts) {
            if (status.attempting(attempt, attempts)) {
                frontend.connectionChanged();
            }
        }

        @Override
        public void onStopped(RoomFollower.Stopped stopped) {
            live = false;
            if (!exit.isDone() && !leaving) {
                finish(
                        endings.stopped(
                                stopped, membership.welcomed(), lastError, membership.seat()));
            }
        }
    }
}
