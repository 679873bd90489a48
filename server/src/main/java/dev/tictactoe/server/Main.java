package dev.tictactoe.server;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.util.ContextInitializer;
import ch.qos.logback.core.joran.spi.JoranException;

import dev.tictactoe.protocol.Durations;
import dev.tictactoe.protocol.RoomCode;
import dev.tictactoe.server.cluster.NodeFile;
import dev.tictactoe.server.cluster.ProxyConfig;
import dev.tictactoe.server.logging.FormatEncoder;
import dev.tictactoe.server.metrics.BuildInfo;
import dev.tictactoe.server.net.GameServer;
import dev.tictactoe.server.net.PortUnavailable;
import dev.tictactoe.server.store.DataDirException;
import dev.tictactoe.server.store.Store;

import io.netty.util.ResourceLeakDetector;

import org.slf4j.LoggerFactory;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

/**
 * Starts the game server from flags and environment variables (flags win). It stays one file: it is
 * the picocli command, whose options with their help texts are most of it, and {@link #config()}
 * maps each one to its {@link ServerConfig} setting right below them.
 */
@Command(
        name = "tictactoe-server",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = "Authoritative WebSocket server for k-in-a-row games.",
        subcommands = ProxyConfig.class,
        showDefaultValues = true)
public final class Main implements Callable<Integer> {

    @Spec CommandSpec spec;

    @Option(
            names = "--host",
            defaultValue = "${env:TTT_HOST:-" + ServerConfig.DEFAULT_HOST + "}",
            description = "Address to bind (env TTT_HOST).")
    String host;

    @Option(
            names = "--port",
            defaultValue = "${env:TTT_PORT:-" + ServerConfig.DEFAULT_PORT + "}",
            description = "TCP port, 0 for any free one (env TTT_PORT).")
    int port;

    @Option(
            names = "--worker-threads",
            defaultValue = "${env:TTT_WORKER_THREADS:-0}",
            description = "Netty worker threads, 0 = one per core (env TTT_WORKER_THREADS).")
    int workerThreads;

    @Option(
            names = "--max-frame-bytes",
            defaultValue =
                    "${env:TTT_MAX_FRAME_BYTES:-" + ServerConfig.DEFAULT_MAX_FRAME_BYTES + "}",
            description =
                    "Largest WebSocket message accepted, in one frame or in fragments (env"
                            + " TTT_MAX_FRAME_BYTES).")
    int maxFrameBytes;

    @Option(
            names = "--max-rooms",
            defaultValue = "${env:TTT_MAX_ROOMS:-" + ServerConfig.DEFAULT_MAX_ROOMS + "}",
            description = "Live rooms at most (env TTT_MAX_ROOMS).")
    int maxRooms;

    @Option(
            names = "--max-members-per-room",
            defaultValue =
                    "${env:TTT_MAX_MEMBERS_PER_ROOM:-"
                            + ServerConfig.DEFAULT_MAX_MEMBERS_PER_ROOM
                            + "}",
            description =
                    "Players and spectators in one room at most (env TTT_MAX_MEMBERS_PER_ROOM).")
    int maxMembersPerRoom;

    @Option(
            names = "--max-name-length",
            defaultValue =
                    "${env:TTT_MAX_NAME_LENGTH:-" + ServerConfig.DEFAULT_MAX_NAME_LENGTH + "}",
            description = "Longest player name (env TTT_MAX_NAME_LENGTH).")
    int maxNameLength;

    @Option(
            names = "--messages-per-second",
            defaultValue =
                    "${env:TTT_MESSAGES_PER_SECOND:-"
                            + ServerConfig.DEFAULT_MESSAGES_PER_SECOND
                            + "}",
            description =
                    "Sustained messages per connection per second (env TTT_MESSAGES_PER_SECOND).")
    int messagesPerSecond;

    @Option(
            names = "--message-burst",
            defaultValue = "${env:TTT_MESSAGE_BURST:-" + ServerConfig.DEFAULT_MESSAGE_BURST + "}",
            description = "Messages a connection may send at once (env TTT_MESSAGE_BURST).")
    int messageBurst;

