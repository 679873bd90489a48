package dev.tictactoe.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.tictactoe.client.GameConnection;
import dev.tictactoe.client.RoomFollower;
import dev.tictactoe.client.RoomView;
import dev.tictactoe.client.ServerAddress;
import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.CloseCodes;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.MessageType;
import dev.tictactoe.protocol.Protocol;
import dev.tictactoe.protocol.ProtocolException;
import dev.tictactoe.protocol.RoomStatus;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.protocol.Snapshot;

import io.netty.channel.EventLoopGroup;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * One client's stay in a room, as an actor: every piece of state lives on one thread and is changed
 * only by tasks run there (network events, typed commands, timers), in order. A {@link
 * RoomFollower} on that thread keeps the room view current and reconnects; this class turns
 * commands into protocol messages, keeps the seat token on disk, and decides the exit code. Longer
 * than most files because every way a stay can end (with its words and exit code) is decided here,
 * on the one thread, next to the state it depends on.
 */
final class RoomSession {

    /** How long a deliberate leave waits for the server to close before exiting anyway. */
    private static final Duration LEAVE_TIMEOUT = RoomFollower.LEAVE_TIMEOUT;

    /** What the session shows and where commands come from: a terminal screen or JSON lines. */
    interface Frontend {
        /** Every text frame from the server, as received, before it is applied. */
        default void raw(String text) {}

        /** A server message, after the room view took it in. */
        void received(ServerMessage message);

        /** The connection status changed (see {@link RoomSession#connection()}). */
        void connectionChanged();

        /** Something to tell the user in words. */
        void notice(String text, boolean error);
    }

    private final ServerAddress server;
    private final String room;
    private final String name;
    private final boolean spectate;
    private final boolean stopAfterFirstGame;
    private final boolean holdWhileDisconnected;
    private final EventLoopGroup group;

    /** Where the seat token is kept; null when not kept (watching, or another client holds it). */
    private SeatTokens tokens;

    /** The seat token a quick match handed out for this room, or null. */
    private final String matchToken;

    private final ScheduledExecutorService loop;
    private final CompletableFuture<Integer> exit = new CompletableFuture<>();
    private Frontend frontend;

    // Everything below is touched on the loop thread only.
    private final RoomView view = new RoomView();
    private final ServerClock serverClock = new ServerClock();
    private RoomFollower follower;

    /**
     * The state before the message being handled, to name who acted before a diff changes seats.
     */
    private Snapshot before;

    /** The state just before the current game ended: its players are the ones the result names. */
    private Snapshot namesOfResult;

    private boolean welcomed;

    /** The join carried a token kept from an earlier run. */
    private boolean usedSavedToken;

    /** The current connection has been welcomed: messages can be sent. */
    private boolean live;

    private final List<String> held = new ArrayList<>();
    private String seat;
    private String status = "connecting";
    private boolean leaving;
    private boolean inputEnded;

    /** The keyboard closed before the welcome: end as a usage error once the join is answered. */
    private boolean keyboardGone;

    private int moveCounter;

