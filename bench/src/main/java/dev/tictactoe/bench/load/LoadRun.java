package dev.tictactoe.bench.load;

import dev.tictactoe.client.GameConnection;
import dev.tictactoe.protocol.CloseCodes;

import io.netty.channel.EventLoopGroup;

import org.HdrHistogram.Histogram;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Runs a load: set up the rooms, play through the warmup (moves are played and not counted), then
 * measure for the duration (or until the move count), let running games finish, close. It stays one
 * file: the timed run and the capacity run share the setup of the rooms, the progress phases and
 * the closing of the connections.
 */
final class LoadRun {

    /** How long running games may take to finish after the measurement, at most. */
    static final Duration MAX_DRAIN = Duration.ofSeconds(30);

    private final LoadSettings settings;
    private final PrintStream log;
    private Runnable windowOpens = () -> {};
    private Runnable windowCloses = () -> {};

    LoadRun(LoadSettings settings, PrintStream log) {
        this.settings = settings;
        this.log = log;
    }

    /**
     * Runs {@code opens} and {@code closes} as the measured window opens and closes (to sample the
     * target).
     */
    LoadRun atWindow(Runnable opens, Runnable closes) {
        this.windowOpens = opens;
        this.windowCloses = closes;
        return this;
    }

    /** A timed run. */
    LoadResult play() throws InterruptedException {
        CountDownLatch limit = new CountDownLatch(1);
        LoadStats stats = new LoadStats(settings.moves(), limit::countDown);
        Shared shared = shared(stats);
        EventLoopGroup group = GameConnection.newGroup(settings.threads());
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        Setup setup = new Setup(shared, group);
        try (Progress progress = new Progress(log)) {
            ServerMetrics.fetch(http, settings.target(), false); // fails early when nothing listens
            progress.phase("setup", setup::status);
            List<Table> tables = setup.open(settings.rooms());
            progress.note("setup   " + setup.status());
            tables.forEach(Table::start);

            Rate rate = new Rate(stats);
            progress.phase(
                    "warmup",
                    () ->
                            LoadResult.f(
                                    "%.0f moves/s (not measured), %s",
                                    rate.next(), failures(stats)));
            TimeUnit.NANOSECONDS.sleep(settings.warmup().toNanos());

            windowOpens.run();
            ServerMetrics before = ServerMetrics.fetch(http, settings.target(), false);
            long clientBefore = clientCpuNanos();
            stats.openWindow(System.nanoTime());
            progress.phase(
                    "measure",
                    () -> {
                        Histogram h = stats.interval();
                        return LoadResult.f(
                                "%.0f moves/s  p50 %s  p99 %s  %s",
                                rate.next(),
                                LoadResult.us(h.getValueAtPercentile(50) / 1e3),
                                LoadResult.us(h.getValueAtPercentile(99) / 1e3),
                                failures(stats));
                    });
            limit.await(settings.duration().toNanos(), TimeUnit.NANOSECONDS);
            stats.closeWindow(System.nanoTime());
            ServerMetrics after = ServerMetrics.fetch(http, settings.target(), false);
            windowCloses.run();
            long clientAfter = clientCpuNanos();
            stats.interval();

            tables.forEach(Table::stop);
            progress.phase(
                    "drain", () -> LoadResult.f("%d rooms still in a game", unsettled(tables)));
            long drainEnd = System.nanoTime() + drainTime().toNanos();
            while (unsettled(tables) > 0 && System.nanoTime() < drainEnd) {
                TimeUnit.MILLISECONDS.sleep(20);
            }
            long unfinished = unsettled(tables);

            progress.phase("close", () -> "closing connections");
            closeAll(stats, setup.all());

            double seconds = (stats.windowEnd() - stats.windowStart()) / 1e9;
            long serverCpu =
                    before.processCpuNanos() < 0 || after.processCpuNanos() < 0
                            ? -1
                            : after.processCpuNanos() - before.processCpuNanos();
            LoadResult result =
                    new LoadResult(
                            settings.label(),
                            settings.mode(),
                            settings.target().toString(),
                            tables.size(),
                            settings.think().toMillis(),
                            settings.warmup().toNanos() / 1e9,
                            seconds,
                            stats.moves(),
                            LatencySummary.of(stats.total()),
                            stats.errors(),
                            stats.errorsByCode(),
                            stats.unexpectedCloses(),
                            stats.reconnects(),
                            stats.resyncs(),
                            stats.gamesStarted(),
                            stats.gamesCompleted(),
                            unfinished,
                            setup.failed(),
                            serverCpu,
                            clientBefore < 0 ? -1 : clientAfter - clientBefore);
            if (setup.failed() > 0) {
                progress.note("setup failures: " + setup.status());
            }
            return result;
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS)
                    .awaitUninterruptibly(5, TimeUnit.SECONDS);
            http.close();
        }
    }

    /** A capacity run: idle seated connections, memory read after a collection before and after. */
    CapacityResult capacity() throws InterruptedException {
        LoadStats stats = new LoadStats(0, () -> {});
        Shared shared = shared(stats);
        checkOwnFileLimit(settings.capacity());
        EventLoopGroup group = GameConnection.newGroup(settings.threads());
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        Setup setup = new Setup(shared, group);
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        try (Progress progress = new Progress(log)) {
            ServerMetrics before = ServerMetrics.fetch(http, settings.target(), true);
            if (before.maxOpenFiles() > 0
                    && before.maxOpenFiles() - before.openFiles() < settings.capacity()) {
                throw new IllegalStateException(
                        "the target may open "
                                + before.maxOpenFiles()
                                + " files and has "
                                + before.openFiles()
                                + " open: not enough for "
                                + settings.capacity()
                                + " connections");
            }
            System.gc();
            long clientBefore = memory.getHeapMemoryUsage().getUsed();
            long start = System.nanoTime();
            progress.phase("connect", setup::status);
            List<Table> tables = setup.open(settings.capacity() / 2);
            double connectSeconds = (System.nanoTime() - start) / 1e9;
            progress.note("connect " + setup.status());
            progress.phase("settle", () -> "letting the target settle before reading its memory");
            TimeUnit.SECONDS.sleep(2);
            ServerMetrics.fetch(http, settings.target(), true);
            ServerMetrics after = ServerMetrics.fetch(http, settings.target(), true);
            System.gc();
            long clientAfter = memory.getHeapMemoryUsage().getUsed();
            int connections = 0;
            for (Table t : tables) {
                connections += t.connections().size();
            }
            if (!settings.hold().isZero()) {
                progress.phase(
                        "hold",
                        () ->
                                LoadResult.f(
                                        "%d connections open, %s",
                                        after.connections(), failures(stats)));
                TimeUnit.NANOSECONDS.sleep(settings.hold().toNanos());
            }
            progress.phase("close", () -> "closing connections");
            closeAll(stats, setup.all());
            return new CapacityResult(
                    settings.label(),
                    settings.mode(),
                    settings.target().toString(),
                    settings.capacity(),
                    connections,
                    after.connections(),
                    connectSeconds,
                    before,
                    after,
                    clientBefore,
                    clientAfter,
                    stats.errors(),
                    stats.unexpectedCloses(),
                    setup.failed());
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS)
                    .awaitUninterruptibly(10, TimeUnit.SECONDS);
            http.close();
        }
    }

    private Shared shared(LoadStats stats) {
        return new Shared(
                settings,
                stats,
                new SourceAddresses(
                        settings.target(),
                        settings.connections(),
                        settings.connectionsPerSource()));
    }

    private Duration drainTime() {
        Duration games =
                settings.think()
                        .multipliedBy(2L * settings.size() * settings.size())
                        .plusSeconds(5);
        return games.compareTo(MAX_DRAIN) > 0 ? MAX_DRAIN : games;
    }

    private static long unsettled(List<Table> tables) {
        return tables.stream().filter(t -> !t.settled()).count();
    }

    private static String failures(LoadStats stats) {
        return LoadResult.f("errors %d  closes %d", stats.errors(), stats.unexpectedCloses());
    }

    private static void closeAll(LoadStats stats, List<Table> tables) {
        stats.closing();
        List<CompletableFuture<?>> closed = new ArrayList<>();
        for (Table t : tables) {
            for (GameConnection c : t.connections()) {
                closed.add(c.close(CloseCodes.NORMAL, ""));
            }
        }
        try {
            CompletableFuture.allOf(closed.toArray(CompletableFuture[]::new))
                    .get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            // Whatever did not close cleanly in time is dropped with the event loops.
        }
    }

    private static long clientCpuNanos() {
        return ManagementFactory.getOperatingSystemMXBean()
                        instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getProcessCpuTime()
                : -1;
    }

    /** This process needs a file descriptor per connection too. */
    private static void checkOwnFileLimit(int connections) {
        if (ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.UnixOperatingSystemMXBean unix) {
            long free = unix.getMaxFileDescriptorCount() - unix.getOpenFileDescriptorCount();
            if (free < connections + 64L) {
                throw new IllegalStateException(
                        String.format(
                                Locale.ROOT,
                                "this process may open %d files and has %d open: not enough for %d"
                                        + " connections; raise the limit (ulimit -n) or run several"
                                        + " generators with fewer connections each",
                                unix.getMaxFileDescriptorCount(),
                                unix.getOpenFileDescriptorCount(),
                                connections));
            }
        }
    }

    /** Moves per second between two progress lines, counting all moves seen (measured or not). */
    private static final class Rate {
        private final LoadStats stats;
        private long lastMoves;
        private long lastNanos = System.nanoTime();

        Rate(LoadStats stats) {
            this.stats = stats;
            this.lastMoves = stats.allMoves();
        }

        synchronized double next() {
            long now = System.nanoTime();
            long moves = stats.allMoves();
            double rate = Rates.perSecond(moves - lastMoves, now - lastNanos);
            lastMoves = moves;
            lastNanos = now;
            return rate;
        }
    }
}
