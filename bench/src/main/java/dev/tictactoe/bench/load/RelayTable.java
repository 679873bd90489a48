package dev.tictactoe.bench.load;

import dev.tictactoe.client.GameConnection;

import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;

import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Two connections paired by a bare relay on one room path. They send the same move messages as
 * players of the game server; the relay hands each to the other side, which notes the latency,
 * marks the cell on the board the pair shares and answers with its own move. A game ends when the
 * board is full. No room is created: any code pairs the first two connections on its path. A relay
 * that echoes sends each side its own moves too, which it ignores.
 */
final class RelayTable implements Table {

    private final Shared shared;
    private final EventLoop loop;
    private final URI uri;
    private final SplittableRandom random;
    private final long thinkNanos;
    private final char[] cells;
    private final Endpoint x = new Endpoint('X');
    private final Endpoint o = new Endpoint('O');
    private long version;
    private int filled;
    private @Nullable String pendingId;
    private long pendingSent;
    private volatile boolean inGame;
    private volatile boolean stopping;

    RelayTable(Shared shared, EventLoop loop, Target target, int index) {
        this.shared = shared;
        this.loop = loop;
        this.uri = target.room("LOAD" + index);
        this.random = new SplittableRandom(shared.settings().seed() * 1_000_003L + index);
        this.thinkNanos = shared.settings().think().toNanos();
        this.cells = new char[shared.settings().size() * shared.settings().size()];
        Arrays.fill(cells, '.');
    }

    /**
     * The relay pairs connections in the order they arrive, so the second opens after the first.
     */
    @Override
    public CompletableFuture<Void> connect() {
        return x.connect().thenCompose(ignored -> o.connect());
    }

    @Override
    public void start() {
        if (shared.idle()) {
            return;
        }
        loop.execute(
                () -> {
                    newGame();
                    x.play();
                });
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
        List<GameConnection> open = new ArrayList<>(2);
        for (Endpoint e : List.of(x, o)) {
            if (e.connection != null) {
                open.add(e.connection);
            }
        }
        return open;
    }

    private void newGame() {
        Arrays.fill(cells, '.');
        filled = 0;
        inGame = true;
        shared.stats().gameStarted();
    }

    private Endpoint other(Endpoint e) {
        return e == x ? o : x;
    }

    /** One side of the pair. */
    private final class Endpoint implements GameConnection.Listener {
        final char mark;
        volatile @Nullable GameConnection connection;
        int moves;
        long receivedAt;

        Endpoint(char mark) {
            this.mark = mark;
        }

        CompletableFuture<Void> connect() {
            return GameConnection.open(
                            uri, loop, this, Shared.OPEN_TIMEOUT, shared.sources().next())
                    .thenAccept(c -> connection = c);
        }

        @Override
        public void onText(String text) {
            receivedAt = System.nanoTime();
            Frames.Move move;
            try {
                move = Frames.readMove(text);
            } catch (IOException e) {
                shared.stats().error("undecodable");
                return;
            }
            if (move == null || move.id().charAt(0) == mark) {
                return; // not a move, or this side's own move sent back by an echoing relay
            }
            if (move.id().equals(pendingId)) {
                shared.stats().move(pendingSent, receivedAt);
                pendingId = null;
            }
            cells[move.cell()] = other(this).mark;
            filled++;
            version = move.version() + 1;
            if (filled == cells.length) {
                shared.stats().gameCompleted();
                inGame = false;
                if (stopping || shared.stats().isClosing()) {
                    return;
                }
                newGame();
            }
            if (thinkNanos == 0) {
                play();
            } else {
                loop.schedule(
                        this::play,
                        (long) (thinkNanos * (0.5 + random.nextDouble())),
                        TimeUnit.NANOSECONDS);
            }
        }

        void play() {
            if (shared.stats().isClosing() || connection == null) {
                return;
            }
            int empty = cells.length - filled;
            int pick = random.nextInt(empty);
            int cell = -1;
            for (int i = 0; i < cells.length; i++) {
                if (cells[i] == '.' && pick-- == 0) {
                    cell = i;
                    break;
                }
            }
            String id = mark + Integer.toString(++moves);
            pendingId = id;
            pendingSent = System.nanoTime();
            connection.write(new TextWebSocketFrame(Frames.move(id, version, cell)));
        }

        @Override
        public void onClose(GameConnection.CloseInfo info) {
            shared.stats().closed();
        }
    }
}
