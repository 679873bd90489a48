package dev.tictactoe.server.metrics;

import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.MessageType;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.netty4.NettyEventExecutorMetrics;
import io.micrometer.core.instrument.binder.system.FileDescriptorMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.netty.channel.EventLoopGroup;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;

/**
 * The server's meters behind methods named for what happened, exposed in the Prometheus text format
 * by {@link #scrape()}. Every method is cheap and safe from any thread. It stays one file: it is
 * the one list of the server's meters, each registered once and moved by the method named for its
 * event.
 */
public final class ServerMetrics implements JournalMeters, AutoCloseable {

    /** The content type of {@link #scrape()}: the Prometheus text exposition format 0.0.4. */
    public static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

    /** Buckets of the move handling histogram: from the receiving thread to the diff written. */
    static final Duration[] MOVE_BUCKETS =
            millis(0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 25, 50, 100, 250, 1000);

    /** Buckets of the bot's thinking time; the budget is 200 ms by default. */
    static final Duration[] BOT_BUCKETS =
            millis(1, 5, 10, 25, 50, 100, 200, 300, 500, 1000, 2500, 5000);

    /** Buckets of the time to pair a quick-match request; requests wait 30 s at most by default. */
    static final Duration[] PAIRING_BUCKETS =
            millis(1, 10, 50, 100, 250, 500, 1000, 2500, 5000, 10_000, 20_000, 30_000, 60_000);

    private final PrometheusMeterRegistry registry;
    private final JvmGcMetrics gc;
    private final AtomicInteger connections = new AtomicInteger();
    private final AtomicInteger players = new AtomicInteger();
    private final AtomicInteger spectators = new AtomicInteger();
    private final Counter connectionsOpened;
    private final Map<ErrorCode, Counter> rejections = new EnumMap<>(ErrorCode.class);
    // By MessageType ordinal, each registered at its first message (two loops racing to register
    // one get the same counter back from the registry).
    private final AtomicReferenceArray<Counter> messagesIn =
            new AtomicReferenceArray<>(MessageType.values().length);
    private final Counter humanMoves;
    private final Counter botMoves;
    private final Map<String, Counter> games = new ConcurrentHashMap<>();
    private final Timer moveHandling;
    private final Timer botThinking;
    private final Counter botFailures;
    private final Counter bytesOut;
    private final Counter lagging;
    private final Counter rateLimited;
    private final Counter closedForAbuse;
    private final Timer timeToPair;
    private final Map<MatchOutcome, Counter> matchRequests = new EnumMap<>(MatchOutcome.class);
    private final Map<Integer, Counter> closes = new ConcurrentHashMap<>();
    private final Map<String, Counter> httpRequests = new ConcurrentHashMap<>();
    private final Map<String, Counter> journalRefusals = new ConcurrentHashMap<>();
    private final Counter roomsCreated;
    private final Counter roomsRemoved;
    private final Counter throttledLookups;
    private final Timer journalDurable;
    private final Timer loopLag;

    /** Buckets of a journal record's time from its append to durable (group commit: 100 ms). */
    static final Duration[] JOURNAL_BUCKETS =
            millis(0.1, 0.5, 1, 5, 10, 25, 50, 100, 150, 250, 500, 1000, 5000);

    /** Buckets of the event loops' lag. */
    static final Duration[] LAG_BUCKETS = millis(0.1, 0.5, 1, 5, 10, 25, 50, 100, 250, 1000);

    /** How a quick-match request ended, as the {@code outcome} label says it. */
    public enum MatchOutcome {
        /** Paired with another person. */
        PAIRED,
        /** Nobody came in time and a bot took the other seat. */
        BOT,
        /** Nobody came within the wait limit. */
        TIMEOUT,
        /** Cancelled by its ticket or by its connection closing. */
        CANCELLED,
        /** Paired, but no room could be opened; or the server stopped. */
        UNAVAILABLE,
        /** Refused before it could wait: already queued, ticket in use, queue full. */
        REFUSED;

