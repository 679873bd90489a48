package dev.tictactoe.server.room;

import dev.tictactoe.server.bot.Bot;
import dev.tictactoe.server.bot.BotMove;
import dev.tictactoe.server.bot.Level;
import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.metrics.ServerMetrics;

import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;

/** Runs bot searches on a small bounded pool of their own, never on a network loop. */
public final class BotRunner implements AutoCloseable {

    /** How a move is chosen; the bot engine's own search unless a test stands in for it. */
    interface Search {
        BotMove choose(Board board, Level level, Duration budget, long seed);
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
    private volatile @Nullable ServerMetrics metrics;

    public BotRunner(int threads, int queue, Duration budget) {
        this(threads, queue, budget, null);
    }

    /** Searches for {@code budget}, or for {@code nodes} positions when given. */
    public BotRunner(int threads, int queue, Duration budget, @Nullable Long nodes) {
        this(pool(threads, queue), budget, nodes == null ? BOT : byNodes(nodes));
    }

    public int queued() {
        return pool instanceof ThreadPoolExecutor executor ? executor.getQueue().size() : 0;
    }

    /** Where think times and failures are counted; none until the server gives one. */
    public void measureWith(ServerMetrics metrics) {
        this.metrics = metrics;
    }

    /** Searches with {@code search} on {@code pool}; tests pass ones they run by hand. */
    BotRunner(Executor pool, Duration budget, Search search) {
        this.pool = pool;
        this.budget = budget;
        this.search = search;
    }

    private static ThreadPoolExecutor pool(int threads, int queue) {
        AtomicInteger ids = new AtomicInteger();
        return new ThreadPoolExecutor(
                threads,
                threads,
                0,
                TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(queue),
                task -> {
                    Thread thread = new Thread(task, "bot-" + ids.incrementAndGet());
                    thread.setDaemon(true);
                    return thread;
                });
    }

    /**
     * Searches a copy of {@code board} and hands {@code done} the move, or the search's failure, on
     * the bot's thread; false if the queue is full and the caller should retry.
     */
    boolean think(
            Board board,
            Level level,
            long seed,
            BiConsumer<@Nullable BotMove, @Nullable RuntimeException> done) {
        Board position = board.copy();
        try {
            pool.execute(
                    () -> {
                        long start = System.nanoTime();
                        ServerMetrics measured = metrics;
                        BotMove move;
                        try {
                            move = search.choose(position, level, budget, seed);
                        } catch (RuntimeException e) {
                            // A bug in the search: the room logs it once and plays on.
                            if (measured != null) {
                                measured.botFailed();
                            }
                            done.accept(null, e);
                            return;
                        }
                        if (measured != null) {
                            measured.botThought(System.nanoTime() - start);
                        }
                        done.accept(move, null);
                    });
            return true;
        } catch (RejectedExecutionException e) {
            // Full queue: the room retries. Stopped pool: the server is going down.
            return pool instanceof ExecutorService service && service.isShutdown();
        }
    }

    @Override
    public void close() {
        if (pool instanceof ExecutorService service) {
            service.shutdownNow();
        }
    }
}
