package dev.tictactoe.server.net;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoop;

import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** One timer per loop for idle, request and heartbeat timeouts: a loop's pings leave in a batch. */
final class IdleSweep implements Runnable {

    /** The longest tick: a connection hears of its quiet at most this late. */
    static final Duration MAX_TICK = Duration.ofSeconds(1);

    /** Ticks per ping interval at least, so short test intervals keep their meaning. */
    static final int MIN_TICKS_PER_INTERVAL = 4;

    static final String WATCH = "idle";

    /** Fired every ping interval of silence: {@code intervals} of them since the last read. */
    record Quiet(int intervals) {}

    private final long intervalTicks;
    private final long requestTicks;
    private final long heartbeatTicks;
    private final long heartbeatPingTicks;
    private final List<Watch> watched = new ArrayList<>();
    private long tick;

    private IdleSweep(long intervalTicks, long requestTicks, long heartbeatTicks) {
        this.intervalTicks = intervalTicks;
        this.requestTicks = requestTicks;
        this.heartbeatTicks = heartbeatTicks;
        this.heartbeatPingTicks = Math.max(1, heartbeatTicks * 3 / 4);
    }

    static IdleSweep start(
            EventLoop loop, Duration interval, Duration requestTimeout, Duration heartbeatTimeout) {
        long shortest =
                Collections.min(List.of(interval, requestTimeout, heartbeatTimeout)).toNanos();
        long tickNanos =
                Math.max(1, Math.min(shortest / MIN_TICKS_PER_INTERVAL, MAX_TICK.toNanos()));
        IdleSweep sweep =
                new IdleSweep(
                        Math.ceilDiv(interval.toNanos(), tickNanos),
                        Math.ceilDiv(requestTimeout.toNanos(), tickNanos),
                        Math.ceilDiv(heartbeatTimeout.toNanos(), tickNanos));
        loop.scheduleAtFixedRate(sweep, tickNanos, tickNanos, TimeUnit.NANOSECONDS);
        return sweep;
    }

    /** A whole request arrived; with {@code more}, the next one's first byte starts the clock. */
    static void requestReceived(ChannelPipeline pipeline, boolean more) {
        if (pipeline.get(WATCH) instanceof Watch watch) {
            watch.requestReceived(more);
        }
    }

    Watch watch(boolean requests) {
        return new Watch(requests);
    }

    int watching() {
        return watched.size();
    }

    @Override
    public void run() {
        tick++;
        // A copy: an event may close its connection, and a closed one leaves the list.
        for (Watch watch : watched.toArray(Watch[]::new)) {
            watch.check();
        }
    }

    final class Watch extends ChannelInboundHandlerAdapter {
        private @Nullable ChannelHandlerContext ctx;
        private long lastRead;
        private long firedFor = -1;
        private int quiet;

        /** The tick by which the request under way must be whole; -1 while none is timed. */
        private long requestBy = -1;

        /** Bytes came while the request clock ran. */
        private boolean requestStarted;

        /** A request was answered and another may follow: its first byte starts the clock. */
        private boolean nextRequest;

        /** The connection pings: silent for the heartbeat timeout, it is told so. */
        private boolean heartbeating;

        /** The last read for which the server pinged, so that a quiet spell gets one ping. */
        private long pingedFor = -1;

        private final boolean requests;

        private Watch(boolean requests) {
            this.requests = requests;
        }

        void requestReceived(boolean more) {
            requestBy = -1;
            requestStarted = false;
            nextRequest = more && requests;
        }

        void heartbeating() {
            heartbeating = true;
        }

        @Override
        public void handlerAdded(ChannelHandlerContext ctx) {
            this.ctx = ctx;
            lastRead = tick;
            if (requests) {
                requestBy = tick + requestTicks;
            }
            watched.add(this);
        }

        /** Also on a close: Netty removes a closed channel's handlers as it reports the close. */
        @Override
        public void handlerRemoved(ChannelHandlerContext ctx) {
            watched.remove(this);
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            lastRead = tick;
            if (nextRequest) {
                nextRequest = false;
                requestBy = tick + requestTicks;
            }
            if (requestBy >= 0) {
                requestStarted = true; // no store on the reads of an upgraded connection
            }
            ctx.fireChannelRead(msg);
        }

        void check() {
            ChannelHandlerContext ctx = this.ctx;
            if (ctx == null) {
                return; // watched only once added, with its context
            }
            if (requestBy >= 0 && tick >= requestBy) {
                requestBy = -1;
                if (requestStarted) {
                    ctx.fireUserEventTriggered(ServerState.Event.REQUEST_TIMEOUT);
                } else {
                    ctx.close(); // nothing was said: nothing to answer
                }
                return;
            }
            if (heartbeating && tick - lastRead >= heartbeatTicks) {
                heartbeating = false;
                ctx.fireUserEventTriggered(ServerState.Event.HEARTBEAT_TIMEOUT);
                return;
            }
            if (heartbeating && pingedFor != lastRead && tick - lastRead >= heartbeatPingTicks) {
                pingedFor = lastRead;
                ctx.fireUserEventTriggered(ServerState.Event.HEARTBEAT_DUE);
            }
            if (firedFor != lastRead) {
                firedFor = lastRead;
                quiet = 0;
            }
            if (tick - lastRead >= (quiet + 1) * intervalTicks) {
                ctx.fireUserEventTriggered(new Quiet(++quiet));
            }
        }
    }
}