    @Option(
            names = "--abuse-strikes",
            defaultValue = "${env:TTT_ABUSE_STRIKES:-" + ServerConfig.DEFAULT_ABUSE_STRIKES + "}",
            description =
                    "Rate-limited seconds within a minute before the connection is closed (env"
                            + " TTT_ABUSE_STRIKES).")
    int abuseStrikes;

    @Option(
            names = "--idle-timeout",
            defaultValue = "${env:TTT_IDLE_TIMEOUT:-60s}",
            description = "Close a connection silent this long (env TTT_IDLE_TIMEOUT).")
    Duration idleTimeout;

    @Option(
            names = "--ping-interval",
            defaultValue = "${env:TTT_PING_INTERVAL:-45s}",
            description = "Ping a quiet connection this often (env TTT_PING_INTERVAL).")
    Duration pingInterval;

    @Option(
            names = "--heartbeat-timeout",
            defaultValue = "${env:TTT_HEARTBEAT_TIMEOUT:-12s}",
            description =
                    "Close a connection that sent a ping and then nothing this long (env"
                            + " TTT_HEARTBEAT_TIMEOUT).")
    Duration heartbeatTimeout;

    @Option(
            names = "--request-timeout",
            defaultValue = "${env:TTT_REQUEST_TIMEOUT:-10s}",
            description =
                    "Close with 408 a connection whose HTTP request (the WebSocket upgrade"
                            + " included) has not arrived whole this long after it opened, or"
                            + " on a kept-alive connection after the first byte that follows the"
                            + " previous request (env TTT_REQUEST_TIMEOUT).")
    Duration requestTimeout;

    @Option(
            names = "--seat-grace",
            defaultValue = "${env:TTT_SEAT_GRACE:-60s}",
            description = "Keep a dropped player's seat this long (env TTT_SEAT_GRACE).")
    Duration seatGrace;

    @Option(
            names = "--idle-claim",
            defaultValue = "${env:TTT_IDLE_CLAIM:-60s}",
            description =
                    "In a game without a clock, let the opponent claim after the side to move was"
                            + " idle this long, 10s..1h (env TTT_IDLE_CLAIM).")
    Duration idleClaim;

    @Option(
            names = "--match-wait",
            defaultValue = "${env:TTT_MATCH_WAIT:-30s}",
            description =
                    "The longest a quick-match request waits for an opponent, at most 5m (env"
                            + " TTT_MATCH_WAIT).")
    Duration matchWait;

    @Option(
            names = "--match-max-waiting",
            defaultValue =
                    "${env:TTT_MATCH_MAX_WAITING:-" + ServerConfig.DEFAULT_MATCH_MAX_WAITING + "}",
            description =
                    "Quick-match requests waiting at once at most (env TTT_MATCH_MAX_WAITING).")
    int matchMaxWaiting;

    @Option(
            names = "--empty-room-ttl",
            defaultValue = "${env:TTT_EMPTY_ROOM_TTL:-5m}",
            description =
                    "Remove a room nobody is connected to after this long (env"
                            + " TTT_EMPTY_ROOM_TTL).")
    Duration emptyRoomTtl;

    @Option(
            names = "--diff-history",
            defaultValue = "${env:TTT_DIFF_HISTORY:-" + ServerConfig.DEFAULT_DIFF_HISTORY + "}",
            description = "Recent diffs a room keeps for replay (env TTT_DIFF_HISTORY).")
    int diffHistory;

    @Option(
            names = "--bot-threads",
            defaultValue = "${env:TTT_BOT_THREADS:-" + ServerConfig.DEFAULT_BOT_THREADS + "}",
            description = "Threads that compute bot moves (env TTT_BOT_THREADS).")
    int botThreads;

    @Option(
            names = "--bot-queue",
            defaultValue = "${env:TTT_BOT_QUEUE:-" + ServerConfig.DEFAULT_BOT_QUEUE + "}",
            description = "Bot moves waiting for a thread at most (env TTT_BOT_QUEUE).")
    int botQueue;

