package dev.tictactoe.server.metrics;

import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.ResultReason;
import dev.tictactoe.protocol.Seat;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.netty4.NettyEventExecutorMetrics;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.netty.channel.EventLoopGroup;

import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Supplier;

/** The server's meters behind methods named for what happened, scraped as Prometheus text. */
public final class ServerMetrics implements JournalMeters, AutoCloseable {

    /** The content type of {@link #scrape()}: the Prometheus text exposition format 0.0.4. */
    public static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

    private static final String RATE_LIMITED = "Messages over a connection's rate limit";
    private static final int REASONS = ResultReason.values().length;
    private static final String MEMBERS = "Connected members of rooms by role";

    private final PrometheusMeterRegistry registry = ProcessMeters.registry();
    private final JvmGcMetrics gc = new JvmGcMetrics();
    private final AtomicInteger connections = new AtomicInteger();
    private final AtomicInteger players = new AtomicInteger();
    private final AtomicInteger spectators = new AtomicInteger();
    // By ordinal, each made in the constructor.
    private final Counter[] rejections = new Counter[ErrorCode.values().length];
    private final Counter[] matchRequests = new Counter[MatchOutcome.values().length];
    // By message record, registered at its first message (two racing loops get one counter).
    private final ClassValue<Counter> messagesIn =
            new ClassValue<>() {
                @Override
                protected Counter computeValue(Class<?> type) {
                    String help = "Messages received, by type";
                    return counter("ttt.messages.in", help, "type", MessageCodec.typeName(type));
                }
            };
    // By winner (X, O, none) and reason, as messagesIn: a game's end looks nothing up.
    private final AtomicReferenceArray<Counter> gamesFinished =
            new AtomicReferenceArray<>(3 * REASONS);
    private final Counter connectionsOpened =
            counter("ttt.connections.opened", "WebSocket connections accepted");
    private final Counter humanMoves =
            counter("ttt.moves", "Moves applied, by who made them", "by", "player");
    private final Counter botMoves =
            counter("ttt.moves", "Moves applied, by who made them", "by", "bot");
    private final Counter botFailures =
            counter("ttt.bot.failures", "Bot searches that threw or proposed an illegal move");
    private final Counter bytesOut =
            Counter.builder("ttt.outbound")
                    .baseUnit("bytes")
                    .description("WebSocket frame bytes handed to connections by rooms")
                    .register(registry);
    private final Counter lagging =
            counter(
                    "ttt.members.lagging",
                    "Times a member's buffer was full, so broadcasts skipped it until a snapshot");
    private final Counter rateLimited =
            counter("ttt.rate.limited", RATE_LIMITED, "action", "refused");
    private final Counter closedForAbuse =
            counter("ttt.rate.limited", RATE_LIMITED, "action", "closed");
    private final Counter roomsCreated =
            counter("ttt.room.creations", "Rooms created (restored ones not counted)");
    private final Counter roomsRemoved =
            counter("ttt.room.removals", "Rooms removed: empty too long, or closed");
    private final Counter throttledLookups =
            counter(
                    "ttt.lookups.throttled",
                    "Room lookups and upgrades answered 429: the address guessed too many unknown"
                            + " codes");
    private final Timer moveHandling =
            timer(
                    "ttt.move.handling",
                    "A move from its arrival on the network thread until its diff is written",
                    millis(0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 25, 50, 100, 250, 1000));
    private final Timer botThinking =
            timer(
                    "ttt.bot.think",
                    "Time the bot took to choose a move",
                    millis(1, 5, 10, 25, 50, 100, 200, 300, 500, 1000, 2500, 5000));
    private final Timer timeToPair =
            timer(
                    "ttt.match.time.to.pair",
                    "How long a quick-match request waited until it was paired with another person",
                    millis(
                            1, 10, 50, 100, 250, 500, 1000, 2500, 5000, 10_000, 20_000, 30_000,
                            60_000));
    private final Timer journalDurable =
            timer(
                    "ttt.journal.durable",
                    "A journal record's time from its append until it is durable",
                    millis(0.1, 0.5, 1, 5, 10, 25, 50, 100, 150, 250, 500, 1000, 5000));

    public ServerMetrics() {
        gc.bindTo(registry);
        BuildInfo build = BuildInfo.CURRENT;
        String[] labels = {"version", build.version(), "commit", build.commit()};
        String about = "The running build: always 1, its version and commit as labels";
        gauge("ttt.build.info", about, () -> 1, labels);
        gauge("ttt.connections", "Open WebSocket connections", connections::get);
        gauge("ttt.members", MEMBERS, players::get, "role", "player");
        gauge("ttt.members", MEMBERS, spectators::get, "role", "spectator");
        for (ErrorCode code : ErrorCode.values()) {
            String help = "Typed errors sent to clients, by code";
            rejections[code.ordinal()] = counter("ttt.rejections", help, "code", code.wire());
        }
        for (MatchOutcome outcome : MatchOutcome.values()) {
            String label = outcome.name().toLowerCase(Locale.ROOT);
            String help = "Quick-match requests, by how they ended";
            matchRequests[outcome.ordinal()] =
                    counter("ttt.match.requests", help, "outcome", label);
        }
    }

