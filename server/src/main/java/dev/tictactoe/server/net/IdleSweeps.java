package dev.tictactoe.server.net;

import io.netty.channel.ChannelHandler;
import io.netty.channel.EventLoop;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** One idle sweep per event loop, each started with its loop's first connection. */
final class IdleSweeps {

    private final Duration pingInterval;
    private final Duration requestTimeout;
    private final Duration heartbeatTimeout;
    private final Map<EventLoop, IdleSweep> sweeps = new ConcurrentHashMap<>();

    IdleSweeps(Duration pingInterval, Duration requestTimeout, Duration heartbeatTimeout) {
        this.pingInterval = pingInterval;
        this.requestTimeout = requestTimeout;
        this.heartbeatTimeout = heartbeatTimeout;
    }

    /**
     * A watch for a connection on {@code loop}, the first handler of its pipeline; with {@code
     * requests}, it also times the connection's HTTP requests, the first from now.
     */
    ChannelHandler watch(EventLoop loop, boolean requests) {
        return sweeps.computeIfAbsent(
                        loop,
                        l -> IdleSweep.start(l, pingInterval, requestTimeout, heartbeatTimeout))
                .watch(requests);
    }
}
