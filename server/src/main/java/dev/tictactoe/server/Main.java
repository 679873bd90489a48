package dev.tictactoe.server;

import ch.qos.logback.classic.LoggerContext;
import dev.tictactoe.server.net.GameServer;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** Starts the game server from flags and environment variables (flags win). */
@Command(
        name = "tictactoe-server",
        mixinStandardHelpOptions = true,
        description = "Authoritative WebSocket server for k-in-a-row games.",
        showDefaultValues = true)
public final class Main implements Callable<Integer> {

    @Option(names = "--host", defaultValue = "${env:TTT_HOST:-" + ServerConfig.DEFAULT_HOST + "}",
            description = "Address to bind (env TTT_HOST).")
    String host;

    @Option(names = "--port", defaultValue = "${env:TTT_PORT:-" + ServerConfig.DEFAULT_PORT + "}",
            description = "TCP port, 0 for any free one (env TTT_PORT).")
    int port;

    @Option(names = "--worker-threads", defaultValue = "${env:TTT_WORKER_THREADS:-0}",
            description = "Netty worker threads, 0 = one per core (env TTT_WORKER_THREADS).")
    int workerThreads;

    @Option(names = "--max-frame-bytes", defaultValue = "${env:TTT_MAX_FRAME_BYTES:-" + ServerConfig.DEFAULT_MAX_FRAME_BYTES + "}",
            description = "Largest WebSocket frame accepted (env TTT_MAX_FRAME_BYTES).")
    int maxFrameBytes;

    @Option(names = "--max-rooms", defaultValue = "${env:TTT_MAX_ROOMS:-" + ServerConfig.DEFAULT_MAX_ROOMS + "}",
            description = "Live rooms at most (env TTT_MAX_ROOMS).")
    int maxRooms;

    @Option(names = "--max-members-per-room",
            defaultValue = "${env:TTT_MAX_MEMBERS_PER_ROOM:-" + ServerConfig.DEFAULT_MAX_MEMBERS_PER_ROOM + "}",
            description = "Players and spectators in one room at most (env TTT_MAX_MEMBERS_PER_ROOM).")
    int maxMembersPerRoom;

    @Option(names = "--max-name-length",
            defaultValue = "${env:TTT_MAX_NAME_LENGTH:-" + ServerConfig.DEFAULT_MAX_NAME_LENGTH + "}",
            description = "Longest player name (env TTT_MAX_NAME_LENGTH).")
    int maxNameLength;

    @Option(names = "--messages-per-second",
            defaultValue = "${env:TTT_MESSAGES_PER_SECOND:-" + ServerConfig.DEFAULT_MESSAGES_PER_SECOND + "}",
            description = "Sustained messages per connection per second (env TTT_MESSAGES_PER_SECOND).")
    int messagesPerSecond;

    @Option(names = "--message-burst",
            defaultValue = "${env:TTT_MESSAGE_BURST:-" + ServerConfig.DEFAULT_MESSAGE_BURST + "}",
            description = "Messages a connection may send at once (env TTT_MESSAGE_BURST).")
    int messageBurst;

    @Option(names = "--abuse-strikes",
            defaultValue = "${env:TTT_ABUSE_STRIKES:-" + ServerConfig.DEFAULT_ABUSE_STRIKES + "}",
            description = "Rate-limited seconds within a minute before the connection is closed (env TTT_ABUSE_STRIKES).")
    int abuseStrikes;

    @Option(names = "--idle-timeout", defaultValue = "${env:TTT_IDLE_TIMEOUT:-PT60S}",
            description = "Close a connection silent this long, ISO-8601 (env TTT_IDLE_TIMEOUT).")
    Duration idleTimeout;

    @Option(names = "--ping-interval", defaultValue = "${env:TTT_PING_INTERVAL:-PT20S}",
            description = "Ping a quiet connection this often (env TTT_PING_INTERVAL).")
    Duration pingInterval;

