package dev.tictactoe.server.room;

import dev.tictactoe.server.bot.Bot;
import dev.tictactoe.server.bot.BotMove;
import dev.tictactoe.server.bot.Level;
import dev.tictactoe.server.game.Board;
import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Runs bot searches on a small bounded pool of their own, never on a network loop. */
public final class BotRunner implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(BotRunner.class);

    private final Bot bot = new Bot();
    private final ThreadPoolExecutor pool;
    private final Duration budget;

    public BotRunner(int threads, int queue, Duration budget) {
        AtomicInteger ids = new AtomicInteger();
        this.pool = new ThreadPoolExecutor(threads, threads, 0, TimeUnit.SECONDS, new ArrayBlockingQueue<>(queue), task -> {
            Thread thread = new Thread(task, "bot-" + ids.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        this.budget = budget;
    }

    /**
     * Searches a copy of {@code board} and hands the move to {@code done} on the bot's thread;
     * returns false if the queue is full and the caller should try again later.
     */
    boolean think(Board board, Level level, long seed, Consumer<BotMove> done) {
        Board position = board.copy();
        try {
            pool.execute(() -> {
                try {
                    done.accept(bot.choose(position, level, budget, seed));
                } catch (RuntimeException e) {
                    log.error("bot search failed on\n{}", position, e);
                }
            });
            return true;
        } catch (RejectedExecutionException e) {
            // Full queue: the room retries. Stopped pool: the server is going down, nothing to retry.
            return pool.isShutdown();
        }
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