        String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private ServerMetrics(PrometheusMeterRegistry registry) {
        this.registry = registry;
        roomsCreated =
                Counter.builder("ttt.room.creations")
                        .description("Rooms created (restored ones not counted)")
                        .register(registry);
        roomsRemoved =
                Counter.builder("ttt.room.removals")
                        .description("Rooms removed: empty too long, or closed")
                        .register(registry);
        throttledLookups =
                Counter.builder("ttt.lookups.throttled")
                        .description(
                                "Room lookups and upgrades answered 429: the address guessed too"
                                        + " many unknown codes")
                        .register(registry);
        journalDurable =
                Timer.builder("ttt.journal.durable")
                        .description("A journal record's time from its append until it is durable")
                        .serviceLevelObjectives(JOURNAL_BUCKETS)
                        .register(registry);
        loopLag =
                Timer.builder("ttt.eventloop.lag")
                        .description(
                                "How late an event loop ran a task scheduled for a known instant")
                        .serviceLevelObjectives(LAG_BUCKETS)
                        .register(registry);
        gc = new JvmGcMetrics();
        gc.bindTo(registry);

        BuildInfo build = BuildInfo.current();
        Gauge.builder("ttt.build.info", () -> 1)
                .tag("version", build.version())
                .tag("commit", build.commit())
                .description("The running build: always 1, its version and commit as labels")
                .register(registry);
        Gauge.builder("ttt.connections", connections, AtomicInteger::get)
                .description("Open WebSocket connections")
                .register(registry);
        Gauge.builder("ttt.members", players, AtomicInteger::get)
                .tag("role", "player")
                .description("Connected members of rooms by role")
                .register(registry);
        Gauge.builder("ttt.members", spectators, AtomicInteger::get)
                .tag("role", "spectator")
                .description("Connected members of rooms by role")
                .register(registry);
        connectionsOpened =
                Counter.builder("ttt.connections.opened")
                        .description("WebSocket connections accepted")
                        .register(registry);
        for (ErrorCode code : ErrorCode.values()) {
            rejections.put(
                    code,
                    Counter.builder("ttt.rejections")
                            .tag("code", code.wire())
                            .description("Typed errors sent to clients, by code")
                            .register(registry));
        }
        humanMoves = moves(registry, "player");
        botMoves = moves(registry, "bot");
        moveHandling =
                Timer.builder("ttt.move.handling")
                        .description(
                                "A move from its arrival on the network thread until its diff is"
                                        + " written")
                        .serviceLevelObjectives(MOVE_BUCKETS)
                        .register(registry);
        botThinking =
                Timer.builder("ttt.bot.think")
                        .description("Time the bot took to choose a move")
                        .serviceLevelObjectives(BOT_BUCKETS)
                        .register(registry);
        botFailures =
                Counter.builder("ttt.bot.failures")
                        .description("Bot searches that threw or proposed an illegal move")
                        .register(registry);
        bytesOut =
                Counter.builder("ttt.outbound")
                        .baseUnit("bytes")
                        .description("WebSocket frame bytes handed to connections by rooms")
                        .register(registry);
        lagging =
                Counter.builder("ttt.members.lagging")
                        .description(
                                "Times a member's buffer was full, so broadcasts skipped it until a"
                                        + " snapshot")
                        .register(registry);
        rateLimited =
                Counter.builder("ttt.rate.limited")
                        .tag("action", "refused")
                        .description("Messages over a connection's rate limit")
                        .register(registry);
        closedForAbuse =
                Counter.builder("ttt.rate.limited")
                        .tag("action", "closed")
                        .description("Messages over a connection's rate limit")
                        .register(registry);
        timeToPair =
                Timer.builder("ttt.match.time.to.pair")
                        .description(
                                "How long a quick-match request waited until it was paired with"
                                        + " another person")
                        .serviceLevelObjectives(PAIRING_BUCKETS)
                        .register(registry);
        for (MatchOutcome outcome : MatchOutcome.values()) {
            matchRequests.put(
                    outcome,
                    Counter.builder("ttt.match.requests")
                            .tag("outcome", outcome.label())
                            .description("Quick-match requests, by how they ended")
                            .register(registry));
        }
    }

