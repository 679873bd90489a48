package dev.tictactoe.server.net;

import io.netty.channel.ChannelHandler;
import io.netty.channel.EventLoop;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** One idle sweep per event loop, each started with its loop's first connection. */
final class IdleSweeps {

    private final Duration pingInterval;
    private final Map<EventLoop, IdleSweep> sweeps = new ConcurrentHashMap<>();

    IdleSweeps(Duration pingInterval) {
        this.pingInterval = pingInterval;
    }

    /** A watch for a connection on {@code loop}, the first handler of its pipeline. */
    ChannelHandler watch(EventLoop loop) {
        return sweeps.computeIfAbsent(loop, l -> IdleSweep.start(l, pingInterval)).watch();
    }
}
