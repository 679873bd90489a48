package dev.tictactoe.server.room;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.server.bot.Bot;
import dev.tictactoe.server.bot.BotMove;
import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.metrics.ServerMetrics;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/** The bots' turns, searched on a bounded pool of their own, played if the room is unchanged. */
public final class BotRunner implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(BotRunner.class);

    static final long RETRY_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    /** How a move is chosen; the bot engine's own search unless a test stands in for it. */
    interface Search {
        BotMove choose(Board board, BotLevel level, Duration budget, long seed);
    }

    static final Search BOT = new Bot()::choose;

    /** The engine's search bounded by {@code nodes} positions instead of time, so it replays. */
    static Search byNodes(long nodes) {
        Bot bot = new Bot();
        return (board, level, budget, seed) -> bot.chooseWithNodes(board, level, nodes, seed);
    }

    private final Search search;
    private final Executor pool;
    private final Duration budget;

    /** Searches for {@code budget}, or for {@code nodes} positions when given. */
    public BotRunner(int threads, int queue, Duration budget, @Nullable Long nodes) {
        this(pool(threads, queue), budget, nodes == null ? BOT : byNodes(nodes));
    }

    /** Searches with {@code search} on {@code pool}; tests pass ones they run by hand. */
    BotRunner(Executor pool, Duration budget, Search search) {
        this.pool = pool;
        this.budget = budget;
        this.search = search;
    }

    public int queued() {
        return pool instanceof ThreadPoolExecutor executor ? executor.getQueue().size() : 0;
    }

    private static ThreadPoolExecutor pool(int threads, int queue) {
        return new ThreadPoolExecutor(
                threads,
                threads,
                0,
                TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(queue),
                Thread.ofPlatform().name("bot-", 1).daemon().factory());
    }

    /** A bot to move searches a copy of the board off the loop; a full queue tries again soon. */
    void turn(Room room) {
        Match match = room.core.match;
        Seat turn = match.turn();
        Occupant seat = turn == null ? null : room.core.seats.get(turn);
        BotLevel level = seat == null ? null : seat.bot();
        // A replay makes the bot's recorded moves again; it thinks anew once the room is live.
        if (turn == null || level == null || room.closed || room.time.replaying) {
            return;
        }
        long forVersion = room.core.version;
        Board position = match.board.copy();
        // The version is left out of the seed, so who watches or reconnects cannot change a bot's
        // choice: the same seed and moves replay (PROTOCOL.md).
        long seed = room.botSeed ^ (match.game * 0x9E3779B97F4A7C15L);
        try {
            pool.execute(
                    () -> {
                        long start = System.nanoTime();
                        ServerMetrics metrics = room.context.metrics();
                        BotMove move;
                        try {
                            move = search.choose(position, level, budget, seed);
                        } catch (RuntimeException e) {
                            // A bug in the search: the room logs it once and plays on.
                            metrics.botFailed();
                            room.execute(() -> answered(room, turn, forVersion, null, e));
                            return;
                        }
                        metrics.botThought(System.nanoTime() - start);
                        room.execute(() -> answered(room, turn, forVersion, move, null));
                    });
        } catch (RejectedExecutionException e) {
            // A stopped pool: the server is going down.
            if (!(pool instanceof ExecutorService service && service.isShutdown())) {
                log.warn("room {} bot queue full, retrying", room.code());
                room.schedule(() -> turn(room), RETRY_NANOS);
            }
        }
    }

    /** The search's move, or its failure, comes back: played if the room has not changed since. */
    private static void answered(
            Room room,
            Seat mark,
            long forVersion,
            @Nullable BotMove move,
            @Nullable RuntimeException failure) {
        Occupant seat = room.core.seats.get(mark);
        if (forVersion != room.core.version || seat == null || !seat.botPlays() || room.closed) {
            log.debug(
                    "room {} dropped a bot move computed for version {} (now {})",
                    room.code(),
                    forVersion,
                    room.core.version);
        } else if (failure != null || move == null) {
            fallBack(room, mark, "search failed on\n" + room.core.match.board, failure);
        } else if (room.run(new Change.BotMoved(mark, move.cell())) instanceof Outcome.Refused r) {
            fallBack(
                    room,
                    mark,
                    "proposed an illegal move " + move.cell() + " (" + r.message() + ")",
                    null);
        }
    }

    /** The game goes on: the bot plays the lowest empty cell, logged once with any stack trace. */
    private static void fallBack(
            Room room, Seat mark, String why, @Nullable RuntimeException failure) {
        int[] empty = new int[room.core.match.board.rules().cells()];
        if (room.core.match.board.legalMoves(empty) == 0) {
            return;
        }
        log.error(
                "room {} bot {} {}; plays cell {} instead",
                room.code(),
                mark,
                why,
                empty[0],
                failure);
        room.run(new Change.BotMoved(mark, empty[0]));
    }

    @Override
    public void close() {
        if (pool instanceof ExecutorService service) {
            service.shutdownNow();
        }
    }
}