    /** A registry of the server's meters plus the JVM's and the process's. */
    public static ServerMetrics create() {
        return new ServerMetrics(processRegistry());
    }

    /**
     * A registry with the JVM's and the process's meters, under names {@code promtool check
     * metrics} accepts: the CPU time in seconds ({@code process_cpu_seconds_total}, Prometheus's
     * own name) rather than Micrometer's nanoseconds, and the core count without a {@code _count}
     * suffix, which Prometheus keeps for histograms. The bench's relay serves the same.
     */
    public static PrometheusMeterRegistry processRegistry() {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        registry.config()
                .meterFilter(MeterFilter.deny(id -> id.getName().equals("process.cpu.time")))
                .meterFilter(
                        new MeterFilter() {
                            @Override
                            public Meter.Id map(Meter.Id id) {
                                if (id.getName().equals("system.cpu.count")) {
                                    return id.withName("system.cpus");
                                }
                                // Micrometer's Netty binder leaves it without HELP text.
                                if (id.getName().equals("netty.eventexecutor.tasks.pending")) {
                                    return new Meter.Id(
                                            id.getName(),
                                            Tags.of(id.getTagsAsIterable()),
                                            id.getBaseUnit(),
                                            "Tasks waiting in an event loop's queue",
                                            id.getType());
                                }
                                return id;
                            }
                        });
        new JvmMemoryMetrics().bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ClassLoaderMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
        new FileDescriptorMetrics().bindTo(registry);
        new ResidentMemory().bindTo(registry);
        FunctionCounter.builder(
                        "process.cpu",
                        ManagementFactory.getOperatingSystemMXBean(),
                        ServerMetrics::cpuSeconds)
                .baseUnit("seconds")
                .description("CPU time the process has used")
                .register(registry);
        return registry;
    }

    private static double cpuSeconds(OperatingSystemMXBean os) {
        return os instanceof com.sun.management.OperatingSystemMXBean hotspot
                ? hotspot.getProcessCpuTime() / 1e9
                : Double.NaN;
    }

    /** Reports {@code rooms} as the number of live rooms at each scrape. */
    public void watchRooms(IntSupplier rooms) {
        // Gauges hold their object weakly by default, and a method reference has no other holder.
        Gauge.builder("ttt.rooms", rooms, IntSupplier::getAsInt)
                .strongReference(true)
                .description("Live rooms")
                .register(registry);
    }

    /**
     * Reports {@code bytes} as the bytes written to connections and not yet taken by their clients,
     * the kernel's send queues included, at each scrape.
     */
    public void watchBytesWaiting(LongSupplier bytes) {
        Gauge.builder("ttt.outbound.waiting", bytes, LongSupplier::getAsLong)
                .strongReference(true)
                .baseUnit("bytes")
                .description("Bytes sent to connections and not yet read, kernel queues included")
                .register(registry);
    }

    /** Reports {@code queued} as the bot moves waiting for a thread at each scrape. */
    public void watchBotQueue(IntSupplier queued) {
        Gauge.builder("ttt.bot.queue", queued, IntSupplier::getAsInt)
                .strongReference(true)
                .description("Bot moves waiting for a thread")
                .register(registry);
    }

    /** Reports {@code waiting} as the quick-match requests waiting at each scrape. */
    public void watchMatchQueue(IntSupplier waiting) {
        Gauge.builder("ttt.match.waiting", waiting, IntSupplier::getAsInt)
                .strongReference(true)
                .description("Quick-match requests waiting for an opponent")
                .register(registry);
    }

