package dev.tictactoe.server.store;

import dev.tictactoe.server.metrics.JournalMeters;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongConsumer;
import java.util.function.Supplier;

/**
 * The store's one writer thread and the one owner of the database connection: takes everything
 * queued (under {@code group} and {@code none}, what gathered for {@link DurabilityPolicy#GATHER}),
 * writes it in one transaction, tells the rooms waiting for it, then runs the reads and other tasks
 * that were queued among the writes. A failed commit is rolled back and retried with backoff; the
 * batch stays in hand meanwhile, so nothing accepted is skipped.
 */
final class StoreWriter implements Runnable {

    private static final Logger log = LoggerFactory.getLogger(StoreWriter.class);

    /** The most queue entries taken into one transaction. */
    static final int MAX_BATCH = 4096;

    /** What rooms and readers hand the writer. */
    sealed interface Item permits Command, Checkpoint, Game, Closed, Task {}

    /** An accepted command; {@code onDurable}, if any, hears once it is committed. */
    record Command(String room, long version, int kind, byte[] record, LongConsumer onDurable)
            implements Item {}

    /** A room's whole state, made here by {@code state}: it replaces the commands up to it. */
    record Checkpoint(String room, long version, Supplier<byte[]> state) implements Item {}

    /** A finished game's document, made here by {@code document}. */
    record Game(String room, int game, long endedAt, Supplier<byte[]> document) implements Item {}

    /** The room is gone: its commands and checkpoint go, its games start their retention. */
    record Closed(String room, long at) implements Item {}

    /** Work on the database once everything queued before it is committed. */
    record Task(Query query, CompletableFuture<Object> done, boolean stop) implements Item {}

    /** A read or a sweep, run on the writer's connection. */
    interface Query {
        Object run(Connection db) throws SQLException;
    }

    private final Connection db;
    private final Store.Options options;
    private final BlockingQueue<Item> queue;
    private final StoreHealth health;
    private final Clock clock;
    private final CountDownLatch giveUp = new CountDownLatch(1);
    private final long groupNanos;
    private final long gatherNanos;
    private final PreparedStatement insertCommand;
    private final PreparedStatement putCheckpoint;
    private final PreparedStatement dropCommandsTo;
    private final PreparedStatement insertGame;
    private final PreparedStatement trimGames;
    private final PreparedStatement dropCommands;
    private final PreparedStatement dropCheckpoint;
    private final PreparedStatement expireGames;

    private final List<Item> items = new ArrayList<>();
    private final List<Write> writes = new ArrayList<>();
    private final Map<LongConsumer, Long> durable = new IdentityHashMap<>();
    private long forceDue = Long.MAX_VALUE;
    private long sweepDue;
    private boolean backlog;
    private boolean busy;
    private boolean syncFull = true;
    private boolean gaveUp;

    // Read by metrics on other threads: plain counters, written by this thread only.
    private volatile long commits;
    private volatile long committed;
    private volatile long commitNanos;
    private long firstAt;
    private volatile JournalMeters meters = JournalMeters.NONE;

    /** A write item with the bytes it stores, made once before the first try. */
    private record Write(Item item, byte[] bytes) {}

    StoreWriter(
            Connection db,
            Store.Options options,
            BlockingQueue<Item> queue,
            StoreHealth health,
            Clock clock)
            throws SQLException {
        this.db = db;
        this.options = options;
        this.queue = queue;
        this.health = health;
        this.clock = clock;
        this.groupNanos =
                options.policy() instanceof DurabilityPolicy.GroupCommit g
                        ? g.interval().toNanos()
                        : 0;
        this.gatherNanos =
                options.policy() instanceof DurabilityPolicy.FsyncEach
                        ? 0
                        : DurabilityPolicy.GATHER.toNanos();
        this.sweepDue = System.nanoTime() + options.sweepInterval().toNanos();
        insertCommand =
                db.prepareStatement(
                        "INSERT OR REPLACE INTO commands (room, version, kind, record)"
                                + " VALUES (?, ?, ?, ?)");
        putCheckpoint =
                db.prepareStatement(
                        "INSERT OR REPLACE INTO checkpoints (room, version, state) VALUES (?, ?,"
                                + " ?)");
        dropCommandsTo =
                db.prepareStatement("DELETE FROM commands WHERE room = ? AND version <= ?");
        insertGame =
                db.prepareStatement(
                        "INSERT OR REPLACE INTO games (room, game, ended_at, kept_until, document)"
                                + " VALUES (?, ?, ?, NULL, ?)");
        trimGames = db.prepareStatement("DELETE FROM games WHERE room = ? AND game <= ?");
        dropCommands = db.prepareStatement("DELETE FROM commands WHERE room = ?");
        dropCheckpoint = db.prepareStatement("DELETE FROM checkpoints WHERE room = ?");
        expireGames = db.prepareStatement("UPDATE games SET kept_until = ? WHERE room = ?");
    }

