package dev.tictactoe.server.store;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;
import java.util.zip.CRC32C;

/**
 * The journal's one writer thread: takes everything queued (under a group commit, what gathered for
 * {@link DurabilityPolicy#GATHER}), encodes it into one buffer, writes it in one call, forces per
 * the durability policy, then runs the durable callbacks. Between forces it rolls to a new segment
 * or compacts. A failed write is cut back and retried with backoff; the records stay in hand
 * meanwhile, so nothing accepted is skipped. It stays one file: the batch buffer, the open segment
 * and the retry state belong to the one writer thread and are touched nowhere else.
 */
final class JournalWriter implements Runnable {

    private static final Logger log = LoggerFactory.getLogger(JournalWriter.class);

    /** The most queue entries taken into one write. */
    static final int MAX_BATCH = 4096;

    /**
     * A record with what to run once it is durable; with {@code later}, the record's payload is
     * made here, on the writer thread ({@link Journal#appendLater}).
     */
    record Append(
            JournalRecord record, Supplier<byte[]> later, Executor executor, Runnable onDurable) {

        /** The record to write, its payload made now if it was left for later; null to drop it. */
        JournalRecord resolve() {
            if (later == null) {
                return record;
            }
            try {
                JournalRecord made =
                        new JournalRecord(
                                record.room(), record.kind(), record.version(), later.get());
                if (JournalFormat.bodyBytes(made) <= JournalFormat.MAX_BODY_BYTES) {
                    return made;
                }
                log.error(
                        "journal: dropped the {} record of room {} at version {}: {} bytes, over"
                                + " the {} a record holds",
                        record.kind(),
                        record.room(),
                        record.version(),
                        JournalFormat.bodyBytes(made),
                        JournalFormat.MAX_BODY_BYTES);
            } catch (RuntimeException e) {
                log.error(
                        "journal: dropped the {} record of room {} at version {}: its payload could"
                                + " not be made",
                        record.kind(),
                        record.room(),
                        record.version(),
                        e);
            }
            return null;
        }
    }

    /** A point in the queue: everything before it is written and forced when it completes. */
    record Barrier(CompletableFuture<Void> done, boolean compact, boolean close) {}

    private final Path dir;
    private final Journal.Options options;
    private final LogFile.Opener opener;
    private final BlockingQueue<Object> queue;
    private final StoreHealth health;
    private final YieldPacer pacer = new YieldPacer();
    private final CountDownLatch giveUp = new CountDownLatch(1);
    private final CRC32C crc = new CRC32C();
    private final long groupNanos;
    private final long gatherNanos;

    /** Sizes of the finished segments and the current one, by number. */
    private final TreeMap<Long, Long> segments;

    private LiveIndex index;
    private LogFile file;
    private long seq;
    private long size;
    private long compactAt;
    private ByteBuffer buf = ByteBuffer.allocateDirect(256 * 1024);

    // The batch in hand: taken from the queue, written, waiting for its force.
    private final List<Object> items = new ArrayList<>();
    private final List<Append> unforced = new ArrayList<>();
    private final List<Barrier> barriers = new ArrayList<>();
    private long forceDue = Long.MAX_VALUE;
    private boolean backlog;

    /** The last batch took records: the next looks one gathering later instead of waiting. */
    private boolean busy;

    private boolean closing;

    JournalWriter(
            Path dir,
            Journal.Options options,
            LogFile.Opener opener,
            BlockingQueue<Object> queue,
            StoreHealth health,
            Recovery.State recovered,
            LogFile current)
            throws IOException {
        this.dir = dir;
        this.options = options;
        this.opener = opener;
        this.queue = queue;
        this.health = health;
        this.groupNanos =
                options.policy() instanceof DurabilityPolicy.GroupCommit g
                        ? g.interval().toNanos()
                        : 0;
        this.gatherNanos = Math.min(groupNanos, DurabilityPolicy.GATHER.toNanos());
        this.segments = recovered.segments();
        this.index = recovered.index();
        this.file = current;
        this.seq = segments.lastKey();
        this.size = current.size();
        this.compactAt = options.compactBytes();
    }