    /**
     * Whether quick match pairs across nodes through Redis (1) or on this node only (0: no {@code
     * --redis}, or Redis is unreachable).
     */
    public void watchSharedMatch(java.util.function.BooleanSupplier shared) {
        Gauge.builder("ttt.match.shared", shared, s -> s.getAsBoolean() ? 1 : 0)
                .strongReference(true)
                .description("1 while quick match pairs across nodes through Redis, else 0")
                .register(registry);
    }

    /** A quick-match request was paired with another person after waiting {@code waitedNanos}. */
    public void matchPaired(long waitedNanos) {
        timeToPair.record(waitedNanos, TimeUnit.NANOSECONDS);
        matchEnded(MatchOutcome.PAIRED);
    }

    /** Nobody came for a quick-match request that accepted a bot: a bot took the other seat. */
    public void matchBotFilled() {
        matchEnded(MatchOutcome.BOT);
    }

    /**
     * A quick-match request ended; a pairing is counted by {@link #matchPaired}, a bot fill by
     * {@link #matchBotFilled}.
     */
    public void matchEnded(MatchOutcome outcome) {
        matchRequests.get(outcome).increment();
    }

    public void connectionOpened() {
        connections.incrementAndGet();
        connectionsOpened.increment();
    }

    public void connectionClosed() {
        connections.decrementAndGet();
    }

    /** A connection joined a room, to a seat or as a spectator. */
    public void memberJoined(boolean seated) {
        (seated ? players : spectators).incrementAndGet();
    }

    /** A joined connection left its room or dropped. */
    public void memberLeft(boolean seated) {
        (seated ? players : spectators).decrementAndGet();
    }

    /** A message was decoded; counted by its wire type. */
    public void messageReceived(ClientMessage message) {
        MessageType type = MessageType.of(message);
        Counter counter = messagesIn.get(type.ordinal());
        if (counter == null) {
            counter =
                    Counter.builder("ttt.messages.in")
                            .tag("type", type.wire())
                            .description("Messages received, by type")
                            .register(registry);
            messagesIn.set(type.ordinal(), counter);
        }
        counter.increment();
    }

    /** Something was refused with a typed error. */
    public void rejected(ErrorCode code) {
        rejections.get(code).increment();
    }

    /**
     * The room finished handling {@code message}, which arrived at {@code receivedNanos} ({@link
     * System#nanoTime}).
     */
    public void handled(ClientMessage message, long receivedNanos) {
        if (message instanceof ClientMessage.Move) {
            moveHandling.record(System.nanoTime() - receivedNanos, TimeUnit.NANOSECONDS);
        }
    }

    /** A move was applied to a board. */
    public void moved(boolean byBot) {
        (byBot ? botMoves : humanMoves).increment();
    }

    /**
     * A game ended; {@code winner} is "X", "O" or null for a draw, {@code reason} as on the wire.
     */
    public void gameFinished(String winner, String reason) {
        String result = winner == null ? "draw" : winner.toLowerCase(Locale.ROOT) + "_won";
        games.computeIfAbsent(
                        result + "/" + reason,
                        key ->
                                Counter.builder("ttt.games.finished")
                                        .tag("result", result)
                                        .tag("reason", reason)
                                        .description("Games finished, by result and reason")
                                        .register(registry))
                .increment();
    }

    public void botThought(long nanos) {
        botThinking.record(nanos, TimeUnit.NANOSECONDS);
    }

    public void botFailed() {
        botFailures.increment();
    }

    /** A room handed a frame of {@code bytes} to a connection. */
    public void sent(int bytes) {
        bytesOut.increment(bytes);
    }

    /** A member's connection was too backed up to take a broadcast. */
    public void memberLagging() {
        lagging.increment();
    }

    /**
     * A message over the rate limit: refused, or ({@code closed}) the connection was closed for it.
     */
    public void rateLimited(boolean closed) {
        (closed ? closedForAbuse : rateLimited).increment();
    }

