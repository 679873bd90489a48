package dev.tictactoe.server.store;

import dev.tictactoe.server.metrics.JournalMeters;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongConsumer;
import java.util.function.Supplier;

/** The data directory's database: writes never block and are refused as values. */
public final class Store implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(Store.class);

    /** How long {@link #close} waits for a failing disk before it drops what is left. */
    static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(10);

    /** The writes waiting at most: past them the disk is slower than the rooms. */
    static final int QUEUE_CAPACITY = 65_536;

    /** A room found at start: its newest checkpoint and the commands after it, in order. */
    public record Room(long version, byte[] checkpoint, List<Command> commands) {}

    public record Command(String room, long version, byte[] record) {}

    private final FileChannel dir;
    private final DurabilityPolicy policy;
    private final Duration retention;
    private final BlockingQueue<Item> queue;
    private final StoreWriter writer;
    private final Thread thread;
    private final Clock clock;
    private final Map<String, Room> recovered;
    private volatile boolean closed;

    /** A failing disk is logged once, not once per write. */
    private final AtomicBoolean refusing = new AtomicBoolean();

    private Store(
            FileChannel dir,
            Path file,
            Schema db,
            DurabilityPolicy policy,
            Duration retention,
            Clock clock)
            throws SQLException {
        this.dir = dir;
        this.policy = policy;
        this.retention = retention;
        this.clock = clock;
        this.recovered = db.recover(clock.millis() + retention.toMillis());
        db.sweep(clock.millis());
        this.queue = new ArrayBlockingQueue<>(QUEUE_CAPACITY);
        this.writer = new StoreWriter(db, policy.gather(), queue, "store " + file, clock);
        this.thread = Thread.ofPlatform().name("store-writer").daemon(true).unstarted(writer);
    }

    /** Opens the settings' data directory, which is not null. */
    public static Store open(StoreSettings settings) throws IOException {
        return open(settings, Clock.systemUTC());
    }

    /** Checks that {@code dataDir} could be opened now, so a start refuses before building. */
    public static void probe(Path dataDir) throws IOException {
        DataDir.lock(dataDir).close();
    }

    static Store open(StoreSettings settings, Clock clock) throws IOException {
        Path dataDir = Objects.requireNonNull(settings.dataDir());
        FileChannel dir = DataDir.lock(dataDir);
        Schema db = null;
        try {
            Path file = dataDir.resolve(DataDir.DATABASE);
            DurabilityPolicy policy = DurabilityPolicy.parse(settings.durability());
            db = Schema.open(file, policy);
            Store store = new Store(dir, file, db, policy, settings.gameRetention(), clock);
            store.thread.start();
            log.info(
                    "store {}: {} rooms recovered, durability {}",
                    file,
                    store.recovered.size(),
                    store.policy.spelled());
            return store;
        } catch (SQLException e) {
            close(db, dir);
            throw new DataDirException(dataDir + " cannot be read: " + e.getMessage());
        } catch (IOException | RuntimeException e) {
            close(db, dir);
            throw e;
        }
    }

    private static void close(@Nullable Schema db, FileChannel dir) throws IOException {
        if (db != null) {
            db.close();
        }
        dir.close();
    }

    public Map<String, Room> recovered() {
        return recovered;
    }

    public DurabilityPolicy policy() {
        return policy;
    }

    /** {@code onDurable}, if given, hears on the writer once the batch is committed. */
    public AppendResult command(
            String room, long version, byte[] record, @Nullable LongConsumer onDurable) {
        return offer(room, new Item.Command(room, version, record, onDurable));
    }

    /** The room's whole state, made on the writer, replaces the commands up to {@code version}. */
    public AppendResult checkpoint(String room, long version, Supplier<byte[]> state) {
        return offer(room, new Item.Checkpoint(room, version, clock.millis(), state));
    }

    public AppendResult game(String room, int game, Supplier<byte[]> document) {
        return offer(room, new Item.Game(room, game, clock.millis(), document));
    }

    /** Its commands and checkpoint go; its games stay the retention period. */
    public AppendResult closeRoom(String room) {
        return offer(room, new Item.Closed(room, clock.millis() + retention.toMillis()));
    }

    /** A refused write is logged once until writes are taken again; rooms play on meanwhile. */
    private AppendResult offer(String room, Item item) {
        AppendResult result =
                closed
                        ? AppendResult.CLOSED
                        : writer.lastError != null
                                ? AppendResult.FAILING
                                : queue.offer(item)
                                        ? AppendResult.ACCEPTED
                                        : AppendResult.QUEUE_FULL;
        if (!result.accepted()) {
            writer.meters.refused(result.name().toLowerCase(Locale.ROOT));
            if (refusing.compareAndSet(false, true)) {
                log.error(
                        "room {}: the store refused a change ({}), rooms play on in memory: {}",
                        room,
                        result,
                        problem());
            }
        } else if (refusing.get() && refusing.compareAndSet(true, false)) {
            log.info(
                    "room {}: the store takes changes again; a room that missed some writes its"
                            + " whole state next",
                    room);
        }
        return result;
    }

    /** Ascending; empty for an unknown room. */
    public CompletableFuture<List<Integer>> gameNumbers(String room) {
        return task(db -> db.gameNumbers(room));
    }

    public CompletableFuture<Optional<byte[]>> game(String room, int game) {
        return task(db -> db.game(room, game).stream().findFirst());
    }

    /** The newest {@code count} kept games, oldest first. */
    public CompletableFuture<List<byte[]>> latestGames(String room, int count) {
        return task(db -> db.latestGames(room, count));
    }

    public CompletableFuture<Void> flush() {
        return task(db -> null);
    }

    <T> CompletableFuture<T> task(Item.Query query) {
        CompletableFuture<@Nullable Object> done = new CompletableFuture<>();
        if (closed) {
            done.completeExceptionally(new IllegalStateException("the store is closed"));
        } else if (!queue.offer(new Item.Task(query, done, false))) {
            done.completeExceptionally(new IllegalStateException("the store's queue is full"));
        } else {
            LockSupport.unpark(thread);
        }
        @SuppressWarnings("unchecked")
        CompletableFuture<T> typed = (CompletableFuture<T>) done;
        return typed;
    }

    /** Tests: a failing disk. */
    void beforeCommit(Item.Query hook) {
        writer.beforeCommit = hook;
    }

    /** What is failing, in one line for a readiness check; null when healthy. */
    public @Nullable String problem() {
        return writer.lastError;
    }

    public void meterWith(JournalMeters meters) {
        writer.meters = meters;
    }

    public int queued() {
        return queue.size();
    }

    /** Commits everything queued, stops the writer and releases the directory. */
    @Override
    public void close() throws InterruptedException {
        if (closed) {
            return;
        }
        closed = true;
        CompletableFuture<@Nullable Object> done = new CompletableFuture<>();
        Item.Task stop = new Item.Task(db -> null, done, true);
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
