package dev.tictactoe.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tictactoe.client.GameConnection;
import dev.tictactoe.client.RoomView;
import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.CloseCodes;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.Protocol;
import dev.tictactoe.protocol.ProtocolException;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.protocol.Snapshot;
import io.netty.channel.EventLoopGroup;
import java.net.ConnectException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * One client's stay in a room, as an actor: every piece of state lives on one thread and is
 * changed only by tasks run there (network events, typed commands, reconnect timers), in order.
 * It joins, keeps the room view up to date (diffs by version, {@code sync} on a gap), turns
 * commands into protocol messages, reconnects with the seat token when the connection drops,
 * and decides the exit code.
 */
final class RoomSession {

    /** Waits between reconnect attempts: 0.5 s doubling up to 8 s, about a minute in all (the seat grace). */
    static final List<Duration> BACKOFF = List.of(
            Duration.ofMillis(500), Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(4),
            Duration.ofSeconds(8), Duration.ofSeconds(8), Duration.ofSeconds(8), Duration.ofSeconds(8),
            Duration.ofSeconds(8), Duration.ofSeconds(8));

    /** Close codes after which coming back would be wrong or useless. */
    private static final Set<Integer> FINAL_CLOSES = Set.of(
            CloseCodes.REPLACED, CloseCodes.LEFT, CloseCodes.POLICY_VIOLATION,
            CloseCodes.UNSUPPORTED_DATA, CloseCodes.MESSAGE_TOO_BIG);

    /** How long a deliberate leave waits for the server to close before exiting anyway. */
    private static final Duration LEAVE_TIMEOUT = Duration.ofSeconds(2);

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
    private final ScheduledExecutorService loop;
    private final CompletableFuture<Integer> exit = new CompletableFuture<>();
    private Frontend frontend;

