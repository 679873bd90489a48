package dev.tictactoe.server.flags;

import dev.tictactoe.server.net.NetSettings;

import picocli.CommandLine.Option;

import java.time.Duration;
import java.util.List;

/** The flags of {@link NetSettings}; each field is named as its component (see {@link Flags}). */
public final class NetFlags extends Flags<NetSettings> {

    @Option(names = "--host", description = "Address to bind")
    String host;

    @Option(names = "--port", description = "TCP port, 0 for any free one")
    int port;

    @Option(names = "--worker-threads", description = "Netty worker threads, 0 = one per core")
    int workerThreads;

    @Option(
            names = "--transport",
            description =
                    "Socket transport: auto (native epoll where it loads, else NIO), epoll or nio")
    String transport;

    @Option(
            names = "--max-connections",
            description =
                    "Connections open at once, and never more than the open-file limit less "
                            + NetSettings.RESERVED_FILES
                            + "; beyond, a new one may ask for health and metrics and is answered"
                            + " 503 server_full to anything else")
    int maxConnections;

    @Option(
            names = "--max-frame-bytes",
            description = "Largest WebSocket message accepted, in one frame or in fragments")
    int maxFrameBytes;

    @Option(
            names = "--max-outbound-bytes",
            description =
                    "Bytes waiting to be sent to one connection before it is closed as too slow,"
                            + " 4008")
    int maxOutboundBytes;

    @Option(
            names = "--messages-per-second",
            description = "Sustained messages per connection per second")
    int messagesPerSecond;

    @Option(names = "--message-burst", description = "Messages a connection may send at once")
    int messageBurst;

    @Option(
            names = "--abuse-strikes",
            description = "Rate-limited seconds within a minute before the connection is closed")
    int abuseStrikes;

    @Option(names = "--idle-timeout", description = "Close a connection silent this long")
    Duration idleTimeout;

    @Option(names = "--ping-interval", description = "Ping a quiet connection this often")
    Duration pingInterval;

    @Option(
            names = "--heartbeat-timeout",
            description = "Close a connection that sent a ping and then nothing this long")
    Duration heartbeatTimeout;

    @Option(
            names = "--request-timeout",
            description =
                    "Close with 408 a connection whose HTTP request (the WebSocket upgrade"
                        + " included) has not arrived whole this long after it opened, or on a"
                        + " kept-alive connection after the first byte that follows the previous"
                        + " request")
    Duration requestTimeout;

    @Option(
            names = "--drain-timeout",
            description = "On SIGTERM, wait this long for clients to take their close frames")
    Duration drainTimeout;

    @Option(
            names = "--unknown-codes-per-second",
            description = "Unknown room codes one address may try per second before 429")
    int unknownCodesPerSecond;

    @Option(
            names = "--unknown-code-burst",
            description = "Unknown room codes one address may try at once")
    int unknownCodeBurst;

    @Option(
            names = "--allowed-origins",
            split = ",",
            description =
                    "Comma-separated browser origins (https://host[:port]) allowed to open room"
                        + " sockets and call the HTTP API from script (CORS) besides the server's"
                        + " own")
    List<String> allowedOrigins;

    @Option(
            names = "--trusted-proxies",
            split = ",",
            description =
                    "Comma-separated proxy addresses or CIDR ranges whose X-Forwarded-For names the"
                            + " client")
    List<String> trustedProxies;

    @Option(
            names = "--access-log",
            description =
                    "Log a line per HTTP answer (remote, request, status, time) and per WebSocket"
                        + " at its close (close code, who closed, how long it lived), on the logger"
                        + " 'access'")
    boolean accessLog;

    @Option(
            names = "--bench-endpoints",
            description = "Let /metrics?gc=1 collect garbage first; for benchmarks only")
    boolean benchEndpoints;

    @Option(
            names = "--admin-port",
            description =
                    "Port of the admin surface (rooms, close, disconnect, probes, metrics); '"
                            + Defaults.NONE
                            + "' binds nothing. Keep it private")
    Integer adminPort;

    @Option(
            names = "--admin-host",
            description =
                    "Address the admin port binds; loopback unless a container must publish it")
    String adminHost;
}
