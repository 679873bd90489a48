package dev.tictactoe.server.net;

import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.util.concurrent.GlobalEventExecutor;

import java.util.LongSummaryStatistics;

/** Whether the server takes new work, and every open connection (so a drain can reach them). */
final class ServerState {

    /** Events fired down a connection's pipeline by the server itself. */
    enum Event {
        /** The server is stopping: close with 1001 (sockets) or at once (plain HTTP). */
        DRAIN,
        /** More bytes are waiting to be sent than the connection may hold: close it as too slow. */
        TOO_SLOW,
        /** An HTTP request did not arrive whole within the request timeout: answer 408, close. */
        REQUEST_TIMEOUT,
        /** A connection that pings has been quiet for three quarters of the timeout: ping it. */
        HEARTBEAT_DUE,
        /** A connection that sent a ping has been silent for the heartbeat timeout: close 1001. */
        HEARTBEAT_TIMEOUT
    }

    /** Open connections, HTTP and WebSocket alike; closed ones leave on their own. */
    final ChannelGroup channels =
            new DefaultChannelGroup("connections", GlobalEventExecutor.INSTANCE);

    private volatile boolean started;
    private volatile boolean draining;

    void started() {
        started = true;
    }

    void draining() {
        draining = true;
    }

    boolean isDraining() {
        return draining;
    }

    boolean ready() {
        return started && !draining;
    }

    /** Bytes queued for sending, per connection. */
    LongSummaryStatistics pendingOutbound() {
        return channels.stream().mapToLong(OutboundLimit::pending).summaryStatistics();
    }
}