    @Option(
            names = "--bot-budget",
            defaultValue = "${env:TTT_BOT_BUDGET:-200ms}",
            description = "Thinking time of a bot move (env TTT_BOT_BUDGET).")
    Duration botBudget;

    @Option(
            names = "--bot-seed",
            defaultValue = "${env:TTT_BOT_SEED:-" + NONE + "}",
            converter = NoneOrLong.class,
            description =
                    "Seed of the bots' choices in rooms created without a botSeed: the n-th room"
                            + " created gets the n-th seed fixed by this one; '"
                            + NONE
                            + "' draws a random seed per room (env TTT_BOT_SEED).")
    Long botSeed;

    @Option(
            names = "--bot-nodes",
            defaultValue = "${env:TTT_BOT_NODES:-" + NONE + "}",
            converter = NoneOrLong.class,
            description =
                    "Bound every bot search by this many positions instead of --bot-budget, so bot"
                            + " moves replay on any machine; '"
                            + NONE
                            + "' searches for the time budget (env TTT_BOT_NODES).")
    Long botNodes;

    @Option(
            names = "--allowed-origins",
            defaultValue = "${env:TTT_ALLOWED_ORIGINS:-}",
            description =
                    "Comma-separated browser origins (https://host[:port]) allowed to open room"
                            + " sockets and call the HTTP API from script (CORS) besides the"
                            + " server's own (env TTT_ALLOWED_ORIGINS).")
    String allowedOrigins;

    @Option(
            names = "--max-outbound-bytes",
            defaultValue =
                    "${env:TTT_MAX_OUTBOUND_BYTES:-"
                            + ServerConfig.DEFAULT_MAX_OUTBOUND_BYTES
                            + "}",
            description =
                    "Bytes waiting to be sent to one connection before it is closed as too slow,"
                            + " 4008 (env TTT_MAX_OUTBOUND_BYTES).")
    int maxOutboundBytes;

    @Option(
            names = "--max-connections",
            defaultValue =
                    "${env:TTT_MAX_CONNECTIONS:-" + ServerConfig.DEFAULT_MAX_CONNECTIONS + "}",
            description =
                    "Connections open at once, and never more than the open-file limit less "
                            + ServerConfig.RESERVED_FILES
                            + "; beyond, a new one may ask for health and metrics and is answered"
                            + " 503 server_full to anything else (env TTT_MAX_CONNECTIONS).")
    int maxConnections;

    @Option(
            names = "--drain-timeout",
            defaultValue = "${env:TTT_DRAIN_TIMEOUT:-5s}",
            description =
                    "On SIGTERM, wait this long for clients to take their close frames (env"
                            + " TTT_DRAIN_TIMEOUT).")
    Duration drainTimeout;

    @Option(
            names = "--unknown-codes-per-second",
            defaultValue =
                    "${env:TTT_UNKNOWN_CODES_PER_SECOND:-"
                            + ServerConfig.DEFAULT_UNKNOWN_CODES_PER_SECOND
                            + "}",
            description =
                    "Unknown room codes one address may try per second before 429 (env"
                            + " TTT_UNKNOWN_CODES_PER_SECOND).")
    int unknownCodesPerSecond;

    @Option(
            names = "--unknown-code-burst",
            defaultValue =
                    "${env:TTT_UNKNOWN_CODE_BURST:-"
                            + ServerConfig.DEFAULT_UNKNOWN_CODE_BURST
                            + "}",
            description =
                    "Unknown room codes one address may try at once (env TTT_UNKNOWN_CODE_BURST).")
    int unknownCodeBurst;

    @Option(
            names = "--trusted-proxies",
            defaultValue = "${env:TTT_TRUSTED_PROXIES:-}",
            description =
                    "Comma-separated proxy addresses or CIDR ranges whose X-Forwarded-For names the"
                            + " client (env TTT_TRUSTED_PROXIES).")
    String trustedProxies;

    @Option(
            names = "--transport",
            defaultValue = "${env:TTT_TRANSPORT:-" + ServerConfig.DEFAULT_TRANSPORT + "}",
            description =
                    "Socket transport: auto (native epoll where it loads, else NIO), epoll or nio"
                            + " (env TTT_TRANSPORT).")
    String transport;

