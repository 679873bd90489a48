package dev.tictactoe.server.store;

import dev.tictactoe.server.metrics.JournalMeters;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongConsumer;
import java.util.function.Supplier;

/**
 * The data directory: rooms' commands and checkpoints and finished games in one SQLite database,
 * {@code rooms.db}, held by this process alone. Writes never block (rooms call them on their event
 * loops) and are refused, as values, when the writer cannot take more; reads complete off the
 * caller's thread, after every write queued before them.
 */
public final class Store implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(Store.class);

    /** Where the data lives unless told otherwise: {@code ./data}. */
    public static final Path DEFAULT_DATA_DIR = Path.of("data");

    /** How long {@link #close} waits for the writer to drain before it drops what is left. */
    static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(10);

    /**
     * Settings: the durability policy; the writer's queue (writes in flight); how long a gone
     * room's games stay; the most games kept per room; how often expired games are swept; the first
     * and the longest wait between retries of a failed commit.
     */
    public record Options(
            DurabilityPolicy policy,
            int queueCapacity,
            Duration retention,
            int maxGamesPerRoom,
            Duration sweepInterval,
            Duration retryBackoff,
            Duration maxRetryBackoff) {

        public static final int DEFAULT_QUEUE_CAPACITY = 65_536;
        public static final Duration DEFAULT_RETENTION = Duration.ofDays(7);
        public static final int DEFAULT_MAX_GAMES_PER_ROOM = 1_000;
        public static final Duration DEFAULT_SWEEP_INTERVAL = Duration.ofHours(1);
        public static final Duration DEFAULT_RETRY_BACKOFF = Duration.ofMillis(50);
        public static final Duration DEFAULT_MAX_RETRY_BACKOFF = Duration.ofSeconds(5);

        public Options {
            if (queueCapacity < 1 || maxGamesPerRoom < 1) {
                throw new IllegalArgumentException("store sizes must be positive");
            }
        }

        public static Options defaults() {
            return new Options(
                    DurabilityPolicy.DEFAULT,
                    DEFAULT_QUEUE_CAPACITY,
                    DEFAULT_RETENTION,
                    DEFAULT_MAX_GAMES_PER_ROOM,
                    DEFAULT_SWEEP_INTERVAL,
                    DEFAULT_RETRY_BACKOFF,
                    DEFAULT_MAX_RETRY_BACKOFF);
        }

        public Options withPolicy(DurabilityPolicy p) {
            return new Options(
                    p,
                    queueCapacity,
                    retention,
                    maxGamesPerRoom,
                    sweepInterval,
                    retryBackoff,
                    maxRetryBackoff);
        }

        public Options withRetention(Duration r) {
            return new Options(
                    policy,
                    queueCapacity,
                    r,
                    maxGamesPerRoom,
                    sweepInterval,
                    retryBackoff,
                    maxRetryBackoff);
        }

        public Options withLimits(int queue, int maxGames) {
            return new Options(
                    policy,
                    queue,
                    retention,
                    maxGames,
                    sweepInterval,
                    retryBackoff,
                    maxRetryBackoff);
        }

        public Options withRetryBackoff(Duration first, Duration max) {
            return new Options(
                    policy, queueCapacity, retention, maxGamesPerRoom, sweepInterval, first, max);
        }
    }

    /** A room found at start: its newest checkpoint and the commands after it, in order. */
    public record Room(long version, byte[] checkpoint, List<Command> commands) {}

    /** One stored command: the version it made and its record. */
    public record Command(long version, byte[] record) {}

    private final DataDir dir;
    private final Options options;
    private final BlockingQueue<StoreWriter.Item> queue;
    private final StoreHealth health;
    private final StoreWriter writer;
    private final Thread thread;
    private final Clock clock;
    private final Map<String, Room> recovered;
    private volatile boolean closed;
    private volatile JournalMeters meters = JournalMeters.NONE;

    private Store(
            DataDir dir,
            Options options,
            BlockingQueue<StoreWriter.Item> queue,
            StoreHealth health,
            StoreWriter writer,
            Clock clock,
            Map<String, Room> recovered) {
        this.dir = dir;
        this.options = options;
        this.queue = queue;
        this.health = health;
        this.writer = writer;
        this.clock = clock;
        this.recovered = recovered;
        this.thread = Thread.ofPlatform().name("store-writer").daemon(true).unstarted(writer);
    }

    /**
     * Locks {@code dataDir} (created if missing), opens its database and reads back its rooms.
     * Throws {@link DataDirException} for a directory this server must not use.
     */
    public static Store open(Path dataDir, Options options) throws IOException {
        return open(dataDir, options, Clock.systemUTC());
    }

    /**
     * Checks that {@code dataDir} could be opened now (not held by another server, not in an older
     * format) without keeping it, so a start can refuse before it spends time warming up.
     */
    public static void probe(Path dataDir) throws IOException {
        DataDir.lock(dataDir).close();
    }

    static Store open(Path dataDir, Options options, Clock clock) throws IOException {
        DataDir dir = DataDir.lock(dataDir);
        Connection db = null;
        try {
            Path file = dataDir.resolve(DataDir.DATABASE);
            db = Schema.open(file, options.policy());
            Map<String, Room> rooms = recover(db, clock.millis(), options.retention());
            BlockingQueue<StoreWriter.Item> queue =
                    new ArrayBlockingQueue<>(options.queueCapacity());
            StoreHealth health = new StoreHealth("store " + file);
            Store store =
                    new Store(
                            dir,
                            options,
                            queue,
                            health,
                            new StoreWriter(db, options, queue, health, clock),
                            clock,
                            rooms);
            store.thread.start();
            log.info(
                    "store {}: {} rooms recovered, durability {}",
                    file,
                    rooms.size(),
                    options.policy().spelled());
            return store;
        } catch (SQLException e) {
            Schema.closeQuietly(db);
            dir.close();
            throw new DataDirException(dataDir + " cannot be read: " + e.getMessage());
        } catch (IOException | RuntimeException e) {
            Schema.closeQuietly(db);
            dir.close();
            throw e;
        }
    }

    /**
     * The rooms with a checkpoint; games of rooms that went without saying so (their close was
     * lost) start their retention now, and expired games go.
     */
    private static Map<String, Room> recover(Connection db, long now, Duration retention)
            throws SQLException {
        Map<String, Room> rooms = Schema.read(db);
        try (PreparedStatement orphans =
                db.prepareStatement(
                        "UPDATE games SET kept_until = ? WHERE kept_until IS NULL AND room NOT IN"
                                + " (SELECT room FROM checkpoints)")) {
            orphans.setLong(1, now + retention.toMillis());
            orphans.executeUpdate();
        }
        StoreWriter.sweep(db, now);
        return rooms;
    }

    /** The rooms found at start, by code (read only). */
    public Map<String, Room> recovered() {
        return recovered;
    }

    public DurabilityPolicy policy() {
        return options.policy();
    }

    // ---- writes: never block ----

    /**
     * Queues command {@code version} of {@code room}; {@code kind} is the room's number for it.
     * {@code onDurable}, if not null, hears on the writer's thread once it is committed, with the
     * newest version of the batch: pass the same one for all of a room's commands.
     */
    public AppendResult command(
            String room, long version, int kind, byte[] record, LongConsumer onDurable) {
        return offer(new StoreWriter.Command(room, version, kind, record, onDurable));
    }

    /**
     * Queues the room's whole state at {@code version}, made by {@code state} on the writer's
     * thread; once committed it replaces the room's commands up to that version. A state that
     * cannot be made is dropped with one error line: the commands before it stand in.
     */
    public AppendResult checkpoint(String room, long version, Supplier<byte[]> state) {
        return offer(new StoreWriter.Checkpoint(room, version, state));
    }

    /** Queues finished game {@code game} of {@code room}, its document made on the writer. */
    public AppendResult game(String room, int game, Supplier<byte[]> document) {
        return offer(new StoreWriter.Game(room, game, clock.millis(), document));
    }

    /** The room is gone: its commands and checkpoint go; its games stay the retention period. */
    public AppendResult closeRoom(String room) {
        return offer(new StoreWriter.Closed(room, clock.millis()));
    }

    private AppendResult offer(StoreWriter.Item item) {
        AppendResult result = tryOffer(item);
        if (result instanceof AppendResult.Refused refused) {
            meters.refused(refused.reason().name().toLowerCase(Locale.ROOT));
        }
        return result;
    }

    private AppendResult tryOffer(StoreWriter.Item item) {
        if (closed) {
            return new AppendResult.Refused(AppendResult.Reason.CLOSED, "the store is closed");
        }
        String error = health.lastError();
        if (error != null) {
            return new AppendResult.Refused(
                    AppendResult.Reason.FAILING, "the store cannot write: " + error);
        }
        if (!queue.offer(item)) {
            return new AppendResult.Refused(
                    AppendResult.Reason.QUEUE_FULL,
                    "the store has " + queue.size() + " writes waiting for the disk");
        }
        return AppendResult.ACCEPTED;
    }

    // ---- reads: complete on the writer's thread ----

    /** The numbers of the room's kept games, ascending; empty for an unknown room. */
    public CompletableFuture<List<Integer>> gameNumbers(String room) {
        return task(
                db -> {
                    try (PreparedStatement s =
                            db.prepareStatement(
                                    "SELECT game FROM games WHERE room = ? ORDER BY game")) {
                        s.setString(1, room);
                        List<Integer> games = new ArrayList<>();
                        try (ResultSet r = s.executeQuery()) {
                            while (r.next()) {
                                games.add(r.getInt(1));
                            }
                        }
                        return games;
                    }
                });
    }

    /** The document of game {@code game} of {@code room}, if kept. */
    public CompletableFuture<Optional<byte[]>> game(String room, int game) {
        return task(
                db -> {
                    try (PreparedStatement s =
                            db.prepareStatement(
                                    "SELECT document FROM games WHERE room = ? AND game = ?")) {
                        s.setString(1, room);
                        s.setInt(2, game);
                        try (ResultSet r = s.executeQuery()) {
                            return r.next() ? Optional.of(r.getBytes(1)) : Optional.empty();
                        }
                    }
                });
    }

    /** The documents of the room's newest {@code count} kept games, oldest first. */
    public CompletableFuture<List<byte[]>> latestGames(String room, int count) {
        return task(
                db -> {
                    try (PreparedStatement s =
                            db.prepareStatement(
                                    "SELECT document FROM (SELECT game, document FROM games WHERE"
                                            + " room = ? ORDER BY game DESC LIMIT ?) ORDER BY"
                                            + " game")) {
                        s.setString(1, room);
                        s.setInt(2, count);
                        List<byte[]> games = new ArrayList<>();
                        try (ResultSet r = s.executeQuery()) {
                            while (r.next()) {
                                games.add(r.getBytes(1));
                            }
                        }
                        return games;
                    }
                });
    }

    /** Deletes expired games now; completes with how many went. */
    public CompletableFuture<Integer> sweep() {
        return task(db -> StoreWriter.sweep(db, clock.millis()));
    }

    /** Completes once everything queued before it is committed. */
    public CompletableFuture<Void> flush() {
        return task(db -> null);
    }

    /** Runs {@code query} on the writer's connection after the writes queued before it. */
    <T> CompletableFuture<T> task(StoreWriter.Query query) {
        CompletableFuture<Object> done = new CompletableFuture<>();
        if (closed) {
            done.completeExceptionally(new IllegalStateException("the store is closed"));
        } else if (!queue.offer(new StoreWriter.Task(query, done, false))) {
            done.completeExceptionally(new IllegalStateException("the store's queue is full"));
        } else {
            LockSupport.unpark(thread);
        }
        @SuppressWarnings("unchecked")
        CompletableFuture<T> typed = (CompletableFuture<T>) done;
        return typed;
    }

    /** Runs {@code hook} on the writer's connection before every commit (tests: a failing disk). */
    void beforeCommit(StoreWriter.Query hook) {
        writer.beforeCommit(hook);
    }

    // ---- health and measures ----

    /** False while commits fail (disk full, I/O error); see {@link #problem}. */
    public boolean healthy() {
        return health.healthy();
    }

    /** What is failing, in one line for a readiness check, or null when healthy. */
    public String problem() {
        return health.lastError();
    }

    /** Where refused writes and each batch's time to its commit are reported. */
    public void meterWith(JournalMeters meters) {
        this.meters = meters;
        writer.meterWith(meters);
    }

    /** Writes waiting for the writer. */
    public int queued() {
        return queue.size();
    }

    /** Transactions committed so far. */
    public long commits() {
        return writer.commits();
    }

    /** Writes committed so far (commands, checkpoints, games, closes). */
    public long committedWrites() {
        return writer.committed();
    }

    /** Time spent in commits so far, in nanoseconds, syncs included. */
    public long commitNanos() {
        return writer.commitNanos();
    }

    /**
     * Drains: commits everything queued, then stops the writer and releases the directory. If the
     * disk is failing, waits {@link #CLOSE_TIMEOUT} and then drops what is left, with one error
     * line.
     */
    @Override
    public void close() throws InterruptedException {
        if (closed) {
            return;
        }
        closed = true;
        CompletableFuture<Object> done = new CompletableFuture<>();
        StoreWriter.Task stop = new StoreWriter.Task(db -> null, done, true);
        if (!queue.offer(stop, CLOSE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
            writer.giveUp();
            queue.put(stop);
        }
        LockSupport.unpark(thread);
        try {
            done.get(CLOSE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException | ExecutionException e) {
            writer.giveUp();
        }
        thread.join();
        try {
            dir.close();
        } catch (IOException e) {
            log.warn("releasing the data directory's lock: {}", e.toString());
        }
    }
}
