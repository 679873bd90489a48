package dev.tictactoe.server.net;

import com.sun.management.UnixOperatingSystemMXBean;

import dev.tictactoe.server.settings.Check;

import org.jspecify.annotations.Nullable;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;

/** The settings of the sockets; each default is its component's {@code DEFAULT_} constant. */
public record NetSettings(
        String host,
        int port,
        int workerThreads,
        String transport,
        int maxConnections,
        int maxFrameBytes,
        int maxOutboundBytes,
        int messagesPerSecond,
        int messageBurst,
        int abuseStrikes,
        Duration idleTimeout,
        Duration pingInterval,
        Duration heartbeatTimeout,
        Duration requestTimeout,
        Duration drainTimeout,
        int unknownCodesPerSecond,
        int unknownCodeBurst,
        List<String> allowedOrigins,
        List<String> trustedProxies,
        boolean accessLog,
        boolean benchEndpoints,
        Integer adminPort,
        String adminHost) {

    public static final String DEFAULT_HOST = "0.0.0.0";
    public static final int DEFAULT_PORT = 8080;
    public static final int DEFAULT_WORKER_THREADS = 0;
    public static final String DEFAULT_TRANSPORT = "auto";
    public static final int DEFAULT_MAX_CONNECTIONS = 100_000;

    /** Open files kept from connections: the store's, and probes while every other is taken. */
    public static final int RESERVED_FILES = 1_000;

    public static final int DEFAULT_MAX_FRAME_BYTES = 64 * 1024;

    /** Broadcasts skip a backed-up connection: only replies asked for pile up to this. */
    public static final int DEFAULT_MAX_OUTBOUND_BYTES = 256 * 1024;

    public static final int DEFAULT_MESSAGES_PER_SECOND = 20;
    public static final int DEFAULT_MESSAGE_BURST = 40;
    public static final int DEFAULT_ABUSE_STRIKES = 3;
    public static final Duration DEFAULT_IDLE_TIMEOUT = Duration.ofSeconds(60);

    /** 10,000 idle connections cost under 1% of a core; inside nginx's 60 s read timeout. */
    public static final Duration DEFAULT_PING_INTERVAL = Duration.ofSeconds(45);

    public static final Duration DEFAULT_HEARTBEAT_TIMEOUT = Duration.ofSeconds(12);
    public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(10);
    public static final Duration DEFAULT_DRAIN_TIMEOUT = Duration.ofSeconds(5);
    public static final int DEFAULT_UNKNOWN_CODES_PER_SECOND = 10;
    public static final int DEFAULT_UNKNOWN_CODE_BURST = 20;
    public static final List<String> DEFAULT_ALLOWED_ORIGINS = List.of();
    public static final List<String> DEFAULT_TRUSTED_PROXIES = List.of();
    public static final boolean DEFAULT_ACCESS_LOG = false;
    public static final boolean DEFAULT_BENCH_ENDPOINTS = false;
    public static final @Nullable Integer DEFAULT_ADMIN_PORT = null;
    public static final String DEFAULT_ADMIN_HOST = "127.0.0.1";

    /** What an allowed origin looks like: a scheme, a host and an optional port, nothing else. */
    private static final Pattern ORIGIN =
            Pattern.compile("(?i)https?://([a-z0-9.-]+|\\[[0-9a-f:.]+\\])(:\\d{1,5})?");

    public NetSettings {
        Check.requirePort("port", port);
        if (adminPort != null) {
            Check.requirePort("adminPort", adminPort);
        }
        if (adminHost == null || adminHost.isBlank()) {
            throw new IllegalArgumentException("adminHost must name an address to bind");
        }
        if (workerThreads < 0) {
            throw new IllegalArgumentException(
                    "workerThreads must be 0 or more, was " + workerThreads);
        }
        Transport.choose(transport);
        Check.requirePositive("maxConnections", maxConnections);
        Check.requirePositive("maxFrameBytes", maxFrameBytes);
        Check.requirePositive("maxOutboundBytes", maxOutboundBytes);
        Check.requirePositive("messagesPerSecond", messagesPerSecond);
        Check.requirePositive("messageBurst", messageBurst);
        Check.requirePositive("abuseStrikes", abuseStrikes);
        Check.requirePositive("idleTimeout", idleTimeout);
        Check.requirePositive("pingInterval", pingInterval);
        Check.requirePositive("heartbeatTimeout", heartbeatTimeout);
        Check.requirePositive("requestTimeout", requestTimeout);
        Check.requirePositive("drainTimeout", drainTimeout);
        Check.requirePositive("unknownCodesPerSecond", unknownCodesPerSecond);
        Check.requirePositive("unknownCodeBurst", unknownCodeBurst);
        allowedOrigins = Check.words(allowedOrigins);
        for (String origin : allowedOrigins) {
            if (!ORIGIN.matcher(origin).matches()) {
                throw new IllegalArgumentException(
                        "allowedOrigins: expected scheme://host[:port] such as https://example.com,"
                                + " got '"
                                + origin
                                + "'");
            }
        }
        trustedProxies = Check.words(trustedProxies);
        trustedProxies.forEach(ClientAddress::parse);
    }

    /** {@link #maxConnections}, at most the open-file limit (-1: unknown) less reserved, min 1. */
    public int connectionCap(long maxFiles) {
        long byFiles = maxFiles < 0 ? Long.MAX_VALUE : maxFiles - RESERVED_FILES;
        return (int) Math.max(1, Math.min(maxConnections, byFiles));
    }

    /** The most files (sockets included) this process may open, or -1 off Unix. */
    static long maxFiles() {
        return ManagementFactory.getOperatingSystemMXBean()
                        instanceof UnixOperatingSystemMXBean unix
                ? unix.getMaxFileDescriptorCount()
                : -1;
    }
}