    @Option(
            names = "--bench-endpoints",
            defaultValue = "${env:TTT_BENCH_ENDPOINTS:-false}",
            description =
                    "Let /metrics?gc=1 collect garbage first; for benchmarks only (env"
                            + " TTT_BENCH_ENDPOINTS).")
    boolean benchEndpoints;

    @Option(
            names = "--access-log",
            defaultValue = "${env:TTT_ACCESS_LOG:-" + ServerConfig.DEFAULT_ACCESS_LOG + "}",
            description =
                    "Log a line per HTTP answer (remote, request, status, time) and per WebSocket"
                        + " at its close (close code, who closed, how long it lived), on the logger"
                        + " 'access' (env TTT_ACCESS_LOG).")
    boolean accessLog;

    @Option(
            names = "--data-dir",
            defaultValue = "${env:TTT_DATA_DIR:-" + DEFAULT_DATA_DIR + "}",
            description =
                    "Where rooms and finished games are kept, created if missing; '"
                            + NO_DATA_DIR
                            + "' keeps rooms in memory only (env TTT_DATA_DIR).")
    String dataDir;

    @Option(
            names = "--durability",
            defaultValue = "${env:TTT_DURABILITY:-" + ServerConfig.DEFAULT_DURABILITY + "}",
            description =
                    "When a change is on disk: group (forced every 100 ms), group:<n>ms, fsync or"
                            + " none (env TTT_DURABILITY).")
    String durability;

    @Option(
            names = "--game-retention",
            defaultValue = "${env:TTT_GAME_RETENTION:-168h}",
            description =
                    "Keep finished games this long after their room has gone (env"
                            + " TTT_GAME_RETENTION).")
    Duration gameRetention;

    @Option(
            names = "--node",
            defaultValue = "${env:TTT_NODE:-" + NONE + "}",
            converter = NodeChar.class,
            description =
                    "This node's character of the room-code alphabet: every room it creates has a"
                            + " code starting with it, for a proxy to route by; recorded in the"
                            + " data directory (env TTT_NODE).")
    Character node;

    @Option(
            names = "--redis",
            defaultValue = "${env:TTT_REDIS:-" + NONE + "}",
            converter = RedisUri.class,
            description =
                    "redis://host:port that pairs quick-match requests across nodes; without it,"
                            + " or while it is down, each node pairs its own (env TTT_REDIS).")
    URI redis;

    @Option(
            names = "--admin-port",
            defaultValue = "${env:TTT_ADMIN_PORT:-" + NONE + "}",
            converter = NoneOrInt.class,
            description =
                    "Port of the admin surface (rooms, close, disconnect, probes, metrics); '"
                            + NONE
                            + "' binds nothing. Keep it private (env TTT_ADMIN_PORT).")
    Integer adminPort;

    @Option(
            names = "--admin-host",
            defaultValue = "${env:TTT_ADMIN_HOST:-" + ServerConfig.DEFAULT_ADMIN_HOST + "}",
            description =
                    "Address the admin port binds; loopback unless a container must publish it"
                            + " (env TTT_ADMIN_HOST).")
    String adminHost;

    /** The data directory of a server started from the command line. */
    static final String DEFAULT_DATA_DIR = "data";

    /**
     * The exit status of a start refused for its data directory or an address it cannot listen on
     * (sysexits.h EX_CONFIG).
     */
    static final int EXIT_REFUSED = 78;

    /** The {@code --data-dir} value that turns the journal off. */
    static final String NO_DATA_DIR = "none";

    /**
     * The value of an optional number flag that leaves it unset ({@code --bot-seed}, {@code
     * --bot-nodes}).
     */
    static final String NONE = "none";

    @Option(
            names = "--log-format",
            defaultValue = "${env:TTT_LOG_FORMAT:-text}",
            converter = LogFormat.class,
            description = "Log lines as text or json: one JSON object a line (env TTT_LOG_FORMAT).")
    FormatEncoder.Format logFormat;