    /**
     * Reports each loop's pending tasks (Micrometer's Netty binder) and probes its lag ({@link
     * EventLoopLag}).
     */
    public void watchEventLoops(EventLoopGroup loops) {
        new NettyEventExecutorMetrics(loops).bindTo(registry);
        EventLoopLag.watch(loops, loopLag);
    }

    /**
     * Reports the open TCP connections (HTTP and WebSocket), and the bytes waiting to be sent to
     * them in all and to the most backed-up one, at each scrape.
     */
    public void watchChannels(
            IntSupplier open, LongSupplier pendingBytes, LongSupplier mostPendingBytes) {
        Gauge.builder("ttt.channels.open", open, IntSupplier::getAsInt)
                .strongReference(true)
                .description("Open TCP connections, HTTP and WebSocket")
                .register(registry);
        Gauge.builder("ttt.outbound.pending", pendingBytes, LongSupplier::getAsLong)
                .strongReference(true)
                .baseUnit("bytes")
                .description("Bytes waiting to be sent, all connections together")
                .register(registry);
        Gauge.builder("ttt.outbound.pending.max", mostPendingBytes, LongSupplier::getAsLong)
                .strongReference(true)
                .baseUnit("bytes")
                .description("Bytes waiting to be sent to the most backed-up connection")
                .register(registry);
    }

    /** Reports {@code queued} as the journal records waiting for the writer at each scrape. */
    public void watchJournalQueue(IntSupplier queued) {
        Gauge.builder("ttt.journal.queue", queued, IntSupplier::getAsInt)
                .strongReference(true)
                .description("Journal records waiting for the writer")
                .register(registry);
    }

    @Override
    public void durable(long appendedNanos) {
        journalDurable.record(System.nanoTime() - appendedNanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public void refused(String reason) {
        journalRefusals
                .computeIfAbsent(
                        reason,
                        r ->
                                Counter.builder("ttt.journal.refused")
                                        .tag("reason", r)
                                        .description("Journal appends refused, by reason")
                                        .register(registry))
                .increment();
    }

    /** A room was created. */
    public void roomCreated() {
        roomsCreated.increment();
    }

    /** A room was removed. */
    public void roomRemoved() {
        roomsRemoved.increment();
    }

    /** A lookup or upgrade was answered 429 for guessing codes. */
    public void lookupThrottled() {
        throttledLookups.increment();
    }

    /** The server sent a WebSocket close frame with {@code code}. */
    public void closed(int code) {
        closes.computeIfAbsent(
                        code,
                        c ->
                                Counter.builder("ttt.closes")
                                        .tag("code", Integer.toString(c))
                                        .description("Close frames the server sent, by close code")
                                        .register(registry))
                .increment();
    }

    /** An HTTP response with {@code status} to a request for {@code route}. */
    public void httpResponse(String route, int status) {
        httpRequests
                .computeIfAbsent(
                        route + " " + status,
                        key ->
                                Counter.builder("ttt.http.requests")
                                        .tag("route", route)
                                        .tag("status", Integer.toString(status))
                                        .description("HTTP requests answered, by route and status")
                                        .register(registry))
                .increment();
    }

    /** Every meter in the Prometheus text format, {@link #CONTENT_TYPE}. */
    public String scrape() {
        return registry.scrape();
    }

    MeterRegistry registry() {
        return registry;
    }

    @Override
    public void close() {
        gc.close();
        registry.close();
    }

    private static Counter moves(MeterRegistry registry, String by) {
        return Counter.builder("ttt.moves")
                .tag("by", by)
                .description("Moves applied, by who made them")
                .register(registry);
    }

    private static Duration[] millis(double... values) {
        Duration[] out = new Duration[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = Duration.ofNanos(Math.round(values[i] * 1_000_000));
        }
        return out;
    }
}
