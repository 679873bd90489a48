package dev.tictactoe.server.store;

import dev.tictactoe.server.metrics.JournalMeters;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongConsumer;

/** The store's one writer thread: group commits, tells waiting rooms, retries a failed commit. */
final class StoreWriter implements Runnable {

    private static final Logger log = LoggerFactory.getLogger(StoreWriter.class);

    /** The most queue entries taken into one transaction. */
    static final int MAX_BATCH = 4096;

    /** How often commands behind checkpoints and expired games are swept. */
    static final Duration SWEEP_INTERVAL = Duration.ofSeconds(10);

    /** A failed commit is tried again after this, doubling up to {@link #MAX_RETRY_BACKOFF}. */
    static final Duration RETRY_BACKOFF = Duration.ofMillis(50);

    static final Duration MAX_RETRY_BACKOFF = Duration.ofSeconds(5);

    private final Schema db;
    private final BlockingQueue<Item> queue;
    private final String what;
    private final Clock clock;
    private final CountDownLatch giveUp = new CountDownLatch(1);
    private final long gatherNanos;

    private final List<Item> items = new ArrayList<>();
    private final List<Write> writes = new ArrayList<>();
    private final IdentityHashMap<LongConsumer, Long> durable = new IdentityHashMap<>();
    private long sweepDue;
    private boolean backlog;
    private boolean busy;
    private boolean gaveUp;

    /** Why the last commit failed; null while commits succeed. */
    volatile @Nullable String lastError;

    private long firstAt;

    volatile JournalMeters meters = JournalMeters.NONE;

    /** Tests put a failing or stalling disk here. */
    volatile Item.@Nullable Query beforeCommit;

    /** The bytes are made once, before the first try. */
    record Write(Item item, byte[] bytes) {}

    StoreWriter(Schema db, Duration gather, BlockingQueue<Item> queue, String what, Clock clock) {
        this.db = db;
        this.queue = queue;
        this.what = what;
        this.clock = clock;
        this.gatherNanos = gather.toNanos();
        this.sweepDue = System.nanoTime() + SWEEP_INTERVAL.toNanos();
    }

    /** A writer stuck on a failing disk drops what it holds and stops. */
    void giveUp() {
        giveUp.countDown();
    }

    @Override
    public void run() {
        try {
            while (batch()) {}
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            // A bug, not the disk: refuse every later write rather than queue them for nobody.
            log.error("store writer stopped", e);
            failed("the store writer stopped", e);
        } finally {
            stop();
        }
    }

    /** False once told to stop or to give up. */
    private boolean batch() throws InterruptedException {
        items.clear();
        writes.clear();
        Item first = take();
        if (first != null) {
            items.add(first);
            backlog = queue.drainTo(items, MAX_BATCH - 1) == MAX_BATCH - 1;
        }
        for (Item item : items) {
            Write w = prepare(item);
            if (w != null) {
                writes.add(w);
            }
        }
        if (!writes.isEmpty()) {
            if (!committed()) {
                return false;
            }
            meters.durable(firstAt);
        }
        tellDurable();
        if (sweepDue <= System.nanoTime()) {
            sweepDue = System.nanoTime() + SWEEP_INTERVAL.toNanos();
            try {
                db.sweep(clock.millis());
            } catch (SQLException e) {
                log.warn("store: the sweep failed: {}", e.toString());
            }
        }
        for (Item item : items) {
            if (item instanceof Item.Task t) {
                if (t.stop()) {
                    t.done().complete(null);
                    return false;
                }
                run(t);
            }
        }
        return true;
    }

    /** The next item, null for the sweep; a busy writer gathers writes, a task cuts that short. */
    private @Nullable Item take() throws InterruptedException {
        long now = System.nanoTime();
        firstAt = now;
        if (backlog) {
            return queue.poll();
        }
        long wake = Math.max(0, sweepDue - now);
        if (busy && gatherNanos > 0) {
            LockSupport.parkNanos(this, Math.min(gatherNanos, wake));
            Item next = queue.poll();
            busy = next != null;
            return next;
        }
        Item next = queue.poll(wake, TimeUnit.NANOSECONDS);
        firstAt = System.nanoTime();
        busy = next != null;
        if (next != null && gatherNanos > 0 && !(next instanceof Item.Task)) {
            LockSupport.parkNanos(this, gatherNanos);
        }
        return next;
    }

    /** Null for a task, and (with one error line) if the supplier fails. */
    private @Nullable Write prepare(Item item) {
        try {
            return switch (item) {
                case Item.Command c -> new Write(c, c.record());
                case Item.Checkpoint c -> new Write(c, c.state().get());
                case Item.Game g -> new Write(g, g.document().get());
                case Item.Closed c -> new Write(c, new byte[0]);
                case Item.Task t -> null;
            };
        } catch (RuntimeException e) {
            log.error(
                    "store: dropped a {} that could not be made",
                    item.getClass().getSimpleName(),
                    e);
            return null;
        }
    }

    /** Tells each waiting room, once, the newest of its versions this batch committed. */
    private void tellDurable() {
        for (Write w : writes) {
            if (w.item() instanceof Item.Command c && c.onDurable() != null) {
                durable.merge(c.onDurable(), c.version(), Math::max);
            }
        }
        durable.forEach(LongConsumer::accept);
        durable.clear();
    }

    private void run(Item.Task t) {
        try {
            t.done().complete(t.query().run(db));
        } catch (SQLException | RuntimeException e) {
            t.done().completeExceptionally(e);
        }
    }

    /** Commits the batch, retried with backoff until it succeeds; false if told to give up. */
    private boolean committed() {
        long backoff = RETRY_BACKOFF.toNanos();
        while (true) {
            try {
                Item.Query hook = beforeCommit;
                if (hook != null) {
                    hook.run(db);
                }
                db.commit(writes);
                ok();
                return true;
            } catch (SQLException e) {
                failed("committing", e);
            }
            try {
                gaveUp = giveUp.await(backoff, TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                gaveUp = true;
            }
            if (gaveUp) {
                return false;
            }
            backoff = Math.min(backoff * 2, MAX_RETRY_BACKOFF.toNanos());
        }
    }

    private synchronized void failed(String action, Exception e) {
        String error = action + ": " + e;
        if (lastError == null) {
            log.error("{} failing: {}", what, error);
        }
        lastError = error;
    }

    private synchronized void ok() {
        if (lastError != null) {
            log.warn("{} writing again after: {}", what, lastError);
            lastError = null;
        }
    }

    /** Fails what is left: a writer that gave up, or work queued after the stop. */
    private void stop() {
        List<Item> left = new ArrayList<>();
        queue.drainTo(left);
        long lost =
                left.stream().filter(i -> !(i instanceof Item.Task)).count()
                        + (gaveUp ? writes.size() : 0);
        if (lost > 0) {
            log.error("the store stopped with {} writes not made durable", lost);
        }
        left.addAll(items);
        for (Item item : left) {
            if (item instanceof Item.Task t && !t.done().isDone()) {
                t.done().completeExceptionally(new IllegalStateException("the store is closed"));
            }
        }
        db.close();
    }
}
