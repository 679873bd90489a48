package dev.tictactoe.server.store;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * The rooms' append-only journal. {@link #open} recovers what was written before and starts one
 * writer thread; {@link #append} hands it a record without ever blocking (rooms call it on their
 * event loop) and refuses, as a value, when it cannot take more.
 */
public final class Journal implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(Journal.class);

    /** How long {@link #close} waits for the writer to drain before it drops what is left. */
    static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(10);

    /**
     * Settings: the durability policy; the writer's queue (records in flight); the size at which a
     * segment is closed and the next begun; the journal size that triggers a compaction; the first
     * and the longest wait between retries of a failed write.
     */
    public record Options(
            DurabilityPolicy policy,
            int queueCapacity,
            long segmentBytes,
            long compactBytes,
            Duration retryBackoff,
            Duration maxRetryBackoff) {

        public static final int DEFAULT_QUEUE_CAPACITY = 65_536;
        public static final long DEFAULT_SEGMENT_BYTES = 16L << 20;
        public static final long DEFAULT_COMPACT_BYTES = 64L << 20;
        public static final Duration DEFAULT_RETRY_BACKOFF = Duration.ofMillis(50);
        public static final Duration DEFAULT_MAX_RETRY_BACKOFF = Duration.ofSeconds(5);

        public Options {
            if (queueCapacity < 1
                    || segmentBytes < JournalFormat.HEADER_BYTES
                    || compactBytes < 1) {
                throw new IllegalArgumentException("journal sizes must be positive");
            }
        }

        public static Options defaults() {
            return new Options(
                    DurabilityPolicy.DEFAULT,
                    DEFAULT_QUEUE_CAPACITY,
                    DEFAULT_SEGMENT_BYTES,
                    DEFAULT_COMPACT_BYTES,
                    DEFAULT_RETRY_BACKOFF,
                    DEFAULT_MAX_RETRY_BACKOFF);
        }

        public Options withPolicy(DurabilityPolicy p) {
            return new Options(
                    p, queueCapacity, segmentBytes, compactBytes, retryBackoff, maxRetryBackoff);
        }

        public Options withQueueCapacity(int n) {
            return new Options(
                    policy, n, segmentBytes, compactBytes, retryBackoff, maxRetryBackoff);
        }

        public Options withSizes(long segment, long compact) {
            return new Options(
                    policy, queueCapacity, segment, compact, retryBackoff, maxRetryBackoff);
        }

        public Options withRetryBackoff(Duration first, Duration max) {
            return new Options(policy, queueCapacity, segmentBytes, compactBytes, first, max);
        }
    }

    /**
     * An open journal and the rooms it held: each room's records in order, rooms in first-seen
     * order.
     */
    public record Opened(Journal journal, Map<String, List<JournalRecord>> rooms) {}

    private final BlockingQueue<Object> queue;
    private final StoreHealth health;
    private final JournalWriter writer;
    private final Thread thread;
    private volatile boolean closed;

    private Journal(BlockingQueue<Object> queue, StoreHealth health, JournalWriter writer) {
        this.queue = queue;
        this.health = health;
        this.writer = writer;
        this.thread = Thread.ofPlatform().name("journal-writer").daemon(true).unstarted(writer);
    }

    /**
     * Opens the journal in {@code dir} (created if missing), recovering its rooms. Throws {@link
     * JournalFormatException} for a journal this code must not read; a torn last record is cut with
     * one warning instead.
     */
    public static Opened open(Path dir, Options options) throws IOException {
        return open(dir, options, LogFile.FILES);
    }

    static Opened open(Path dir, Options options, LogFile.Opener opener) throws IOException {
        Files.createDirectories(dir);
        Recovery.State state = Recovery.read(dir);
        if (state.segments().isEmpty()) {
            state.segments().put(1L, 0L);
        }
        long last = state.segments().lastKey();
        LogFile current = opener.open(JournalFormat.segment(dir, last));
        // Only cut here, never write: a full disk must not stop the server from starting. The
        // writer puts a header in front of its first batch when the segment is empty.
        if (state.lastGoodEnd() < JournalFormat.HEADER_BYTES) {
            current.truncate(0);
            state.segments().put(last, 0L);
        } else if (current.size() > state.lastGoodEnd()) {
            current.truncate(state.lastGoodEnd());
            current.force();
        }
        if (state.lastGoodEnd() >= JournalFormat.HEADER_BYTES
                && state.lastVersion() < JournalFormat.VERSION) {
            // Never append records of this format under an older header, which a server of that
            // format would read as its own: a new segment says what it holds.
            current.close();
            last++;
            state.segments().put(last, 0L);
            current = opener.open(JournalFormat.segment(dir, last));
            current.truncate(0);
        }
        BlockingQueue<Object> queue = new ArrayBlockingQueue<>(options.queueCapacity());
        StoreHealth health = new StoreHealth("journal " + dir);
        JournalWriter writer =
                new JournalWriter(dir, options, opener, queue, health, state, current);
        Journal journal = new Journal(queue, health, writer);
        journal.thread.start();
        int records = state.rooms().values().stream().mapToInt(List::size).sum();
        log.info(
                "journal {}: {} rooms, {} records recovered from {} segments, durability {}",
                dir,
                state.rooms().size(),
                records,
                state.segments().size(),
                options.policy());
        return new Opened(journal, state.rooms());
    }

    /** Queues {@code record}; never blocks. */
    public AppendResult append(JournalRecord record) {
        return append(record, null, null);
    }

    /**
     * Queues {@code record}; never blocks. Once it is durable per the policy, {@code onDurable}
     * runs on {@code executor} (a room passes its event loop). Callbacks run in append order.
     */
    public AppendResult append(JournalRecord record, Executor executor, Runnable onDurable) {
        if (closed) {
            return new AppendResult.Refused(AppendResult.Reason.CLOSED, "the journal is closed");
        }
        String error = health.lastError();
        if (error != null) {
            return new AppendResult.Refused(
                    AppendResult.Reason.FAILING, "the journal cannot write: " + error);
        }
        if (JournalFormat.bodyBytes(record) > JournalFormat.MAX_BODY_BYTES) {
            return new AppendResult.Refused(
                    AppendResult.Reason.TOO_LARGE,
                    "a journal record holds at most "
                            + JournalFormat.MAX_BODY_BYTES
                            + " bytes, not "
                            + JournalFormat.bodyBytes(record));
        }
        return offer(new JournalWriter.Append(record, null, executor, onDurable));
    }

    /**
     * Queues a record whose payload {@code payload} makes on the writer thread, so a costly
     * encoding stays off the caller's thread (a room's loop); never blocks. A payload that cannot
     * be made, or is over {@link JournalFormat#MAX_BODY_BYTES}, is dropped with one error line: use
     * it for records the journal can do without, such as a checkpoint, for which the records before
     * it stand in.
     */
    public AppendResult appendLater(
            String room, RecordKind kind, long version, Supplier<byte[]> payload) {
        if (closed) {
            return new AppendResult.Refused(AppendResult.Reason.CLOSED, "the journal is closed");
        }
        String error = health.lastError();
        if (error != null) {
            return new AppendResult.Refused(
                    AppendResult.Reason.FAILING, "the journal cannot write: " + error);
        }
        return offer(
                new JournalWriter.Append(
                        new JournalRecord(room, kind, version, null), payload, null, null));
    }

    private AppendResult offer(JournalWriter.Append append) {
        if (!queue.offer(append)) {
            return new AppendResult.Refused(
                    AppendResult.Reason.QUEUE_FULL,
                    "the journal has " + queue.size() + " records waiting for the disk");
        }
        return AppendResult.ACCEPTED;
    }

    /** Marks {@code room} gone: recovery forgets it and compaction drops its records. */
    public AppendResult closeRoom(String room, long version) {
        return append(JournalRecord.end(room, version));
    }

    /**
     * Completes once everything queued before it is written and forced. Waits for queue space when
     * the queue is full: call it from a thread that may block, not an event loop.
     */
    public CompletableFuture<Void> flush() throws InterruptedException {
        return barrier(false, false);
    }

    /** Rewrites the live rooms into a fresh segment now instead of at the size threshold. */
    CompletableFuture<Void> compact() throws InterruptedException {
        return barrier(true, false);
    }

    private CompletableFuture<Void> barrier(boolean compact, boolean close)
            throws InterruptedException {
        CompletableFuture<Void> done = new CompletableFuture<>();
        queue.put(new JournalWriter.Barrier(done, compact, close));
        LockSupport.unpark(thread);
        return done;
    }

    /** False while writes fail (disk full, I/O error); see {@link #lastError}. */
    public boolean healthy() {
        return health.healthy();
    }

    /** The error that makes the journal unhealthy, or null. */
    public String lastError() {
        return health.lastError();
    }

    /** Records waiting for the writer. */
    public int queued() {
        return queue.size();
    }

    /**
     * Drains: writes and forces everything queued, then stops the writer. If the disk is failing,
     * waits {@link #CLOSE_TIMEOUT} and then drops what is left, with one error line.
     */
    @Override
    public void close() throws InterruptedException {
        if (closed) {
            return;
        }
        closed = true;
        CompletableFuture<Void> done = new CompletableFuture<>();
        JournalWriter.Barrier stop = new JournalWriter.Barrier(done, false, true);
        if (!queue.offer(stop, CLOSE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
            // A writer stuck on a failing disk gives up and empties the queue as it stops.
            writer.giveUp();
            queue.put(stop);
        }
        LockSupport.unpark(thread);
        try {
            done.get(CLOSE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException | java.util.concurrent.ExecutionException e) {
            writer.giveUp();
        }
        thread.join();
    }
}