    /** Run before every commit, on this thread; tests put a failing or stalling disk here. */
    private volatile Query beforeCommit;

    void beforeCommit(Query hook) {
        beforeCommit = hook;
    }

    /** Makes a writer stuck on a failing disk drop what it holds and stop. */
    void giveUp() {
        giveUp.countDown();
    }

    long commits() {
        return commits;
    }

    /** Where each batch's time from its first write's arrival to its commit is reported. */
    void meterWith(JournalMeters meters) {
        this.meters = meters;
    }

    long committed() {
        return committed;
    }

    long commitNanos() {
        return commitNanos;
    }

    @Override
    public void run() {
        try {
            while (batch()) {
                // one transaction per turn
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            // A bug, not the disk: refuse every later write rather than queue them for nobody.
            log.error("store writer stopped", e);
            health.failed("the store writer stopped", e);
        } finally {
            stop();
        }
    }

    /** Takes one batch, commits it, runs its tasks; false once told to stop or to give up. */
    private boolean batch() throws InterruptedException {
        items.clear();
        writes.clear();
        Item first = take();
        if (first != null) {
            items.add(first);
            backlog = queue.drainTo(items, MAX_BATCH - 1) == MAX_BATCH - 1;
        }
        for (Item item : items) {
            if (!(item instanceof Task)) {
                Write w = prepare(item);
                if (w != null) {
                    writes.add(w);
                }
            }
        }
        if (!writes.isEmpty()) {
            if (!retrying("committing", this::commit)) {
                return false;
            }
            meters.durable(firstAt);
        }
        tellDurable();
        if (writes.isEmpty() && forceDue <= System.nanoTime()) {
            retrying("syncing the WAL", this::syncWal);
        }
        if (sweepDue <= System.nanoTime()) {
            sweepDue = System.nanoTime() + options.sweepInterval().toNanos();
            sweepQuietly();
        }
        for (Item item : items) {
            if (item instanceof Task t) {
                if (t.stop()) {
                    t.done().complete(null);
                    return false;
                }
                run(t);
            }
        }
        return true;
    }

    /**
     * The next item, or null when a timer (the group's fsync, the sweep) is due first. Under a
     * group commit a busy writer sleeps a gathering and looks again, so records coming meanwhile
     * wake nobody; a task cuts the sleep short ({@link Store} unparks this thread).
     */
    private Item take() throws InterruptedException {
        if (backlog) {
            firstAt = System.nanoTime();
            return queue.poll();
        }
        long now = System.nanoTime();
        firstAt = now;
        long wake = Math.max(0, Math.min(forceDue, sweepDue) - now);
        if (busy && gatherNanos > 0) {
            LockSupport.parkNanos(this, Math.min(gatherNanos, wake));
            Item next = queue.poll();
            busy = next != null;
            return next;
        }
        Item next = queue.poll(wake, TimeUnit.NANOSECONDS);
        firstAt = System.nanoTime();
        busy = next != null;
        if (next != null && gatherNanos > 0 && !(next instanceof Task)) {
            LockSupport.parkNanos(this, gatherNanos);
        }
        return next;
    }

    /** The bytes of a write, its supplier called now; null (and one error line) if it fails. */
    private Write prepare(Item item) {
        try {
            return switch (item) {
                case Command c -> new Write(c, c.record());
                case Checkpoint c -> new Write(c, c.state().get());
                case Game g -> new Write(g, g.document().get());
                case Closed c -> new Write(c, null);
                case Task t -> null;
            };
        } catch (RuntimeException e) {
            log.error(
                    "store: dropped a {} that could not be made",
                    item.getClass().getSimpleName(),
                    e);
            return null;
        }
    }

    /** Writes the batch in one transaction, synced as the policy says. */
    private void commit() throws SQLException {
        Query hook = beforeCommit;
        if (hook != null) {
            hook.run(db);
        }
        long started = System.nanoTime();
        boolean full =
                options.policy() instanceof DurabilityPolicy.FsyncEach
                        || (groupNanos > 0 && started >= forceDue);
        if (!(options.policy() instanceof DurabilityPolicy.None) && full != syncFull) {
            execute("PRAGMA synchronous = " + (full ? "FULL" : "NORMAL"));
            syncFull = full;
        }
        execute("BEGIN");
        try {
            for (Write w : writes) {
                apply(w);
            }
            execute("COMMIT");
        } catch (SQLException e) {
            try {
                execute("ROLLBACK");
            } catch (SQLException ignored) {
                // the commit's own error says what is wrong
            }
            throw e;
        }
        if (groupNanos > 0) {
            forceDue = full ? Long.MAX_VALUE : Math.min(forceDue, started + groupNanos);
        }
        commits++;
        committed += writes.size();
        commitNanos += System.nanoTime() - started;
    }

    private void apply(Write w) throws SQLException {
        switch (w.item()) {
            case Command c -> {
                insertCommand.setString(1, c.room());
                insertCommand.setLong(2, c.version());
                insertCommand.setInt(3, c.kind());
                insertCommand.setBytes(4, w.bytes());
                insertCommand.executeUpdate();
            }
            case Checkpoint c -> {
                putCheckpoint.setString(1, c.room());
                putCheckpoint.setLong(2, c.version());
                putCheckpoint.setString(3, new String(w.bytes(), StandardCharsets.UTF_8));
                putCheckpoint.executeUpdate();
                dropCommandsTo.setString(1, c.room());
                dropCommandsTo.setLong(2, c.version());
                dropCommandsTo.executeUpdate();
            }
            case Game g -> {
                insertGame.setString(1, g.room());
                insertGame.setInt(2, g.game());
                insertGame.setLong(3, g.endedAt());
                insertGame.setString(4, new String(w.bytes(), StandardCharsets.UTF_8));
                insertGame.executeUpdate();
                if (g.game() > options.maxGamesPerRoom()) {
                    trimGames.setString(1, g.room());
                    trimGames.setInt(2, g.game() - options.maxGamesPerRoom());
                    trimGames.executeUpdate();
                }
            }
            case Closed c -> {
                dropCommands.setString(1, c.room());
                dropCommands.executeUpdate();
                dropCheckpoint.setString(1, c.room());
                dropCheckpoint.executeUpdate();
                expireGames.setLong(1, c.at() + options.retention().toMillis());
                expireGames.setString(2, c.room());
                expireGames.executeUpdate();
            }
            case Task t -> throw new IllegalStateException("a task is not a write");
        }
    }

    /** Tells each waiting room, once, the newest of its versions this batch committed. */
    private void tellDurable() {
        for (Write w : writes) {
            if (w.item() instanceof Command c && c.onDurable() != null) {
                durable.merge(c.onDurable(), c.version(), Math::max);
            }
        }
        durable.forEach(LongConsumer::accept);
        durable.clear();
    }

    /** Under a group commit with nothing to commit: the WAL's commits so far go to the disk. */
    private void syncWal() throws SQLException {
        execute("PRAGMA wal_checkpoint(PASSIVE)");
        forceDue = Long.MAX_VALUE;
    }

    private void sweepQuietly() {
        try {
            sweep(db, clock.millis());
        } catch (SQLException e) {
            log.warn("store: the sweep of expired games failed: {}", e.toString());
        }
    }

    /** Deletes the games whose retention ran out; how many went. */
    static int sweep(Connection db, long now) throws SQLException {
        try (PreparedStatement s = db.prepareStatement("DELETE FROM games WHERE kept_until < ?")) {
            s.setLong(1, now);
            int gone = s.executeUpdate();
            if (gone > 0) {
                log.info("store: deleted {} finished games past their retention", gone);
            }
            return gone;
        }
    }

    private void run(Task t) {
        try {
            t.done().complete(t.query().run(db));
        } catch (SQLException | RuntimeException e) {
            t.done().completeExceptionally(e);
        }
    }

    private void execute(String sql) throws SQLException {
        try (Statement s = db.createStatement()) {
            s.execute(sql);
        }
    }

    interface SqlAction {
        void run() throws SQLException;
    }

    /**
     * Runs {@code action} until it succeeds, with backoff; false if told to give up first. {@code
     * verb} names it in the health report.
     */
    private boolean retrying(String verb, SqlAction action) {
        long backoff = options.retryBackoff().toNanos();
        while (true) {
            try {
                action.run();
                health.ok();
                return true;
            } catch (SQLException e) {
                health.failed(verb, e);
            }
            try {
                if (giveUp.await(backoff, TimeUnit.NANOSECONDS)) {
                    gaveUp = true;
                    return false;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                gaveUp = true;
                return false;
            }
            backoff = Math.min(backoff * 2, options.maxRetryBackoff().toNanos());
        }
    }

    /** Fails what is left: a writer that gave up, or work queued after the stop. */
    private void stop() {
        List<Item> left = new ArrayList<>();
        queue.drainTo(left);
        long lost =
                left.stream().filter(i -> !(i instanceof Task)).count()
                        + (gaveUp ? writes.size() : 0);
        if (lost > 0) {
            log.error("the store stopped with {} writes not made durable", lost);
        }
        left.addAll(items);
        for (Item item : left) {
            if (item instanceof Task t && !t.done().isDone()) {
                t.done().completeExceptionally(new IllegalStateException("the store is closed"));
            }
        }
        Schema.closeQuietly(db);
    }
}