    @Option(names = "--seat-grace", defaultValue = "${env:TTT_SEAT_GRACE:-PT60S}",
            description = "Keep a dropped player's seat this long (env TTT_SEAT_GRACE).")
    Duration seatGrace;

    @Option(names = "--empty-room-ttl", defaultValue = "${env:TTT_EMPTY_ROOM_TTL:-PT5M}",
            description = "Remove a room nobody is connected to after this long (env TTT_EMPTY_ROOM_TTL).")
    Duration emptyRoomTtl;

    @Option(names = "--diff-history",
            defaultValue = "${env:TTT_DIFF_HISTORY:-" + ServerConfig.DEFAULT_DIFF_HISTORY + "}",
            description = "Recent diffs a room keeps for replay (env TTT_DIFF_HISTORY).")
    int diffHistory;

    @Option(names = "--bot-threads", defaultValue = "${env:TTT_BOT_THREADS:-" + ServerConfig.DEFAULT_BOT_THREADS + "}",
            description = "Threads that compute bot moves (env TTT_BOT_THREADS).")
    int botThreads;

    @Option(names = "--bot-queue", defaultValue = "${env:TTT_BOT_QUEUE:-" + ServerConfig.DEFAULT_BOT_QUEUE + "}",
            description = "Bot moves waiting for a thread at most (env TTT_BOT_QUEUE).")
    int botQueue;

    @Option(names = "--bot-budget", defaultValue = "${env:TTT_BOT_BUDGET:-PT0.2S}",
            description = "Thinking time of a bot move, ISO-8601 (env TTT_BOT_BUDGET).")
    Duration botBudget;

    public static void main(String[] args) {
        CommandLine cli = new CommandLine(new Main());
        cli.registerConverter(Duration.class, Main::parseDuration);
        int code = cli.execute(args);
        if (code != 0) {
            System.exit(code);
        }
    }

    /** Accepts ISO-8601 ("PT30S") and the short forms "30s", "500ms", "2m". */
    static Duration parseDuration(String text) {
        String t = text.trim().toLowerCase(java.util.Locale.ROOT);
        if (t.startsWith("pt") || t.startsWith("p")) {
            return Duration.parse(text.trim());
        }
        if (t.endsWith("ms")) {
            return Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2)));
        }
        if (t.endsWith("s")) {
            return Duration.ofSeconds(Long.parseLong(t.substring(0, t.length() - 1)));
        }
        if (t.endsWith("m")) {
            return Duration.ofMinutes(Long.parseLong(t.substring(0, t.length() - 1)));
        }
        throw new IllegalArgumentException("not a duration: '" + text + "' (use 30s, 500ms, 2m or PT30S)");
    }

    ServerConfig config() {
        return ServerConfig.builder()
                .host(host)
                .port(port)
                .workerThreads(workerThreads)
                .maxFrameBytes(maxFrameBytes)
                .maxRooms(maxRooms)
                .maxMembersPerRoom(maxMembersPerRoom)
                .maxNameLength(maxNameLength)
                .messagesPerSecond(messagesPerSecond)
                .messageBurst(messageBurst)
                .abuseStrikes(abuseStrikes)
                .idleTimeout(idleTimeout)
                .pingInterval(pingInterval)
                .seatGrace(seatGrace)
                .emptyRoomTtl(emptyRoomTtl)
                .diffHistory(diffHistory)
                .botThreads(botThreads)
                .botQueue(botQueue)
                .botBudget(botBudget)
                .build();
    }

    @Override
    public Integer call() throws InterruptedException {
        GameServer server = GameServer.start(config());
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            // Logging is asynchronous: write what is still queued before the JVM goes.
            if (LoggerFactory.getILoggerFactory() instanceof LoggerContext logging) {
                logging.stop();
            }
            stopped.countDown();
        }, "shutdown"));
        stopped.await();
        return 0;
    }
}