    public static void main(String[] args) {
        quietLeakDetection();
        int code = commandLine(new Main()).execute(args);
        if (code != 0) {
            System.exit(code);
        }
    }

    /**
     * Netty tracks one buffer in 128 for leaks by default, each with a stack trace taken as it is
     * made: hundreds of traces a second under load, for a check the tests run instead. {@code
     * -Dio.netty.leakDetection.level} still chooses a level.
     */
    public static void quietLeakDetection() {
        if (System.getProperty("io.netty.leakDetection.level") == null) {
            ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
        }
    }

    /** {@code --version}: the build's version and commit. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"tictactoe-server " + BuildInfo.current().describe()};
        }
    }

    /** Reads "text" or "json", in any case. */
    static final class LogFormat implements CommandLine.ITypeConverter<FormatEncoder.Format> {
        @Override
        public FormatEncoder.Format convert(String value) {
            FormatEncoder.Format format = FormatEncoder.parse(value);
            if (format == null) {
                throw new CommandLine.TypeConversionException(
                        "'" + value + "' is not a log format (use text or json)");
            }
            return format;
        }
    }

    /** Reads one character of the room-code alphabet (any case), or {@link #NONE} for none. */
    static final class NodeChar implements CommandLine.ITypeConverter<Character> {
        @Override
        public Character convert(String value) {
            String text = value.trim();
            if (text.isEmpty() || text.equalsIgnoreCase(NONE)) {
                return null;
            }
            String upper = text.toUpperCase(java.util.Locale.ROOT);
            if (upper.length() != 1 || RoomCode.ALPHABET.indexOf(upper.charAt(0)) < 0) {
                throw new CommandLine.TypeConversionException(
                        "'" + value + "' is not one character of " + RoomCode.ALPHABET);
            }
            return upper.charAt(0);
        }
    }

    /** Reads redis://host:port, or {@link #NONE} for none. */
    static final class RedisUri implements CommandLine.ITypeConverter<URI> {
        @Override
        public URI convert(String value) {
            String text = value.trim();
            if (text.isEmpty() || text.equalsIgnoreCase(NONE)) {
                return null;
            }
            try {
                URI uri = new URI(text);
                if ("redis".equals(uri.getScheme()) && uri.getHost() != null) {
                    return uri;
                }
            } catch (java.net.URISyntaxException e) {
                // answered below
            }
            throw new CommandLine.TypeConversionException(
                    "'" + value + "' is not redis://host:port");
        }
    }

