package dev.tictactoe.bench.load;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * What a run counts, from any event loop. A move counts when it was sent inside the measured window
 * and its opponent saw it before the window closed; the warmup before is played and not counted.
 */
final class LoadStats {

    /** Latencies above a minute are recorded as a minute. */
    static final long HIGHEST_NANOS = TimeUnit.MINUTES.toNanos(1);

    private final Recorder recorder = new Recorder(HIGHEST_NANOS, 3);
    private final Histogram total = new Histogram(HIGHEST_NANOS, 3);
    private final AtomicLong moves = new AtomicLong();
    private final LongAdder allMoves = new LongAdder();
    private final LongAdder errors = new LongAdder();
    private final ConcurrentHashMap<String, LongAdder> errorsByCode = new ConcurrentHashMap<>();
    private final LongAdder unexpectedCloses = new LongAdder();
    private final LongAdder reconnects = new LongAdder();
    private final LongAdder resyncs = new LongAdder();
    private final LongAdder gamesStarted = new LongAdder();
    private final LongAdder gamesCompleted = new LongAdder();
    private final long moveLimit;
    private final Runnable onLimit;
    private volatile long windowStart = Long.MAX_VALUE;
    private volatile long windowEnd = Long.MAX_VALUE;

    /** Set when the run closes its connections: closes after this are expected. */
    private volatile boolean closing;

    /**
     * {@code onLimit} runs once when {@code moveLimit} measured moves are reached (0: no limit).
     */
    LoadStats(long moveLimit, Runnable onLimit) {
        this.moveLimit = moveLimit;
        this.onLimit = onLimit;
    }

    void openWindow(long nanos) {
        windowStart = nanos;
    }

    void closeWindow(long nanos) {
        if (windowEnd == Long.MAX_VALUE) {
            windowEnd = nanos;
        }
    }

    long windowStart() {
        return windowStart;
    }

    long windowEnd() {
        return windowEnd;
    }

    /** A move sent at {@code sentNanos} reached the opponent at {@code receivedNanos}. */
    void move(long sentNanos, long receivedNanos) {
        allMoves.increment();
        if (sentNanos < windowStart || receivedNanos > windowEnd) {
            return;
        }
        recorder.recordValue(Math.min(Math.max(0, receivedNanos - sentNanos), HIGHEST_NANOS));
        long n = moves.incrementAndGet();
        if (n == moveLimit) {
            closeWindow(receivedNanos);
            onLimit.run();
        }
    }

    void error(String code) {
        errors.increment();
        errorsByCode.computeIfAbsent(code, c -> new LongAdder()).increment();
    }

    /** A connection closed; it counts as unexpected unless the run is closing them. */
    void closed() {
        if (!closing) {
            unexpectedCloses.increment();
        }
    }

    void closing() {
        closing = true;
    }

    boolean isClosing() {
        return closing;
    }

    void reconnected() {
        reconnects.increment();
    }

    void resync() {
        resyncs.increment();
    }

    void gameStarted() {
        gamesStarted.increment();
    }

    void gameCompleted() {
        gamesCompleted.increment();
    }

    /** The latencies recorded since the last call; they are also added to {@link #total()}. */
    synchronized Histogram interval() {
        Histogram interval = recorder.getIntervalHistogram();
        total.add(interval);
        return interval;
    }

    /** Every latency measured so far (call {@link #interval()} first to include the latest). */
    synchronized Histogram total() {
        return total.copy();
    }

    long moves() {
        return moves.get();
    }

    /** Moves seen by an opponent, measured or not (warmup and drain included). */
    long allMoves() {
        return allMoves.sum();
    }

    long errors() {
        return errors.sum();
    }

    Map<String, Long> errorsByCode() {
        Map<String, Long> sorted = new TreeMap<>();
        errorsByCode.forEach((code, n) -> sorted.put(code, n.sum()));
        return sorted;
    }

    long unexpectedCloses() {
        return unexpectedCloses.sum();
    }

    long reconnects() {
        return reconnects.sum();
    }

    long resyncs() {
        return resyncs.sum();
    }

    long gamesStarted() {
        return gamesStarted.sum();
    }

    long gamesCompleted() {
        return gamesCompleted.sum();
    }
}
