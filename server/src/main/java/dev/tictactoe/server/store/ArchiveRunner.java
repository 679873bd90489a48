package dev.tictactoe.server.store;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Runs a {@link GameArchive}'s disk work on one thread of its own, so rooms and HTTP handlers on
 * the event loops only get futures, and sweeps out expired rooms at start and periodically. Tasks
 * run in submission order. Futures complete on the archive's thread: hop back to a loop if needed.
 */
public final class ArchiveRunner implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(ArchiveRunner.class);

    /** How often expired rooms are swept out. */
    public static final Duration DEFAULT_SWEEP_INTERVAL = Duration.ofHours(1);

    private final GameArchive archive;
    private final Predicate<String> live;
    private final ScheduledExecutorService thread;

    /**
     * Starts the thread and the sweeps; {@code live} says whether a room code is open right now.
     */
    public ArchiveRunner(GameArchive archive, Predicate<String> live, Duration sweepInterval) {
        this.archive = archive;
        this.live = live;
        this.thread =
                Executors.newSingleThreadScheduledExecutor(
                        Thread.ofPlatform().name("game-archive").daemon(true).factory());
        thread.scheduleWithFixedDelay(
                this::sweepQuietly, 0, sweepInterval.toMillis(), TimeUnit.MILLISECONDS);
    }

    public GameArchive archive() {
        return archive;
    }

    /** Stores a finished game's document. */
    public CompletableFuture<Void> store(String code, int game, byte[] json) {
        return store(code, game, () -> json);
    }

    /** Stores a finished game's document, which {@code json} makes on the archive's thread. */
    public CompletableFuture<Void> store(String code, int game, Supplier<byte[]> json) {
        return submit(
                () -> {
                    archive.write(code, game, json.get());
                    return null;
                });
    }

    /** Starts the retention clock of a room that is gone. */
    public CompletableFuture<Void> roomClosed(String code) {
        return submit(
                () -> {
                    archive.roomClosed(code);
                    return null;
                });
    }

    public CompletableFuture<List<Integer>> list(String code) {
        return submit(() -> archive.list(code));
    }

    public CompletableFuture<Optional<byte[]>> read(String code, int game) {
        return submit(() -> archive.read(code, game));
    }

    /** The documents of the room's newest {@code count} stored games, oldest first, in one task. */
    public CompletableFuture<List<byte[]>> latest(String code, int count) {
        return submit(() -> archive.latest(code, count));
    }

    /** Sweeps now; completes with the number of rooms pruned. */
    public CompletableFuture<Integer> sweep() {
        return submit(() -> archive.prune(live));
    }

    private void sweepQuietly() {
        try {
            archive.prune(live);
        } catch (IOException | RuntimeException e) {
            log.warn("game archive sweep failed: {}", e.toString());
        }
    }

    private void forceQuietly() {
        try {
            archive.forceAll();
        } catch (IOException | RuntimeException e) {
            log.warn("game archive: forcing the games to disk failed: {}", e.toString());
        }
    }

    interface IoTask<T> {
        T call() throws IOException;
    }

    private <T> CompletableFuture<T> submit(IoTask<T> task) {
        CompletableFuture<T> result = new CompletableFuture<>();
        try {
            thread.execute(
                    () -> {
                        try {
                            result.complete(task.call());
                        } catch (IOException e) {
                            result.completeExceptionally(new UncheckedIOException(e));
                        } catch (RuntimeException e) {
                            result.completeExceptionally(e);
                        }
                    });
        } catch (java.util.concurrent.RejectedExecutionException e) {
            result.completeExceptionally(new IllegalStateException("the game archive is closed"));
        }
        return result;
    }

    /** Finishes queued writes and forces every room's games, then stops the thread. */
    @Override
    public void close() throws InterruptedException {
        try {
            thread.execute(this::forceQuietly);
        } catch (java.util.concurrent.RejectedExecutionException e) {
            // closed already
        }
        thread.shutdown();
        if (!thread.awaitTermination(10, TimeUnit.SECONDS)) {
            log.warn("game archive: writes still pending after 10 s; stopping without them");
            thread.shutdownNow();
        }
    }
}