    /** Reads an int, or {@link #NONE} (any case) for none. */
    static final class NoneOrInt implements CommandLine.ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            Long number = new NoneOrLong().convert(value);
            if (number != null && (number < Integer.MIN_VALUE || number > Integer.MAX_VALUE)) {
                throw new CommandLine.TypeConversionException("'" + value + "' is out of range");
            }
            return number == null ? null : number.intValue();
        }
    }

    /** Reads an integer, or {@link #NONE} (any case) for none. */
    static final class NoneOrLong implements CommandLine.ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            String text = value.trim();
            if (text.isEmpty() || text.equalsIgnoreCase(NONE)) {
                return null;
            }
            try {
                return Long.parseLong(text);
            } catch (NumberFormatException e) {
                throw new CommandLine.TypeConversionException(
                        "'" + value + "' is not an integer (or " + NONE + ")");
            }
        }
    }

    /** The command line of {@code main}: its converters, and one line for a bad value. */
    static CommandLine commandLine(Main main) {
        CommandLine cli = new CommandLine(main);
        cli.registerConverter(Duration.class, Main::parseDuration);
        cli.setParameterExceptionHandler(new FlagErrors());
        return cli;
    }

    /** The shared duration grammar: "30s", "500ms", "2m", "PT30S" (see {@link Durations}). */
    static Duration parseDuration(String text) {
        try {
            return Durations.parse(text);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }

    static List<String> splitList(String text) {
        return Arrays.stream(text == null ? new String[0] : text.split(","))
                .map(String::trim)
                .filter(t -> !t.isEmpty())
                .toList();
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
                .heartbeatTimeout(heartbeatTimeout)
                .requestTimeout(requestTimeout)
                .seatGrace(seatGrace)
                .idleClaim(idleClaim)
                .matchWait(matchWait)
                .matchMaxWaiting(matchMaxWaiting)
                .emptyRoomTtl(emptyRoomTtl)
                .diffHistory(diffHistory)
                .botThreads(botThreads)
                .botQueue(botQueue)
                .botBudget(botBudget)
                .botSeed(botSeed)
                .botNodes(botNodes)
                .allowedOrigins(splitList(allowedOrigins))
                .maxOutboundBytes(maxOutboundBytes)
                .maxConnections(maxConnections)
                .drainTimeout(drainTimeout)
                .unknownCodesPerSecond(unknownCodesPerSecond)
                .unknownCodeBurst(unknownCodeBurst)
                .trustedProxies(splitList(trustedProxies))
                .benchEndpoints(benchEndpoints)
                .accessLog(accessLog)
                .transport(transport)
                .dataDir(
                        dataDir == null || dataDir.isBlank() || dataDir.equals(NO_DATA_DIR)
                                ? null
                                : Path.of(dataDir))
                .durability(durability)
                .gameRetention(gameRetention)
                .node(node)
                .redis(redis)
                .adminPort(adminPort)
                .adminHost(adminHost)
                .build();
    }

    /** Logging is asynchronous: writes what is still queued before the JVM goes. */
    private static void stopLogging() {
        if (LoggerFactory.getILoggerFactory() instanceof LoggerContext logging) {
            logging.stop();
        }
    }

    /**
     * Logging started before the flags were read (Netty logs as it loads), so logback.xml is read
     * again with the format as a system property, which wins over the environment.
     */
    static void useLogFormat(FormatEncoder.Format format) {
        System.setProperty("TTT_LOG_FORMAT", format.name().toLowerCase(java.util.Locale.ROOT));
        if (LoggerFactory.getILoggerFactory() instanceof LoggerContext logging) {
            logging.reset();
            try {
                new ContextInitializer(logging).autoConfig();
            } catch (JoranException e) {
                throw new IllegalStateException("cannot read logback.xml again", e);
            }
        }
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        useLogFormat(logFormat);
        ServerConfig config;
        try {
            config = config();
        } catch (IllegalArgumentException e) {
            throw FlagErrors.refused(spec, e);
        }
        if (config.dataDir() != null) {
            DataDirectory.requireWritable(spec, config.dataDir());
        }
        LoggerFactory.getLogger(Main.class)
                .info("tictactoe-server {} starting", BuildInfo.current().describe());
        GameServer server;
        try {
            // A data directory that is another node's, in use by another server or in an older
            // format stops the start at once, in one line.
            NodeFile.claim(config.dataDir(), config.node());
            if (config.dataDir() != null) {
                Store.probe(config.dataDir());
            }
            server = GameServer.start(config);
        } catch (NodeFile.Refused | PortUnavailable e) {
            System.err.println("tictactoe-server: " + e.getMessage());
            return EXIT_REFUSED;
        } catch (DataDirException | UncheckedIOException e) {
            if (!(e instanceof DataDirException) && !(e.getCause() instanceof DataDirException)) {
                throw e;
            }
            // An operator's matter, not a bug: one line, no stack trace.
            System.err.println("tictactoe-server: " + e.getMessage());
            return EXIT_REFUSED;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime()
                .addShutdownHook(
                        new Thread(
                                () -> {
                                    // SIGTERM or SIGINT: drain (close 1001 to every client, bounded
                                    // by --drain-timeout).
                                    server.close();
                                    // Logging is asynchronous: write what is still queued before
                                    // the JVM goes.
                                    stopLogging();
                                    stopped.countDown();
                                    // A JVM ended by a signal exits 128 + signal; a drained stop is
                                    // a clean one, so say 0.
                                    Runtime.getRuntime().halt(0);
                                },
                                "shutdown"));
        stopped.await();
        return 0;
    }
}
