package dev.tictactoe.server;

import dev.tictactoe.protocol.Durations;
import dev.tictactoe.protocol.RoomCode;
import dev.tictactoe.server.clock.IdleClaim;
import dev.tictactoe.server.lobby.MatchQueue;
import dev.tictactoe.server.net.ClientAddress;
import dev.tictactoe.server.net.Transport;
import dev.tictactoe.server.room.RoomJournal;
import dev.tictactoe.server.store.DurabilityPolicy;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Every setting of the server; {@link #builder()} starts from the defaults it runs with when given
 * none. Long only because each setting appears three times (a component, a named default, a builder
 * method); it stays one file so that a setting is added in one place.
 */
public record ServerConfig(
        String host,
        int port,
        int workerThreads,
        int maxFrameBytes,
        int maxRooms,
        int maxMembersPerRoom,
        int maxNameLength,
        int messagesPerSecond,
        int messageBurst,
        int abuseStrikes,
        Duration idleTimeout,
        Duration pingInterval,
        Duration heartbeatTimeout,
        Duration requestTimeout,
        Duration seatGrace,
        Duration emptyRoomTtl,
        int diffHistory,
        int checkpointEvery,
        int botThreads,
        int botQueue,
        Duration botBudget,
        Long botSeed,
        Long botNodes,
        List<String> allowedOrigins,
        int maxOutboundBytes,
        int maxConnections,
        Duration drainTimeout,
        int unknownCodesPerSecond,
        int unknownCodeBurst,
        List<String> trustedProxies,
        boolean benchEndpoints,
        boolean accessLog,
        String transport,
        Path dataDir,
        String durability,
        Duration gameRetention,
        Duration idleClaim,
        Duration matchWait,
        int matchMaxWaiting,
        Character node,
        URI redis,
        Integer adminPort,
        String adminHost) {

    /** Default: address to bind. */
    public static final String DEFAULT_HOST = "0.0.0.0";

    /** Default: TCP port; 0 picks a free one. */
    public static final int DEFAULT_PORT = 8080;

    /** Default: Netty worker threads; 0 = one per core. */
    public static final int DEFAULT_WORKER_THREADS = 0;

    /** Default: largest WebSocket frame accepted. */
    public static final int DEFAULT_MAX_FRAME_BYTES = 64 * 1024;

    /** Default: live rooms at most. */
    public static final int DEFAULT_MAX_ROOMS = 20_000;

    /** Default: players and spectators in one room at most. */
    public static final int DEFAULT_MAX_MEMBERS_PER_ROOM = 64;

    /** Default: longest player name. */
    public static final int DEFAULT_MAX_NAME_LENGTH = 32;

    /** Default: sustained messages per connection per second. */
    public static final int DEFAULT_MESSAGES_PER_SECOND = 20;

    /** Default: messages a connection may send at once above the rate. */
    public static final int DEFAULT_MESSAGE_BURST = 40;

    /** Default: rate-limited seconds within a minute before the connection is closed. */
    public static final int DEFAULT_ABUSE_STRIKES = 3;

    /** Default: close a connection silent this long. */
    public static final Duration DEFAULT_IDLE_TIMEOUT = Duration.ofSeconds(60);

    /**
     * Default: ping a quiet connection this often. Every ping costs a send and a read on the server
     * (about 35 us on a small VM, where a send that wakes the peer is dear); 45 s keeps 10,000 idle
     * connections under a percent of a core, leaves a pong 15 s before the idle timeout, and is
     * inside the proxies' read timeouts (nginx's is 60 s).
     */
    public static final Duration DEFAULT_PING_INTERVAL = Duration.ofSeconds(45);

    /**
     * Default: close a connection that has sent a {@code ping} and then nothing for this long.
     * Clients ping every 5 s, so this leaves two pings to be late before the link counts as dead.
     */
    public static final Duration DEFAULT_HEARTBEAT_TIMEOUT = Duration.ofSeconds(12);

    /**
     * Default: an HTTP request (the WebSocket upgrade included) arrives whole within this long of
     * the connection opening, or, kept alive, of the first byte after the previous request. Bytes
     * that came with the previous request are left to the idle rule. Without it a client sending a
     * byte of headers now and then held a connection, and a file, for as long as it liked.
     */
    public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(10);

    /** Default: keep a dropped player's seat this long. */
    public static final Duration DEFAULT_SEAT_GRACE = Duration.ofSeconds(60);

    /** Default: remove a room nobody is connected to after this long. */
    public static final Duration DEFAULT_EMPTY_ROOM_TTL = Duration.ofMinutes(5);

    /**
     * Default: recent diffs a room keeps for replay. A dropped player stalls its game, so it misses
     * a few versions; a longer gap gets a snapshot. Every kept diff outlives young collections, so
     * a longer history makes their pauses longer.
     */
    public static final int DEFAULT_DIFF_HISTORY = 16;

    /**
     * Default: changes a room journals between two checkpoints of its whole state. Only tests set
     * another.
     */
    public static final int DEFAULT_CHECKPOINT_EVERY = RoomJournal.DEFAULT_CHECKPOINT_EVERY;

    /** Default: threads that compute bot moves. */
    public static final int DEFAULT_BOT_THREADS = 1;

    /** Default: bot moves waiting for a thread at most. */
    public static final int DEFAULT_BOT_QUEUE = 1_000;

    /** Default: thinking time of a bot move. */
    public static final Duration DEFAULT_BOT_BUDGET = Duration.ofMillis(200);

    /**
     * Default: no server-wide bot seed, so a room created without a {@code botSeed} of its own gets
     * a random one. With a seed S, the n-th room created gets the n-th seed fixed by S.
     */
    public static final Long DEFAULT_BOT_SEED = null;

    /**
     * Default: no node budget, bot searches are bounded by {@link #botBudget} (time). With a budget
     * of N positions per search, bot moves no longer depend on the machine's speed.
     */
    public static final Long DEFAULT_BOT_NODES = null;

    /**
     * Default: browser origins allowed to open a room socket besides the server's own (an Origin
     * whose host and port are the request's Host); requests without an Origin are always allowed.
     */
    public static final List<String> DEFAULT_ALLOWED_ORIGINS = List.of();

    /** What an allowed origin looks like: a scheme, a host and an optional port, nothing else. */
    private static final Pattern ORIGIN =
            Pattern.compile("(?i)https?://([a-z0-9.-]+|\\[[0-9a-f:.]+\\])(:\\d{1,5})?");

    /**
     * Default: bytes a connection may have waiting to be sent before it is closed as too slow
     * (4008). Above the write-buffer high-water mark (64 KiB) broadcasts are already skipped and
     * reading stops, so only replies already asked for can pile up; this caps those too.
     */
    public static final int DEFAULT_MAX_OUTBOUND_BYTES = 256 * 1024;

    /**
     * Default: connections open at once. Whatever it is set to, the server also keeps {@link
     * #RESERVED_FILES} of its open-file limit for itself (see {@link #connectionCap}).
     */
    public static final int DEFAULT_MAX_CONNECTIONS = 100_000;

    /**
     * Open files a server keeps from its connections: the journal's and the archive's files, and a
     * health check or a scrape while every other connection is taken.
     */
    public static final int RESERVED_FILES = 1_000;

    /** Default: how long a stopping server waits for its clients to take their close frames. */
    public static final Duration DEFAULT_DRAIN_TIMEOUT = Duration.ofSeconds(5);

    /** Default: room codes an address may get wrong per second (lookups and upgrades). */
    public static final int DEFAULT_UNKNOWN_CODES_PER_SECOND = 10;

    /** Default: room codes an address may get wrong in a burst. */
    public static final int DEFAULT_UNKNOWN_CODE_BURST = 20;

    /** Default: no proxy is trusted to say who the client is in {@code X-Forwarded-For}. */
    public static final List<String> DEFAULT_TRUSTED_PROXIES = List.of();

    /** Default: endpoints only benchmarks need (a forced GC before metrics) are off. */
    public static final boolean DEFAULT_BENCH_ENDPOINTS = false;

    /** Default: no access log (a line per HTTP request and per WebSocket at its close). */
    public static final boolean DEFAULT_ACCESS_LOG = false;

    /** Default: native epoll where it loads, NIO elsewhere (see {@code Transport}). */
    public static final String DEFAULT_TRANSPORT = "auto";

    /**
     * Default of a server built in code: no data directory, rooms live in memory only ({@code Main}
     * uses ./data).
     */
    public static final Path DEFAULT_DATA_DIR = null;

    /** Default: group commit, forced every 100 ms (see {@code DurabilityPolicy}). */
    public static final String DEFAULT_DURABILITY = "group";

    /** Default: finished games are kept this long after their room has gone. */
    public static final Duration DEFAULT_GAME_RETENTION = Duration.ofDays(7);

    /** Default: the longest a quick-match request waits for an opponent. */
    public static final Duration DEFAULT_MATCH_WAIT = MatchQueue.DEFAULT_WAIT;

    /** Default: quick-match requests waiting at once at most. */
    public static final int DEFAULT_MATCH_MAX_WAITING = MatchQueue.DEFAULT_MAX_WAITING;

    /**
     * The longest a quick-match request may be made to wait: an HTTP request held open longer than
     * this is cut by many proxies and clients.
     */
    public static final Duration MAX_MATCH_WAIT = Duration.ofMinutes(5);

    /** Default: no node character; room codes are fully random, as on a single server. */
    public static final Character DEFAULT_NODE = null;

    /** Default: no Redis; quick match pairs the requests of this node only. */
    public static final URI DEFAULT_REDIS = null;

    /** Default: no admin port; the admin surface is off and nothing more is bound. */
    public static final Integer DEFAULT_ADMIN_PORT = null;

    /** Default: the admin port listens on loopback only (see docs/operations.md). */
    public static final String DEFAULT_ADMIN_HOST = "127.0.0.1";

    public ServerConfig {
        if (adminPort != null && (adminPort < 0 || adminPort > 65_535)) {
            throw new IllegalArgumentException("adminPort must be 0..65535, was " + adminPort);
        }
        if (adminHost == null || adminHost.isBlank()) {
            throw new IllegalArgumentException("adminHost must name an address to bind");
        }
        trustedProxies = List.copyOf(trustedProxies);
        if (node != null && RoomCode.ALPHABET.indexOf(node) < 0) {
            throw new IllegalArgumentException(
                    "node must be one character of " + RoomCode.ALPHABET + ", was '" + node + "'");
        }
        if (redis != null && !"redis".equals(redis.getScheme())) {
            throw new IllegalArgumentException(
                    "redis must be redis://host:port, was '" + redis + "'");
        }

        trustedProxies.forEach(ClientAddress::parse);
        DurabilityPolicy.parse(durability);
        requirePositive("gameRetention", gameRetention);
        requirePositive("maxOutboundBytes", maxOutboundBytes);
        requirePositive("maxConnections", maxConnections);
        requirePositive("drainTimeout", drainTimeout);
        Transport.choose(transport);
        requirePositive("unknownCodesPerSecond", unknownCodesPerSecond);
        requirePositive("unknownCodeBurst", unknownCodeBurst);
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("port must be 0..65535, was " + port);
        }
        requirePositive("maxFrameBytes", maxFrameBytes);
        requirePositive("maxRooms", maxRooms);
        requirePositive("maxMembersPerRoom", maxMembersPerRoom);
        requirePositive("maxNameLength", maxNameLength);
        requirePositive("messagesPerSecond", messagesPerSecond);
        requirePositive("messageBurst", messageBurst);
        requirePositive("abuseStrikes", abuseStrikes);
        requirePositive("idleTimeout", idleTimeout);
        requirePositive("pingInterval", pingInterval);
        requirePositive("heartbeatTimeout", heartbeatTimeout);
        requirePositive("requestTimeout", requestTimeout);
        requirePositive("seatGrace", seatGrace);
        IdleClaim.validate(idleClaim);
        requirePositive("matchWait", matchWait);
        if (matchWait.compareTo(MAX_MATCH_WAIT) > 0) {
            throw new IllegalArgumentException(
                    "matchWait must be at most "
                            + MAX_MATCH_WAIT.toMinutes()
                            + " minutes, was "
                            + Durations.format(matchWait));
        }
        requirePositive("matchMaxWaiting", matchMaxWaiting);
        requirePositive("emptyRoomTtl", emptyRoomTtl);
        requirePositive("diffHistory", diffHistory);
        requirePositive("checkpointEvery", checkpointEvery);
        requirePositive("botThreads", botThreads);
        requirePositive("botQueue", botQueue);
        requirePositive("botBudget", botBudget);
        if (botNodes != null && botNodes <= 0) {
            throw new IllegalArgumentException("botNodes must be positive, was " + botNodes);
        }
        allowedOrigins = List.copyOf(allowedOrigins);
        for (String origin : allowedOrigins) {
            if (!ORIGIN.matcher(origin).matches()) {
                throw new IllegalArgumentException(
                        "allowedOrigins: expected scheme://host[:port] such as https://example.com,"
                                + " got '"
                                + origin
                                + "'");
            }
        }
        if (workerThreads < 0) {
            throw new IllegalArgumentException(
                    "workerThreads must be 0 or more, was " + workerThreads);
        }
    }

    /**
     * The connections this server takes at once: {@link #maxConnections}, but never more than the
     * open-file limit {@code maxFiles} (-1: unknown) less {@link #RESERVED_FILES}, and at least 1.
     */
    public int connectionCap(long maxFiles) {
        long byFiles = maxFiles < 0 ? Long.MAX_VALUE : maxFiles - RESERVED_FILES;
        return (int) Math.max(1, Math.min(maxConnections, byFiles));
    }

    /** A builder holding the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** The defaults: everything in memory, port 8080 on all interfaces. */
    public static ServerConfig defaults() {
        return builder().build();
    }

    private static void requirePositive(String name, int value) {
        if (value <= 0) {
            throw new IllegalArgumentException(name + " must be positive, was " + value);
        }
    }

    private static void requirePositive(String name, Duration value) {
        if (value == null || value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(
                    name
                            + " must be a positive duration, was "
                            + (value == null ? "nothing" : Durations.format(value)));
        }
    }

    /** Collects settings, starting from the defaults. */
    public static final class Builder {
        private String host = DEFAULT_HOST;
        private int port = DEFAULT_PORT;
        private int workerThreads = DEFAULT_WORKER_THREADS;
        private int maxFrameBytes = DEFAULT_MAX_FRAME_BYTES;
        private int maxRooms = DEFAULT_MAX_ROOMS;
        private int maxMembersPerRoom = DEFAULT_MAX_MEMBERS_PER_ROOM;
        private int maxNameLength = DEFAULT_MAX_NAME_LENGTH;
        private int messagesPerSecond = DEFAULT_MESSAGES_PER_SECOND;
        private int messageBurst = DEFAULT_MESSAGE_BURST;
        private int abuseStrikes = DEFAULT_ABUSE_STRIKES;
        private Duration idleTimeout = DEFAULT_IDLE_TIMEOUT;
        private Duration pingInterval = DEFAULT_PING_INTERVAL;
        private Duration heartbeatTimeout = DEFAULT_HEARTBEAT_TIMEOUT;
        private Duration requestTimeout = DEFAULT_REQUEST_TIMEOUT;
        private Duration seatGrace = DEFAULT_SEAT_GRACE;
        private Duration idleClaim = IdleClaim.DEFAULT_AFTER;
        private Duration emptyRoomTtl = DEFAULT_EMPTY_ROOM_TTL;
        private int diffHistory = DEFAULT_DIFF_HISTORY;
        private int checkpointEvery = DEFAULT_CHECKPOINT_EVERY;
        private int botThreads = DEFAULT_BOT_THREADS;
        private int botQueue = DEFAULT_BOT_QUEUE;
        private Duration botBudget = DEFAULT_BOT_BUDGET;
        private Long botSeed = DEFAULT_BOT_SEED;
        private Long botNodes = DEFAULT_BOT_NODES;
        private List<String> allowedOrigins = DEFAULT_ALLOWED_ORIGINS;
        private int maxOutboundBytes = DEFAULT_MAX_OUTBOUND_BYTES;
        private int maxConnections = DEFAULT_MAX_CONNECTIONS;
        private Duration drainTimeout = DEFAULT_DRAIN_TIMEOUT;
        private int unknownCodesPerSecond = DEFAULT_UNKNOWN_CODES_PER_SECOND;
        private int unknownCodeBurst = DEFAULT_UNKNOWN_CODE_BURST;
        private List<String> trustedProxies = DEFAULT_TRUSTED_PROXIES;
        private boolean benchEndpoints = DEFAULT_BENCH_ENDPOINTS;
        private boolean accessLog = DEFAULT_ACCESS_LOG;
        private String transport = DEFAULT_TRANSPORT;
        private Path dataDir = DEFAULT_DATA_DIR;
        private String durability = DEFAULT_DURABILITY;
        private Duration gameRetention = DEFAULT_GAME_RETENTION;
        private Duration matchWait = DEFAULT_MATCH_WAIT;
        private Character node = DEFAULT_NODE;
        private URI redis = DEFAULT_REDIS;
        private int matchMaxWaiting = DEFAULT_MATCH_MAX_WAITING;
        private Integer adminPort = DEFAULT_ADMIN_PORT;
        private String adminHost = DEFAULT_ADMIN_HOST;

        private Builder() {}

        public Builder host(String value) {
            this.host = value;
            return this;
        }

        public Builder port(int value) {
            this.port = value;
            return this;
        }

        public Builder workerThreads(int value) {
            this.workerThreads = value;
            return this;
        }

        public Builder maxFrameBytes(int value) {
            this.maxFrameBytes = value;
            return this;
        }

        public Builder maxRooms(int value) {
            this.maxRooms = value;
            return this;
        }

        public Builder maxMembersPerRoom(int value) {
            this.maxMembersPerRoom = value;
            return this;
        }

        public Builder maxNameLength(int value) {
            this.maxNameLength = value;
            return this;
        }

        public Builder messagesPerSecond(int value) {
            this.messagesPerSecond = value;
            return this;
        }

        public Builder messageBurst(int value) {
            this.messageBurst = value;
            return this;
        }

        public Builder abuseStrikes(int value) {
            this.abuseStrikes = value;
            return this;
        }

        public Builder idleTimeout(Duration value) {
            this.idleTimeout = value;
            return this;
        }

        public Builder pingInterval(Duration value) {
            this.pingInterval = value;
            return this;
        }

        public Builder heartbeatTimeout(Duration value) {
            this.heartbeatTimeout = value;
            return this;
        }

        public Builder requestTimeout(Duration value) {
            this.requestTimeout = value;
            return this;
        }

        public Builder seatGrace(Duration value) {
            this.seatGrace = value;
            return this;
        }

        /** How long the side to move in an untimed game may stay idle before it can be claimed. */
        public Builder idleClaim(Duration value) {
            this.idleClaim = value;
            return this;
        }

        public Builder emptyRoomTtl(Duration value) {
            this.emptyRoomTtl = value;
            return this;
        }

        public Builder diffHistory(int value) {
            this.diffHistory = value;
            return this;
        }

        public Builder checkpointEvery(int value) {
            this.checkpointEvery = value;
            return this;
        }

        public Builder botThreads(int value) {
            this.botThreads = value;
            return this;
        }

        public Builder botQueue(int value) {
            this.botQueue = value;
            return this;
        }

        public Builder botBudget(Duration value) {
            this.botBudget = value;
            return this;
        }

        /**
         * The seed rooms without a {@code botSeed} of their own derive theirs from; null draws at
         * random.
         */
        public Builder botSeed(Long value) {
            this.botSeed = value;
            return this;
        }

        /**
         * Positions a bot search may examine instead of searching for {@code botBudget}; null for
         * time.
         */
        public Builder botNodes(Long value) {
            this.botNodes = value;
            return this;
        }

        public Builder allowedOrigins(List<String> value) {
            this.allowedOrigins = value;
            return this;
        }

        public Builder maxOutboundBytes(int value) {
            this.maxOutboundBytes = value;
            return this;
        }

        public Builder maxConnections(int value) {
            this.maxConnections = value;
            return this;
        }

        public Builder drainTimeout(Duration value) {
            this.drainTimeout = value;
            return this;
        }

        public Builder unknownCodesPerSecond(int value) {
            this.unknownCodesPerSecond = value;
            return this;
        }

        public Builder unknownCodeBurst(int value) {
            this.unknownCodeBurst = value;
            return this;
        }

        public Builder trustedProxies(List<String> value) {
            this.trustedProxies = value;
            return this;
        }

        /** {@code auto}, {@code epoll} or {@code nio}. */
        public Builder transport(String value) {
            this.transport = value;
            return this;
        }

        public Builder benchEndpoints(boolean value) {
            this.benchEndpoints = value;
            return this;
        }

        /** One line per HTTP answer and per WebSocket at its close, on the logger "access". */
        public Builder accessLog(boolean value) {
            this.accessLog = value;
            return this;
        }

        /** Where rooms and finished games are kept; null keeps everything in memory. */
        public Builder dataDir(Path value) {
            this.dataDir = value;
            return this;
        }

        public Builder durability(String value) {
            this.durability = value;
            return this;
        }

        public Builder gameRetention(Duration value) {
            this.gameRetention = value;
            return this;
        }

        /**
         * The longest a quick-match request waits for an opponent before it is answered {@code
         * timeout}.
         */
        public Builder matchWait(Duration value) {
            this.matchWait = value;
            return this;
        }

        /**
         * Quick-match requests waiting at once at most; more are refused {@code match_queue_full}.
         */
        public Builder matchMaxWaiting(int value) {
            this.matchMaxWaiting = value;
            return this;
        }

        /**
         * The node's character: every room it creates has a code starting with it, so a proxy can
         * route by code; null for none.
         */
        public Builder node(Character value) {
            this.node = value;
            return this;
        }

        /** The Redis that pairs quick-match requests across nodes; null for none. */
        public Builder redis(URI value) {
            this.redis = value;
            return this;
        }

        /** The admin port (0 for any free one); null leaves the admin surface off. */
        public Builder adminPort(Integer value) {
            this.adminPort = value;
            return this;
        }

        /** The address the admin port binds: loopback unless a container needs more. */
        public Builder adminHost(String value) {
            this.adminHost = value;
            return this;
        }

        public ServerConfig build() {
            return new ServerConfig(
                    host,
                    port,
                    workerThreads,
                    maxFrameBytes,
                    maxRooms,
                    maxMembersPerRoom,
                    maxNameLength,
                    messagesPerSecond,
                    messageBurst,
                    abuseStrikes,
                    idleTimeout,
                    pingInterval,
                    heartbeatTimeout,
                    requestTimeout,
                    seatGrace,
                    emptyRoomTtl,
                    diffHistory,
                    checkpointEvery,
                    botThreads,
                    botQueue,
                    botBudget,
                    botSeed,
                    botNodes,
                    allowedOrigins,
                    maxOutboundBytes,
                    maxConnections,
                    drainTimeout,
                    unknownCodesPerSecond,
                    unknownCodeBurst,
                    trustedProxies,
                    benchEndpoints,
                    accessLog,
                    transport,
                    dataDir,
                    durability,
                    gameRetention,
                    idleClaim,
                    matchWait,
                    matchMaxWaiting,
                    node,
                    redis,
                    adminPort,
                    adminHost);
        }
    }
}