    /** Cells of recent moves by id, to name the cell when the server refuses one. */
    private final Map<String, Integer> sentMoves =
            new LinkedHashMap<>(16, 0.75f, false) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, Integer> eldest) {
                    return size() > 64;
                }
            };

    private int lastReportedGame;
    private Integer lastResultCode;
    private ServerMessage.Error lastError;

    /**
     * A session that has not connected yet.
     *
     * @param stopAfterFirstGame end (leaving the room) as soon as the first game is over
     * @param holdWhileDisconnected keep lines given to {@link #submitLine} while not connected and
     *     send them once (re)joined, instead of refusing them; for scripts, which cannot retry
     * @param tokens where the seat token is kept between runs, or null to keep it in memory only
     */
    RoomSession(
            ServerAddress server,
            String room,
            String name,
            boolean spectate,
            boolean stopAfterFirstGame,
            boolean holdWhileDisconnected,
            EventLoopGroup group,
            SeatTokens tokens) {
        this(
                server,
                room,
                name,
                spectate,
                stopAfterFirstGame,
                holdWhileDisconnected,
                group,
                tokens,
                null);
    }

    /** As above, taking the seat that {@code matchToken} (from a quick match, or null) holds. */
    RoomSession(
            ServerAddress server,
            String room,
            String name,
            boolean spectate,
            boolean stopAfterFirstGame,
            boolean holdWhileDisconnected,
            EventLoopGroup group,
            SeatTokens tokens,
            String matchToken) {
        this.matchToken = matchToken;
        this.server = server;
        this.room = room;
        this.name = name;
        this.spectate = spectate;
        this.stopAfterFirstGame = stopAfterFirstGame;
        this.holdWhileDisconnected = holdWhileDisconnected;
        this.group = group;
        this.tokens = tokens;
        this.loop =
                Executors.newSingleThreadScheduledExecutor(
                        r -> {
                            Thread t = new Thread(r, "ttt-session");
                            t.setDaemon(true);
                            return t;
                        });
    }

    /** Connects, joins and runs until the session ends; returns the exit code. */
    int run(Frontend frontend) {
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
        } catch (java.util.concurrent.RejectedExecutionException ignored) {
            // The session is over; late events have nowhere to go.
        }
    }

    // ---- what frontends read (on the loop thread) ----

    String room() {
        return room;
    }

    /** The current room state, or null before the welcome. */
    Snapshot snapshot() {
        return view.snapshot();
    }

    /** The state before the message being handled (or last handled), or null. */
    Snapshot before() {
        return before;
    }

    /** The state whose players the current result names: the one just before the game ended. */
    Snapshot namesOfResult() {
        Snapshot s = view.snapshot();
        return namesOfResult != null && s != null && namesOfResult.game() == s.game()
                ? namesOfResult
                : s;
    }

    /**
     * When each disconnected player's seat is freed (epoch ms), by seat; absent while connected.
     */
    java.util.Map<String, Long> graceUntil() {
        java.util.Map<String, Long> until = new java.util.HashMap<>();
        JsonNode tree = view.tree();
        if (tree != null) {
            for (String seat : Seat.WIRE) {
                JsonNode value = tree.path("players").path(seat).path("graceUntil");
                if (value.isNumber()) {
                    until.put(seat, value.longValue());
                }
            }
        }
        return until;
    }

    /** The server's time now (epoch ms), which every time in the snapshot is measured by. */
    long serverNow() {
        return serverClock.now(System.currentTimeMillis());
    }

    /**
     * Whether something on the screen counts down by itself: a running clock, a seat's grace, or a
     * claim time in a game without a clock.
     */
    boolean countingDown() {
        Snapshot s = view.snapshot();
        if (s == null) {
            return false;
        }
        boolean clockRuns = s.clock() != null && s.clock().running() != null;
        boolean claimPending = s.claimableAt() != null && RoomStatus.PLAYING.is(s.status());
        return clockRuns || claimPending || !graceUntil().isEmpty();
    }

    /** Runs {@code task} on the session thread every {@code period}, until the session ends. */
    void every(Duration period, Runnable task) {
        loop.scheduleAtFixedRate(
                () -> execute(task), period.toMillis(), period.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Our seat, or null when watching (or before the welcome). */
    String seat() {
        return seat;
    }

    /** The connection status in words: connecting, connected, reconnecting..., closed. */
    String connection() {
        return status;
    }

    ServerAddress server() {
        return server;
    }

    // ---- commands (on the loop thread) ----

    /** Carries out a typed command. */
    void submit(Command command) {
        switch (command) {
            case Command.Play play -> move(play.cell());
            case Command.Undo u -> send(new ClientMessage.Undo());
            case Command.AnswerUndo a -> send(new ClientMessage.UndoReply(a.accept()));
            case Command.Rematch r -> send(new ClientMessage.Rematch());
            case Command.Resign r -> send(new ClientMessage.Resign());
            case Command.Claim c -> send(new ClientMessage.Claim());
            case Command.InviteBot b -> send(new ClientMessage.InviteBot(b.level(), null));
            case Command.History h -> send(new ClientMessage.History());
            case Command.Sync s ->
                    send(new ClientMessage.Sync(view.hasState() ? view.version() : null));
            case Command.Quit q -> leave();
            case Command.Interrupt i -> interrupt();
            case Command.Help h -> frontend.notice(Command.HELP, false);
            case Command.Empty e -> {}
            case Command.Invalid bad -> frontend.notice(bad.message(), true);
        }
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
        if (line.stripLeading().startsWith("{")) {
            submitJson(line);
        } else {
            Snapshot s = view.snapshot();
            submit(Command.parse(line, s == null ? 0 : s.settings().size()));
        }
    }

    /**
     * Sends a protocol message given as JSON text. A {@code move} without {@code id} or {@code
     * version} gets the next id and the current version; a line that is no client message is
     * refused here, with the codec's reason.
     */
    private void submitJson(String line) {
        JsonNode node;
        ClientMessage message;
        try {
            node = MessageCodec.parse(line);
            if (node instanceof ObjectNode object
                    && MessageType.MOVE.is(object.path("type").asText())) {
                if (!object.has("id")) {
                    object.put("id", nextMoveId());
                }
                if (!object.has("version")) {
                    object.put("version", view.version());
                }
            }
            message = MessageCodec.decodeClient(node);
        } catch (ProtocolException e) {
            frontend.notice("not a message this client can send: " + e.getMessage(), true);
            return;
        }
        if (!live) {
            frontend.notice("not connected: the message was not sent", true);
            return;
        }
        follower.send(message);
    }

    /** No more commands will come (end of a script's input): finish once the game is over. */
    void inputEnded() {
        inputEnded = true;
        Snapshot s = view.snapshot();
        if (s != null && RoomStatus.OVER.is(s.status())) {
            finishAfterLeaving(ExitCodes.of(s.result(), seat));
        }
    }

    /**
     * The interactive input is gone (stdin closed). Mid-stay that is leaving; before the welcome it
     * means there was never a keyboard, a usage error, told once the join has been answered so a
     * refusal (an unknown room, say) is still reported as such.
     */
    void keyboardClosed() {
        if (welcomed) {
            leave();
        } else {
            keyboardGone = true;
        }
    }

    private void move(int cell) {
        if (welcomed && seat == null) {
            frontend.notice("you are watching: spectators cannot move", true);
            return;
        }
        String id = nextMoveId();
        sentMoves.put(id, cell);
        send(new ClientMessage.Move(id, view.version(), cell));
    }

    /** A server refusal in words, naming the cell of a refused move the way the user types it. */
    String describe(ServerMessage.Error error) {
        Integer cell = error.ref() == null ? null : sentMoves.get(error.ref());
        Snapshot s = view.snapshot();
        if (cell != null
                && s != null
                && cell >= 0
                && cell < s.settings().size() * s.settings().size()) {
            String name = Coordinates.format(cell, s.settings().size());
            switch (error.code()) {
                case CELL_TAKEN -> {
                    return name + " is already taken";
                }
                case NOT_YOUR_TURN -> {
                    return "it is not your turn yet (" + name + " was not played)";
                }
                default -> {}
            }
        }
        return error.message();
    }

    private String nextMoveId() {
        return "m" + (++moveCounter);
    }

    private void send(ClientMessage message) {
        if (!live) {
            frontend.notice("not connected: wait for the connection to come back", true);
            return;
        }
        follower.send(message);
    }

    /** Gives up the seat for good and ends with the last game's result, or "aborted" mid-game. */
    private void leave() {
        Snapshot s = view.snapshot();
        boolean over = s != null && RoomStatus.OVER.is(s.status());
        if (welcomed && seat != null) {
            frontend.notice(
                    "you left room " + room + " for good: seat " + seat + " is given up", false);
        }
        finishAfterLeaving(over ? ExitCodes.of(s.result(), seat) : ExitCodes.ABORTED);
    }

    /**
     * Ctrl-C: a player drops the connection without leaving, so the seat is held for its grace and
     * {@code ttt join CODE} takes it back; a spectator simply goes.
     */
    private void interrupt() {
        if (!welcomed || seat == null) {
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
        Snapshot s = view.snapshot();
        boolean over = s != null && RoomStatus.OVER.is(s.status());
        int code = over ? ExitCodes.of(s.result(), seat) : ExitCodes.ABORTED;
        follower.disconnect()
                .completeOnTimeout(null, LEAVE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
                .whenComplete((info, err) -> execute(() -> finish(code, null)));
    }

    private void finishAfterLeaving(int code) {
        if (leaving) {
            return;
        }
        leaving = true;
        forgetToken();
        if (!live) {
            finish(code, null);
            return;
        }
        follower.leave()
                .completeOnTimeout(null, LEAVE_TIMEOUT.toMillis() + 500, TimeUnit.MILLISECONDS)
                .whenComplete((info, err) -> execute(() -> finish(code, null)));
    }

    /** Ends the session with {@code code}, telling the user {@code why} if given. */
    private void finish(int code, String why) {
        if (exit.isDone()) {
            return;
        }
        leaving = true;
        status = "closed";
        if (why != null) {
            frontend.notice(why, code >= ExitCodes.ABORTED);
        }
        if (follower != null) {
            follower.stop();
        }
        if (tokens != null) {
            tokens.release();
        }
        exit.complete(code);
    }

    private void saveToken(String token) {
        if (tokens != null && token != null) {
            tokens.save(server, room, token);
        }
    }

    private void forgetToken() {
        if (tokens != null && !spectate) {
            tokens.forget(server, room);
        }
    }

    // ---- the connection ----

    private void start() {
        follower = new RoomFollower(server.ws(room), group, loop, view, new Events());
        if (tokens != null && (spectate || !tokens.claim(server, room))) {
            tokens = null; // a spectator has no seat; another client here plays this room already
        }
        String saved =
                matchToken != null ? matchToken : tokens == null ? null : tokens.load(server, room);
        usedSavedToken = saved != null && matchToken == null;
        follower.open()
                .whenComplete(
                        (c, err) ->
                                execute(
                                        () -> {
                                            if (c != null) {
                                                follower.join(
                                                        saved != null
                                                                ? new ClientMessage.Join(
                                                                        Protocol.VERSION,
                                                                        name,
                                                                        saved,
                                                                        false,
                                                                        null)
                                                                : spectate
                                                                        ? ClientMessage.Join
                                                                                .spectator(name)
                                                                        : ClientMessage.Join.player(
                                                                                name));
                                            }
                                        }));
    }

    private String openFailure(Throwable cause) {
        if (cause instanceof ProtocolException p && p.code() == ErrorCode.UNKNOWN_ROOM) {
            return "there is no room " + room + " on " + server + " (check the code)";
        }
        if (cause instanceof ProtocolException p) {
            return "the server refused the connection: " + p.code().text();
        }
        return "cannot reach the server at " + server + ": " + describe(cause);
    }

    private static String describe(Throwable cause) {
        return RoomFollower.describe(cause);
    }

    private void received(ServerMessage message) {
        if (exit.isDone()) {
            return;
        }
        switch (message) {
            case ServerMessage.Welcome w -> {
                boolean first = !welcomed;
                welcomed = true;
                live = true;
                seat = w.seat();
                if (seat != null) {
                    saveToken(follower.token());
                }
                setStatus("connected");
                if (first && matchToken != null && seat != null) {
                    frontend.notice("quick match: you play " + seat + " in room " + room, false);
                } else if (first && usedSavedToken && seat != null) {
                    frontend.notice("rejoined seat " + seat + " in room " + room, false);
                } else if (first && !spectate && seat == null) {
                    frontend.notice(
                            "both seats of room "
                                    + room
                                    + " are taken: you are watching as a spectator",
                            false);
                }
            }
            case ServerMessage.Error e -> {
                lastError = e;
                if (!welcomed && usedSavedToken && e.code() == ErrorCode.NOT_A_PLAYER) {
                    // The kept seat is gone (its grace ran out): join afresh, as if there were no
                    // token.
                    usedSavedToken = false;
                    forgetToken();
                    follower.join(ClientMessage.Join.player(name));
                    return;
                }
                // Before a welcome, or while rejoining, nothing but the join was sent: this refuses
                // it.
                if (!welcomed || !live || isJoinRefusal(e)) {
                    if (welcomed) {
                        forgetToken();
                    }
                    finish(welcomed ? ExitCodes.ABORTED : ExitCodes.ERROR, refusal(e));
                    return;
                }
            }
            default -> {}
        }
        Snapshot s = view.snapshot();
        if (message instanceof ServerMessage.Diff && startsATurn(before, s)) {
            serverClock.turnStarted(s.clock().turnStartedAt(), System.currentTimeMillis());
        }
        frontend.received(message);
        if (s != null
                && RoomStatus.OVER.is(s.status())
                && (before == null
                        || !RoomStatus.OVER.is(before.status())
                        || before.game() != s.game())) {
            namesOfResult = before != null && before.game() == s.game() ? before : s;
        }
        before = s;
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
        checkGameOver();
    }

    /** Whether going from {@code before} to {@code now} started a turn on the clock. */
    private static boolean startsATurn(Snapshot before, Snapshot now) {
        if (now == null
                || now.clock() == null
                || now.clock().running() == null
                || now.clock().turnStartedAt() == null) {
            return false;
        }
        return before == null
                || before.clock() == null
                || !now.clock().turnStartedAt().equals(before.clock().turnStartedAt());
    }

    private static boolean isJoinRefusal(ServerMessage.Error e) {
        return MessageType.JOIN.is(e.ref());
    }

    private String refusal(ServerMessage.Error e) {
        return switch (e.code()) {
            case UNKNOWN_ROOM -> "there is no room " + room + " on " + server + " (check the code)";
            case NOT_A_PLAYER ->
                    !welcomed && matchToken != null
                            ? "the seat the quick match gave you in room "
                                    + room
                                    + " is no longer held"
                            : "seat "
                                    + seat
                                    + " in room "
                                    + room
                                    + " was given up: the time to come back ran out";
            case ROOM_FULL -> "cannot join room " + room + ": " + e.message();
            default -> "the server refused to let us in: " + e.message();
        };
    }

    /** Reports a finished game once, and ends a script that only wanted one game. */
    private void checkGameOver() {
        Snapshot s = view.snapshot();
        if (s == null || !RoomStatus.OVER.is(s.status()) || s.game() == lastReportedGame) {
            return;
        }
        lastReportedGame = s.game();
        lastResultCode = ExitCodes.of(s.result(), seat);
        if (stopAfterFirstGame || inputEnded) {
            finishAfterLeaving(lastResultCode);
        }
    }

    private void reconnecting(String why, int closeCode, int attempt, int attempts, Duration wait) {
        live = false;
        if (leaving) {
            return;
        }
        boolean restarting = closeCode == CloseCodes.GOING_AWAY;
        if (restarting || status.startsWith("server restarting")) {
            setStatus(
                    "server restarting \u2014 reconnecting\u2026 (attempt "
                            + attempt
                            + " of "
                            + attempts
                            + ")");
            if (restarting) {
                frontend.notice("server restarting \u2014 reconnecting\u2026", true);
            }
            return;
        }
        setStatus(
                "reconnecting in "
                        + seconds(wait)
                        + " (attempt "
                        + attempt
                        + " of "
                        + attempts
                        + ")");
        frontend.notice(why + "; reconnecting...", true);
    }

    private void stopped(RoomFollower.Stopped stopped) {
        live = false;
        if (exit.isDone() || leaving) {
            return;
        }
        GameConnection.CloseInfo close = stopped.close();
        String reason =
                close == null || close.reason().isEmpty() ? "" : " (" + close.reason() + ")";
        switch (stopped.reason()) {
            case UNREACHABLE -> finish(ExitCodes.ERROR, openFailure(stopped.cause()));
            case ROOM_GONE -> {
                forgetToken();
                finish(
                        welcomed ? ExitCodes.ABORTED : ExitCodes.ERROR,
                        welcomed
                                ? "room "
                                        + room
                                        + " no longer exists on "
                                        + server
                                        + " (the server may have restarted)"
                                : "there is no room "
                                        + room
                                        + " on "
                                        + server
                                        + " (check the code)");
            }
            case REPLACED ->
                    finish(ExitCodes.ABORTED, "this seat was taken over by another connection");
            case LEFT -> {
                forgetToken();
                finish(
                        ExitCodes.ABORTED,
                        "the server closed the connection: "
                                + CloseCodes.describe(close.code())
                                + reason);
            }
            case POLICY ->
                    finish(
                            ExitCodes.ABORTED,
                            close.code() == CloseCodes.POLICY_VIOLATION
                                    ? "the server closed the connection: too many messages"
                                    : "the server closed the connection: "
                                            + CloseCodes.describe(close.code())
                                            + reason);
            case GAVE_UP ->
                    finish(ExitCodes.ABORTED, stopped.cause().getMessage() + " to reconnect");
            case CLOSED ->
                    finish(
                            welcomed ? ExitCodes.ABORTED : ExitCodes.ERROR,
                            lastError != null
                                    ? refusal(lastError)
                                    : "the server closed the connection before letting us in ("
                                            + CloseCodes.describe(
                                                    close == null
                                                            ? CloseCodes.ABNORMAL
                                                            : close.code())
                                            + ")");
            case BY_REQUEST -> finish(ExitCodes.ABORTED, null);
        }
    }

    private static String seconds(Duration d) {
        long ms = d.toMillis();
        return ms % 1000 == 0 ? ms / 1000 + " s" : String.format("%.1f s", ms / 1000.0);
    }

    private void setStatus(String status) {
        this.status = status;
        frontend.connectionChanged();
    }

    /**
     * Takes the server's clock from a welcome or snapshot that carries {@code serverTime}, read
     * from the text so that it works whatever the message records know of the field.
     */
    private void serverTime(String text) {
        long arrived = System.currentTimeMillis();
        if (!text.contains("\"serverTime\"")) {
            return;
        }
        try {
            JsonNode time = MessageCodec.parse(text).path("serverTime");
            if (time.isIntegralNumber()) {
                serverClock.serverTime(time.longValue(), arrived);
            }
        } catch (ProtocolException e) {
            // Not JSON: the follower reports it as undecodable.
        }
    }

    /** Drops the current connection as a lost network would (for tests of reconnecting). */
    void dropConnection() {
        GameConnection c = follower == null ? null : follower.connection();
        if (c != null) {
            c.abort();
        }
    }

    /** What the follower reports, already on the session thread. */
    private final class Events implements RoomFollower.Listener {
        @Override
        public void onText(String text) {
            if (!exit.isDone()) {
                serverTime(text);
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
            reconnecting(why, closeCode, attempt, attempts, wait);
        }

        @Override
        public void onReconnectAttempt(int attempt, int attempts) {
            if (!status.startsWith("server restarting")) {
                setStatus("reconnecting (attempt " + attempt + " of " + attempts + ")");
            }
        }

        @Override
        public void onStopped(RoomFollower.Stopped stopped) {
            stopped(stopped);
        }
    }
}