    public void watch(Level level, Supplier<Number> value) {
        Gauge.builder(level.meter, value)
                .baseUnit(level.unit)
                .description(level.description)
                .register(registry);
    }

    public void matchPaired(long waitedNanos) {
        timeToPair.record(waitedNanos, TimeUnit.NANOSECONDS);
        matchEnded(MatchOutcome.PAIRED);
    }

    public void matchEnded(MatchOutcome outcome) {
        matchRequests[outcome.ordinal()].increment();
    }

    public void connectionOpened() {
        connections.incrementAndGet();
        connectionsOpened.increment();
    }

    public void connectionClosed() {
        connections.decrementAndGet();
    }

    public void memberJoined(boolean seated) {
        (seated ? players : spectators).incrementAndGet();
    }

    public void memberLeft(boolean seated) {
        (seated ? players : spectators).decrementAndGet();
    }

    public void messageReceived(ClientMessage message) {
        messagesIn.get(message.getClass()).increment();
    }

    public void rejected(ErrorCode code) {
        rejections[code.ordinal()].increment();
    }

    /** The room finished {@code message}, received at {@code receivedNanos} (nanoTime). */
    public void handled(ClientMessage message, long receivedNanos) {
        if (message instanceof ClientMessage.Move) {
            moveHandling.record(System.nanoTime() - receivedNanos, TimeUnit.NANOSECONDS);
        }
    }

    public void moved(boolean byBot) {
        (byBot ? botMoves : humanMoves).increment();
    }

    /** {@code winner} is null for a draw. */
    public void gameFinished(@Nullable Seat winner, ResultReason reason) {
        int index = (winner == null ? 2 : winner.ordinal()) * REASONS + reason.ordinal();
        Counter counter = gamesFinished.get(index);
        if (counter == null) {
            String won = winner == null ? "draw" : winner.name().toLowerCase(Locale.ROOT) + "_won";
            String help = "Games finished, by result and reason";
            counter = counter("ttt.games.finished", help, "result", won, "reason", reason.wire());
            gamesFinished.set(index, counter);
        }
        counter.increment();
    }

    public void botThought(long nanos) {
        botThinking.record(nanos, TimeUnit.NANOSECONDS);
    }

    public void botFailed() {
        botFailures.increment();
    }

    public void sent(int bytes) {
        bytesOut.increment(bytes);
    }

    public void memberLagging() {
        lagging.increment();
    }

    /** Over the rate limit: refused, or ({@code closed}) the connection was closed for it. */
    public void rateLimited(boolean closed) {
        (closed ? closedForAbuse : rateLimited).increment();
    }

    /** Each loop's pending tasks (Micrometer's Netty binder) and its lag. */
    public void watchEventLoops(EventLoopGroup loops) {
        new NettyEventExecutorMetrics(loops).bindTo(registry);
        EventLoopLag.watch(
                loops,
                timer(
                        "ttt.eventloop.lag",
                        "How late an event loop ran a task scheduled for a known instant",
                        millis(0.1, 0.5, 1, 5, 10, 25, 50, 100, 250, 1000)));
    }

    @Override
    public void durable(long appendedNanos) {
        journalDurable.record(System.nanoTime() - appendedNanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public void refused(String reason) {
        counter("ttt.journal.refused", "Journal appends refused, by reason", "reason", reason)
                .increment();
    }

    public void roomCreated() {
        roomsCreated.increment();
    }

    public void roomRemoved() {
        roomsRemoved.increment();
    }

    public void lookupThrottled() {
        throttledLookups.increment();
    }

    /** The server sent a WebSocket close frame with {@code code}. */
    public void closed(int code) {
        String help = "Close frames the server sent, by close code";
        counter("ttt.closes", help, "code", Integer.toString(code)).increment();
    }

    public void httpResponse(String route, int status) {
        String help = "HTTP requests answered, by route and status";
        counter("ttt.http.requests", help, "route", route, "status", Integer.toString(status))
                .increment();
    }

    public String scrape() {
        return registry.scrape();
    }

    @Override
    public void close() {
        gc.close();
        registry.close();
    }

    /** Registers, or finds the one registered under the same name and tags. */
    private Counter counter(String name, String description, String... tags) {
        return Counter.builder(name).tags(tags).description(description).register(registry);
    }

    private void gauge(String name, String description, Supplier<Number> value, String... tags) {
        Gauge.builder(name, value).tags(tags).description(description).register(registry);
    }

    private Timer timer(String name, String description, Duration[] buckets) {
        return Timer.builder(name)
                .description(description)
                .serviceLevelObjectives(buckets)
                .register(registry);
    }

    private static Duration[] millis(double... values) {
        return Arrays.stream(values)
                .mapToObj(ms -> Duration.ofNanos(Math.round(ms * 1_000_000)))
                .toArray(Duration[]::new);
    }
}
