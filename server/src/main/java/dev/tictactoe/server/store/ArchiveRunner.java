package dev.tictactoe.server.store;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Runs a {@link GameArchive}'s disk work on one thread of its own, so rooms and HTTP handlers on
 * the event loops only get futures, and sweeps out expired rooms at start and periodically. Tasks
 * run in submission order. Futures complete on the archive's thread: hop back to a loop if needed.
 */
public final class ArchiveRunner implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(ArchiveRunner.class);

    /**
     * How long finished games gather before they are written together: one wake-up of the archive's
     * thread per gathering, not per game. A process crash can take that many milliseconds of
     * finished games.
     */
    public static final Duration GATHER = Duration.ofMillis(20);

    /** How often expired rooms are swept out. */
    public static final Duration DEFAULT_SWEEP_INTERVAL = Duration.ofHours(1);

    private final GameArchive archive;
    private final Predicate<String> live;
    private final ScheduledExecutorService thread;
    private final Queue<Pending> gathering = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean drainScheduled = new AtomicBoolean();
    private final YieldPacer pacer = new YieldPacer();

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

    /**
     * Stores a finished game's document, which {@code json} makes on the archive's thread. Games
     * gather for {@link #GATHER} and are written together; every other task writes what gathered
     * first, so a read sees every game stored before it.
     */
    public CompletableFuture<Void> store(String code, int game, Supplier<byte[]> json) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        gathering.add(new Pending(code, game, json, done));
        if (drainScheduled.compareAndSet(false, true)) {
            scheduleGathering();
        }
        return done;
    }

    private void scheduleGathering() {
        try {
            thread.schedule(this::gathered, GATHER.toNanos(), TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException e) {
            writeGatheredAsClosed();
        }
    }

    /**
     * A gathering is over: writes it, and while games keep coming looks again one gathering later,
     * woken by its own clock. Scheduling from here wakes nobody; a room scheduling the next
     * gathering from its loop woke this thread once more per gathering, to wait again.
     */
    private void gathered() {
        if (writeGathered()) {
            scheduleGathering();
            return;
        }
        drainScheduled.set(false);
        // A game added after the last look, while a gathering still seemed scheduled, is not left.
        if (!gathering.isEmpty() && drainScheduled.compareAndSet(false, true)) {
            scheduleGathering();
        }
    }

    private record Pending(
            String code, int game, Supplier<byte[]> json, CompletableFuture<Void> done) {}

    /**
     * Writes the games that gathered, on the archive's thread: each room's games with one write. A
     * game whose document cannot be made fails alone. Whether there were any.
     */
    private boolean writeGathered() {
        Map<String, List<Pending>> byRoom = new LinkedHashMap<>();
        Pending p;
        while ((p = gathering.poll()) != null) {
            byRoom.computeIfAbsent(p.code(), code -> new ArrayList<>()).add(p);
        }
        byRoom.forEach(this::write);
        return !byRoom.isEmpty();
    }

    private void write(String code, List<Pending> games) {
        List<GameArchive.StoredGame> made = new ArrayList<>(games.size());
        List<Pending> written = new ArrayList<>(games.size());
        for (Pending game : games) {
            // On a core shared with the event loops, a move that arrived meanwhile goes first, not
            // after the whole gathering.
            pacer.pace();
            try {
                made.add(new GameArchive.StoredGame(game.game(), game.json().get()));
                written.add(game);
            } catch (RuntimeException e) {
                game.done().completeExceptionally(e);
            }
        }
        if (written.isEmpty()) {
            return;
        }
        try {
            archive.write(code, made);
            written.forEach(game -> game.done().complete(null));
        } catch (IOException e) {
            written.forEach(game -> game.done().completeExceptionally(new UncheckedIOException(e)));
        } catch (RuntimeException e) {
            written.forEach(game -> game.done().completeExceptionally(e));
        }
    }

    /** Fails the games that gathered after the thread stopped. */
    private void writeGatheredAsClosed() {
        drainScheduled.set(false);
        Pending p;
        while ((p = gathering.poll()) != null) {
            p.done().completeExceptionally(new IllegalStateException("the game archive is closed"));
        }
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
        writeGathered();
        try {
            archive.prune(live);
        } catch (IOException | RuntimeException e) {
            log.warn("game archive sweep failed: {}", e.toString());
        }
    }

    private void forceQuietly() {
        writeGathered();
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
                            writeGathered();
                            result.complete(task.call());
                        } catch (IOException e) {
                            result.completeExceptionally(new UncheckedIOException(e));
                        } catch (RuntimeException e) {
                            result.completeExceptionally(e);
                        }
                    });
        } catch (RejectedExecutionException e) {
            result.completeExceptionally(new IllegalStateException("the game archive is closed"));
        }
        return result;
    }

    /** Finishes queued writes and forces every room's games, then stops the thread. */
    @Override
    public void close() throws InterruptedException {
        try {
            thread.execute(this::forceQuietly);
        } catch (RejectedExecutionException e) {
            // closed already
        }
        thread.shutdown();
        if (!thread.awaitTermination(10, TimeUnit.SECONDS)) {
            log.warn("game archive: writes still pending after 10 s; stopping without them");
            thread.shutdownNow();
        }
        writeGatheredAsClosed();
    }
}