    // Everything below is touched on the loop thread only.
    private final RoomView view = new RoomView();
    private GameConnection connection;
    private int generation;
    private boolean welcomed;
    /** The current connection has been welcomed: messages can be sent. */
    private boolean live;
    private final List<String> held = new ArrayList<>();
    private String seat;
    private String token;
    private int attempt;
    private String status = "connecting";
    private boolean leaving;
    private boolean inputEnded;
    private int moveCounter;
    /** Cells of recent moves by id, to name the cell when the server refuses one. */
    private final Map<String, Integer> sentMoves = new LinkedHashMap<>(16, 0.75f, false) {
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
     */
    RoomSession(ServerAddress server, String room, String name, boolean spectate, boolean stopAfterFirstGame,
            boolean holdWhileDisconnected, EventLoopGroup group) {
        this.server = server;
        this.room = room;
        this.name = name;
        this.spectate = spectate;
        this.stopAfterFirstGame = stopAfterFirstGame;
        this.holdWhileDisconnected = holdWhileDisconnected;
        this.group = group;
        this.loop = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "ttt-session");
            t.setDaemon(true);
            return t;
        });
    }

    /** Connects, joins and runs until the session ends; returns the exit code. */
    int run(Frontend frontend) {
        this.frontend = frontend;
        execute(this::connect);
        try {
            return exit.join();
        } finally {
            loop.shutdownNow();
        }
    }

    /** Runs {@code task} on the session thread, after everything posted before it. */
    void execute(Runnable task) {
        try {
            loop.execute(() -> {
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
            case Command.InviteBot b -> send(new ClientMessage.InviteBot(b.level(), null));
            case Command.History h -> send(new ClientMessage.History());
            case Command.Sync s -> send(new ClientMessage.Sync(view.hasState() ? view.version() : null));
            case Command.Quit q -> leave();
            case Command.Help h -> frontend.notice(Command.HELP, false);
            case Command.Empty e -> { }
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
     * version} gets the next id and the current version; anything else goes as typed, so the
     * server judges it.
     */
    private void submitJson(String line) {
        JsonNode node;
        try {
            node = MessageCodec.parse(line);
        } catch (ProtocolException e) {
            frontend.notice("not a JSON message: " + e.getMessage(), true);
            return;
        }
        if (node instanceof ObjectNode object && "move".equals(object.path("type").asText())) {
            if (!object.has("id")) {
                object.put("id", nextMoveId());
            }
            if (!object.has("version")) {
                object.put("version", view.version());
            }
            line = object.toString();
        }
        if (!live) {
            frontend.notice("not connected: the message was not sent", true);
            return;
        }
        connection.sendRaw(line);
    }

    /** No more commands will come (end of a script's input): finish once the game is over. */
    void inputEnded() {
        inputEnded = true;
        Snapshot s = view.snapshot();
        if (s != null && Snapshot.OVER.equals(s.status())) {
            finishAfterLeaving(ExitCodes.of(s.result(), seat));
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
        if (cell != null && s != null && cell >= 0 && cell < s.settings().size() * s.settings().size()) {
            String name = Coordinates.format(cell, s.settings().size());
            switch (error.code()) {
                case CELL_TAKEN -> {
                    return name + " is already taken";
                }
                case NOT_YOUR_TURN -> {
                    return "it is not your turn yet (" + name + " was not played)";
                }
                default -> { }
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
        connection.send(message);
    }

    /** Gives up the seat and ends with the last game's result, or "aborted" mid-game. */
    private void leave() {
        Snapshot s = view.snapshot();
        boolean over = s != null && Snapshot.OVER.equals(s.status());
        finishAfterLeaving(over ? ExitCodes.of(s.result(), seat) : ExitCodes.ABORTED);
    }

    private void finishAfterLeaving(int code) {
        if (leaving) {
            return;
        }
        leaving = true;
        GameConnection c = connection;
        if (!live) {
            finish(code, null);
            return;
        }
        c.send(new ClientMessage.Leave());
        c.close(CloseCodes.NORMAL, "leaving")
                .completeOnTimeout(null, LEAVE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
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
        if (connection != null) {
            connection.close();
        }
        exit.complete(code);
    }

    // ---- the connection ----

    private URI uri() {
        return server.ws(room);
    }

    private void connect() {
        int gen = ++generation;
        GameConnection.open(uri(), group, new Listener(gen))
                .whenComplete((c, err) -> execute(() -> opened(gen, c, err)));
    }

    private void opened(int gen, GameConnection c, Throwable err) {
        if (gen != generation || leaving) {
            if (c != null) {
                c.close();
            }
            return;
        }
        if (err != null) {
            Throwable cause = err instanceof CompletionException && err.getCause() != null ? err.getCause() : err;
            if (!welcomed) {
                finish(ExitCodes.ERROR, openFailure(cause));
            } else if (cause instanceof ProtocolException p && p.code() == ErrorCode.UNKNOWN_ROOM) {
                finish(ExitCodes.ABORTED, "room " + room + " no longer exists on " + server
                        + " (the server may have restarted)");
            } else {
                reconnectLater("reconnect failed: " + describe(cause));
            }
            return;
        }
        connection = c;
        ClientMessage.Join join = welcomed
                ? new ClientMessage.Join(Protocol.VERSION, name, token, spectate, view.hasState() ? view.version() : null)
                : spectate ? ClientMessage.Join.spectator(name) : ClientMessage.Join.player(name);
        c.send(join);
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
        if (cause instanceof ConnectException) {
            return "connection refused";
        }
        String message = cause.getMessage();
        return message == null || message.isBlank() ? cause.getClass().getSimpleName() : message;
    }

    private void received(int gen, String raw, ServerMessage message) {
        if (gen != generation || exit.isDone()) {
            return;
        }
        frontend.raw(raw);
        switch (message) {
            case ServerMessage.Welcome w -> {
                welcomed = true;
                live = true;
                seat = w.seat();
                if (w.token() != null) {
                    token = w.token();
                }
                attempt = 0;
                setStatus("connected");
                view.apply(w);
            }
            case ServerMessage.Error e -> {
                lastError = e;
                if (!welcomed || isJoinRefusal(e)) {
                    frontend.received(message);
                    finish(welcomed ? ExitCodes.ABORTED : ExitCodes.ERROR, refusal(e));
                    return;
                }
            }
            default -> {
                if (view.apply(message) == RoomView.Update.NEED_SYNC) {
                    connection.send(new ClientMessage.Sync(view.hasState() ? view.version() : null));
                }
            }
        }
        frontend.received(message);
        if (message instanceof ServerMessage.Welcome && !held.isEmpty()) {
            List<String> lines = new ArrayList<>(held);
            held.clear();
            lines.forEach(this::submitLine);
        }
        checkGameOver();
    }

    private static boolean isJoinRefusal(ServerMessage.Error e) {
        return "join".equals(e.ref());
    }

    private String refusal(ServerMessage.Error e) {
        return switch (e.code()) {
            case UNKNOWN_ROOM -> "there is no room " + room + " on " + server + " (check the code)";
            case ROOM_FULL -> "room " + room + " is full: both seats are taken (try ttt watch " + room + ")";
            default -> "the server refused to let us in: " + e.message();
        };
    }

    /** Reports a finished game once, and ends a script that only wanted one game. */
    private void checkGameOver() {
        Snapshot s = view.snapshot();
        if (s == null || !Snapshot.OVER.equals(s.status()) || s.game() == lastReportedGame) {
            return;
        }
        lastReportedGame = s.game();
        lastResultCode = ExitCodes.of(s.result(), seat);
        if (stopAfterFirstGame || inputEnded) {
            finishAfterLeaving(lastResultCode);
        }
    }

    private void closed(int gen, int code, String reason) {
        if (gen != generation || exit.isDone()) {
            return;
        }
        connection = null;
        live = false;
        if (leaving) {
            return;
        }
        if (!welcomed) {
            finish(ExitCodes.ERROR, lastError != null ? refusal(lastError)
                    : "the server closed the connection before letting us in (" + CloseCodes.describe(code) + ")");
            return;
        }
        if (FINAL_CLOSES.contains(code)) {
            String why = switch (code) {
                case CloseCodes.REPLACED -> "this seat was taken over by another connection";
                case CloseCodes.POLICY_VIOLATION -> "the server closed the connection: too many messages";
                default -> "the server closed the connection: " + CloseCodes.describe(code)
                        + (reason == null || reason.isEmpty() ? "" : " (" + reason + ")");
            };
            finish(ExitCodes.ABORTED, why);
            return;
        }
        reconnectLater("connection lost (" + CloseCodes.describe(code) + ")");
    }

    private void reconnectLater(String why) {
        if (attempt >= BACKOFF.size()) {
            finish(ExitCodes.ABORTED, why + "; gave up after " + attempt + " attempts to reconnect");
            return;
        }
        Duration wait = BACKOFF.get(attempt++);
        setStatus("reconnecting in " + seconds(wait) + " (attempt " + attempt + " of " + BACKOFF.size() + ")");
        frontend.notice(why + "; reconnecting...", true);
        int gen = ++generation; // ignore anything late from the old connection
        loop.schedule(() -> {
            if (gen == generation && !leaving) {
                setStatus("reconnecting (attempt " + attempt + " of " + BACKOFF.size() + ")");
                connect();
            }
        }, wait.toMillis(), TimeUnit.MILLISECONDS);
    }

    private static String seconds(Duration d) {
        long ms = d.toMillis();
        return ms % 1000 == 0 ? ms / 1000 + " s" : String.format("%.1f s", ms / 1000.0);
    }

    private void setStatus(String status) {
        this.status = status;
        frontend.connectionChanged();
    }

    /** Drops the current connection as a lost network would (for tests of reconnecting). */
    void dropConnection() {
        if (connection != null) {
            connection.abort();
        }
    }

    /** Forwards one connection's events to the session thread, tagged with its generation. */
    private final class Listener implements GameConnection.Listener {
        private final int gen;
        private String raw;

        Listener(int gen) {
            this.gen = gen;
        }

        @Override
        public void onRawText(String text) {
            raw = text;
        }

        @Override
        public void onMessage(ServerMessage message) {
            String text = raw;
            execute(() -> received(gen, text, message));
        }

        @Override
        public void onUndecodable(String text, ProtocolException problem) {
            execute(() -> {
                if (gen == generation) {
                    frontend.raw(text);
                    frontend.notice("the server sent something this client does not understand: "
                            + problem.getMessage(), true);
                }
            });
        }

        @Override
        public void onClose(int code, String reason) {
            execute(() -> closed(gen, code, reason));
        }
    }
}
