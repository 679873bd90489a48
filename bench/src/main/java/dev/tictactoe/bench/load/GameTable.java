package dev.tictactoe.bench.load;

import dev.tictactoe.client.GameConnection;
import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.Protocol;
import dev.tictactoe.protocol.ProtocolException;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.protocol.Snapshot;
import dev.tictactoe.protocol.WireWord;

import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;

import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A room on the game server with two generated players, who play random legal moves as soon as it
 * is their turn (or after the think time) and offer a rematch when a game ends. Each player keeps
 * only what it needs from the diffs (status, turn, board rows, the event's move id); both players
 * live on one event loop, so the table needs no locks. Diffs are read without a tree, in the same
 * call that moves (see {@link PlayerView}).
 */
final class GameTable implements Table {

    /** Reconnections a player attempts after unexpected closes. */
    private static final int RECONNECTS = 3;

    private final Shared shared;
    private final EventLoop loop;
    private final URI uri;
    private final SplittableRandom random;
    private final long thinkNanos;
    private final int cellCount;
    private final Player a;
    private final Player b;

    /** The move in flight: one at a time in a game of turns. */
    private @Nullable String pendingId;

    private long pendingSent;
    private int lastStartedGame;
    private int lastCompletedGame;
    private volatile boolean inGame;
    private volatile boolean stopping;

    GameTable(Shared shared, EventLoop loop, Target target, String code, int index) {
        this.shared = shared;
        this.loop = loop;
        this.uri = target.room(code);
        this.random = new SplittableRandom(shared.settings().seed() * 1_000_003L + index);
        this.thinkNanos = shared.settings().think().toNanos();
        this.cellCount = shared.settings().size() * shared.settings().size();
        this.a = new Player("load-" + index + "-a");
        this.b = new Player("load-" + index + "-b");
    }

    @Override
    public CompletableFuture<Void> connect() {
        return CompletableFuture.allOf(a.connect(), b.connect());
    }

    @Override
    public void start() {
        // The server starts the game once both seats are taken.
    }

    @Override
    public void stop() {
        stopping = true;
    }

    @Override
    public boolean settled() {
        return !inGame;
    }

    @Override
    public List<GameConnection> connections() {
        return Stream.of(a.connection, b.connection).filter(Objects::nonNull).toList();
    }

    // ---- on the table's loop

    private void step(Player p) {
        PlayerView v = p.view;
        if (v.game > lastStartedGame && (v.status.equals("playing") || v.status.equals("over"))) {
            lastStartedGame = v.game;
            shared.stats().gameStarted();
            inGame = true;
        }
        if (v.status.equals("over") && v.game > lastCompletedGame) {
            lastCompletedGame = v.game;
            shared.stats().gameCompleted();
            inGame = false;
        }
        if (shared.idle() || shared.stats().isClosing() || p.connection == null) {
            return;
        }
        if (p.mayMove()) {
            if (thinkNanos == 0) {
                move(p);
            } else {
                p.moveScheduled = true;
                long delay = (long) (thinkNanos * (0.5 + random.nextDouble()));
                loop.schedule(() -> move(p), delay, TimeUnit.NANOSECONDS);
            }
        } else if (v.status.equals("over") && !stopping && p.rematchOffered < v.game) {
            p.rematchOffered = v.game;
            p.connection.send(new ClientMessage.Rematch());
        }
    }

    private void move(Player p) {
        p.moveScheduled = false;
        if (!p.mayMove() || shared.stats().isClosing()) {
            return;
        }
        int cell = p.view.randomEmptyCell(random);
        if (cell < 0) {
            return;
        }
        GameConnection c = p.connection;
        if (c == null) {
            return; // reconnecting: the move waits for the new connection's state
        }
        String id = p.seat + ++p.moves;
        pendingId = id;
        p.movedAt = p.view.version;
        pendingSent = System.nanoTime();
        c.write(new TextWebSocketFrame(Frames.move(id, p.view.version, cell)));
    }

    private void delivered(@Nullable String moveId, long receivedNanos) {
        if (moveId != null && moveId.equals(pendingId)) {
            shared.stats().move(pendingSent, receivedNanos);
            pendingId = null;
        }
    }

    /** One generated player: a connection and the little it tracks of the room. */
    private final class Player implements GameConnection.Listener {
        final String name;
        final PlayerView view = new PlayerView(cellCount);
        final Frames.Diff parsed = new Frames.Diff();
        volatile @Nullable GameConnection connection;
        @Nullable InetAddress source;
        CompletableFuture<Void> welcomed = new CompletableFuture<>();
        @Nullable String seat;
        @Nullable String token;
        long receivedAt;

        /** The version this player last moved at: no second move until the state moves on. */
        long movedAt = -1;

        boolean moveScheduled;
        boolean syncPending;
        int rematchOffered;
        int moves;
        int reconnectsLeft = RECONNECTS;

        Player(String name) {
            this.name = name;
        }

        CompletableFuture<Void> connect() {
            welcomed = new CompletableFuture<>();
            if (source == null) {
                source = shared.sources().next();
            }
            CompletableFuture<Void> ready = welcomed;
            return GameConnection.open(uri, loop, this, Shared.OPEN_TIMEOUT, source)
                    .thenCompose(
                            c -> {
                                connection = c;
                                Long last = token == null ? null : view.version;
                                c.send(
                                        new ClientMessage.Join(
                                                Protocol.VERSION, name, token, false, last));
                                return ready.orTimeout(
                                        Shared.OPEN_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
                            });
        }

        boolean mayMove() {
            return view.status.equals("playing")
                    && seat != null
                    && seat.equals(view.turn)
                    && !moveScheduled
                    && view.version > movedAt
                    && connection != null;
        }

        /**
         * Diffs, nearly every frame, are read here without a tree; the rest is decoded as usual.
         */
        @Override
        public void onText(String text) {
            receivedAt = System.nanoTime();
            try {
                if (Frames.readDiff(text, parsed)) {
                    diff(parsed);
                    step(this);
                    return;
                }
                onMessage(MessageCodec.decodeServer(text));
            } catch (IOException | ProtocolException e) {
                shared.stats().error("undecodable");
            }
        }

        void onMessage(ServerMessage message) {
            switch (message) {
                case ServerMessage.Welcome w -> {
                    seat = WireWord.spelling(w.seat());
                    token = w.token() != null ? w.token() : token;
                    load(w.snapshot());
                    welcomed.complete(null);
                }
                case ServerMessage.SnapshotMessage s -> load(s.snapshot());
                case ServerMessage.ErrorMessage e -> {
                    shared.stats().error(e.code().wire());
                    if (!welcomed.isDone()) {
                        welcomed.completeExceptionally(
                                new ProtocolException(e.code(), e.message()));
                        return;
                    }
                    if (e.ref() != null && e.ref().equals(pendingId)) {
                        // The move was refused: look again at a fresh snapshot before the next one.
                        pendingId = null;
                        movedAt = -1;
                        sync(null);
                        return;
                    }
                }
                default -> {}
            }
            step(this);
        }

        private void load(Snapshot s) {
            syncPending = false;
            view.load(s);
        }

        private void diff(Frames.Diff d) {
            switch (view.apply(d)) {
                case STALE -> {}
                case GAP -> sync(view.version);
                case APPLIED -> {
                    if (d.moveId != null && !Objects.equals(d.movedSeat, seat)) {
                        delivered(d.moveId, receivedAt);
                    }
                }
            }
        }

        private void sync(@Nullable Long last) {
            GameConnection c = connection;
            if (!syncPending && c != null) {
                syncPending = true;
                shared.stats().resync();
                c.send(new ClientMessage.Sync(last));
            }
        }

        @Override
        public void onClose(GameConnection.CloseInfo info) {
            shared.stats().closed();
            if (shared.stats().isClosing() || token == null || reconnectsLeft-- <= 0) {
                return;
            }
            shared.stats().reconnected();
            connection = null;
            connect()
                    .whenComplete(
                            (ok, failure) -> {
                                if (failure != null) {
                                    shared.stats().error("reconnect_failed");
                                }
                            });
        }
    }
}