    /** Makes a writer stuck on a failing disk drop what it holds and stop. */
    void giveUp() {
        giveUp.countDown();
    }

    @Override
    public void run() {
        try {
            while (!closing && batch()) {
                barriers.forEach(b -> b.done().complete(null));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            // A bug, not the disk: refuse every later append rather than queue them for nobody.
            log.error("journal writer stopped", e);
            health.failed("the journal writer stopped", e);
        } finally {
            stop();
        }
    }

    /**
     * Takes one batch from the queue, writes it, and forces when due; false if told to give up on a
     * failing disk. A method per batch, not one long loop, so the JIT compiles it early.
     */
    private boolean batch() throws InterruptedException {
        items.clear();
        barriers.clear();
        Object first;
        boolean gathered = false;
        if (backlog) {
            first = queue.poll();
        } else if (busy && gatherNanos > 0) {
            // Records keep coming: take what one more gathering brings, woken by the clock. Waiting
            // on the queue instead, the next record woke this thread only for it to gather.
            long wait = gatherNanos;
            if (!unforced.isEmpty()) {
                wait = Math.min(wait, Math.max(0, forceDue - System.nanoTime()));
            }
            LockSupport.parkNanos(this, wait);
            first = queue.poll();
            gathered = true;
        } else if (unforced.isEmpty()) {
            first = queue.take();
        } else {
            first = queue.poll(Math.max(0, forceDue - System.nanoTime()), TimeUnit.NANOSECONDS);
        }
        busy = first != null;
        if (first != null) {
            items.add(first);
            if (!gathered && !backlog && gatherNanos > 0 && !(first instanceof Barrier)) {
                // Let records gather: a busy journal then costs a wake-up and a write per
                // gathering, not per record. A barrier cuts the wait short (Journal unparks
                // this thread).
                LockSupport.parkNanos(this, gatherNanos);
            }
            backlog = queue.drainTo(items, MAX_BATCH - 1) == MAX_BATCH - 1;
        }
        boolean forceNow = options.policy() instanceof DurabilityPolicy.FsyncEach;
        boolean compact = false;
        int appended = unforced.size();
        buf.clear();
        if (size == 0) {
            buf.put(JournalFormat.header(false));
        }
        for (Object item : items) {
            if (item instanceof Append a) {
                if (a.later() != null) {
                    pacer.pace(); // see below: a checkpoint's JSON is the longest step here
                }
                JournalRecord record = a.resolve();
                if (record != null) {
                    encode(record);
                    unforced.add(a);
                }
            } else if (item instanceof Barrier b) {
                barriers.add(b);
                forceNow = true;
                compact |= b.compact();
                closing |= b.close();
            }
        }
        if (buf.position() > 0) {
            // On a core shared with the event loops, a move that arrived meanwhile goes first:
            // without these yields it waited for the whole batch, and one move in a hundred
            // took several times longer at one busy room.
            pacer.pace();
            ByteBuffer data = buf.flip();
            if (!retrying("writing", () -> write(data))) {
                return false;
            }
        }
        if (options.policy() instanceof DurabilityPolicy.None) {
            complete(unforced);
        } else if (unforced.size() > appended && forceDue == Long.MAX_VALUE) {
            forceDue = System.nanoTime() + groupNanos;
        }
        if (forceNow || (!unforced.isEmpty() && System.nanoTime() >= forceDue)) {
            if (!retrying("forcing", file::force)) {
                return false;
            }
            complete(unforced);
            forceDue = Long.MAX_VALUE;
        }
        return !unforced.isEmpty() || closing || maintain(compact);
    }

    /** Encodes a record at the end of the batch buffer and notes where it will land. */
    private void encode(JournalRecord record) {
        int need = JournalFormat.recordBytes(record);
        if (buf.remaining() < need) {
            ByteBuffer bigger =
                    ByteBuffer.allocateDirect(Math.max(buf.capacity() * 2, buf.position() + need));
            buf = bigger.put(buf.flip());
        }
        index.apply(record.room(), record.kind(), seq, size + buf.position());
        JournalFormat.encode(record, buf, crc);
    }

    /** Writes the whole batch, from its start on every try. */
    private void write(ByteBuffer data) throws IOException {
        data.rewind();
        try {
            file.write(data);
        } catch (IOException e) {
            // Cut back what part of the batch reached the file, so a retry writes it whole again.
            try {
                file.truncate(size);
            } catch (IOException ignored) {
                // the retry's own write reports the state of the disk
            }
            throw e;
        }
        size += data.limit();
        segments.put(seq, size);
    }

    /** Rolls to a new segment when this one is full, and compacts when asked or when grown. */
    private boolean maintain(boolean compactNow) {
        long total = segments.values().stream().mapToLong(Long::longValue).sum();
        if (compactNow || total >= compactAt) {
            compact(total);
        } else if (size >= options.segmentBytes()) {
            return retrying("starting a segment after", this::roll);
        }
        return true;
    }

    private void roll() throws IOException {
        file.force();
        LogFile next = opener.open(JournalFormat.segment(dir, seq + 1));
        next.truncate(0);
        next.write(JournalFormat.header(false));
        file.close();
        file = next;
        seq++;
        size = JournalFormat.HEADER_BYTES;
        segments.put(seq, size);
    }

    private void compact(long total) {
        Compaction c = new Compaction(dir, opener, index, seq + 1);
        try {
            file.force();
            file.close();
            Compaction.Result result = c.run(segments.keySet());
            file = opener.open(JournalFormat.segment(dir, result.seq()));
            index = result.index();
            seq = result.seq();
            size = result.size();
            segments.clear();
            segments.put(seq, size);
            compactAt = Math.max(options.compactBytes(), 2 * size);
            log.info(
                    "journal compacted from {} to {} bytes, {} live rooms",
                    total,
                    size,
                    index.liveRooms());
        } catch (IOException e) {
            // Go on appending to the old segments and try again after some more growth.
            compactAt = total + options.compactBytes() / 4;
            log.warn("journal compaction failed, keeping the old segments: {}", e.toString());
            c.abandon();
            retrying("reopening", () -> file = opener.open(segment()));
        }
    }

    interface IoAction {
        void run() throws IOException;
    }

    /**
     * Runs {@code action} on the current segment until it succeeds, with backoff; false if told to
     * give up first. {@code verb} names it in the health report.
     */
    private boolean retrying(String verb, IoAction action) {
        long backoff = options.retryBackoff().toNanos();
        while (true) {
            try {
                action.run();
                health.ok();
                return true;
            } catch (IOException e) {
                health.failed(verb + " " + segment(), e);
            }
            try {
                if (giveUp.await(backoff, TimeUnit.NANOSECONDS)) {
                    return false;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
            backoff = Math.min(backoff * 2, options.maxRetryBackoff().toNanos());
        }
    }

    private static void complete(List<Append> done) {
        for (Append a : done) {
            if (a.onDurable() != null) {
                try {
                    a.executor().execute(a.onDurable());
                } catch (RejectedExecutionException e) {
                    // the executor stopped: nobody is left to tell
                }
            }
        }
        done.clear();
    }

    private void stop() {
        List<Object> left = new ArrayList<>();
        queue.drainTo(left);
        long records = unforced.size() + left.stream().filter(o -> o instanceof Append).count();
        IOException lost =
                records == 0
                        ? null
                        : new IOException(
                                "the journal stopped with "
                                        + records
                                        + " records not made durable");
        if (lost != null) {
            log.error(lost.getMessage());
        }
        try {
            file.close();
        } catch (IOException e) {
            log.warn("closing {}: {}", segment(), e.toString());
        }
        left.stream().filter(o -> o instanceof Barrier).forEach(o -> barriers.add((Barrier) o));
        for (Barrier b : barriers) {
            if (lost == null) {
                b.done().complete(null);
            } else {
                b.done().completeExceptionally(lost);
            }
        }
    }

    private Path segment() {
        return JournalFormat.segment(dir, seq);
    }
}
