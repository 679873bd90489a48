package dev.tictactoe.server.net;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoop;
import io.netty.handler.timeout.IdleStateEvent;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Finds the quiet connections of one event loop with one timer for all of them. A connection notes
 * the sweep's tick whenever bytes arrive; each tick, one quiet for a ping interval (and again for
 * every interval after) gets the {@link IdleStateEvent} Netty's {@code IdleStateHandler} would
 * fire, so the handlers behind it ping, close a stalled handshake or drop a quiet HTTP connection.
 * A timer per connection would wake the loop once per connection and interval, and on thousands of
 * idle connections those wake-ups cost more than the pings. Loop thread only.
 */
final class IdleSweep implements Runnable {

    /**
     * The longest tick: a connection hears of its quiet at most this late, and the pings due are
     * spread over ticks this far apart rather than sent in one burst.
     */
    static final Duration MAX_TICK = Duration.ofSeconds(1);

    /** Ticks per ping interval at least, so short test intervals keep their meaning. */
    static final int MIN_TICKS_PER_INTERVAL = 4;

    private final long intervalTicks;
    private final List<Watch> watched = new ArrayList<>();
    private long tick;

    private IdleSweep(long intervalTicks) {
        this.intervalTicks = intervalTicks;
    }

    /** Starts sweeping the connections of {@code loop} that go quiet for {@code interval}. */
    static IdleSweep start(EventLoop loop, Duration interval) {
        long tickNanos =
                Math.max(
                        1,
                        Math.min(interval.toNanos() / MIN_TICKS_PER_INTERVAL, MAX_TICK.toNanos()));
        IdleSweep sweep = new IdleSweep((interval.toNanos() + tickNanos - 1) / tickNanos);
        loop.scheduleAtFixedRate(sweep, tickNanos, tickNanos, TimeUnit.NANOSECONDS);
        return sweep;
    }

    /** A handler that puts its connection under this sweep; first in the pipeline. */
    ChannelInboundHandlerAdapter watch() {
        return new Watch();
    }

    /** How many connections the sweep watches. */
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

    /** One connection's reads, and the events fired since the last of them. */
    private final class Watch extends ChannelInboundHandlerAdapter {
        private ChannelHandlerContext ctx;
        private long lastRead;
        private long firedFor = -1;
        private int fired;

        @Override
        public void handlerAdded(ChannelHandlerContext ctx) {
            this.ctx = ctx;
            lastRead = tick;
            watched.add(this);
        }

        @Override
        public void handlerRemoved(ChannelHandlerContext ctx) {
            watched.remove(this);
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) throws Exception {
            watched.remove(this);
            super.channelInactive(ctx);
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            lastRead = tick;
            ctx.fireChannelRead(msg);
        }

        void check() {
            if (firedFor != lastRead) {
                firedFor = lastRead;
                fired = 0;
            }
            if (tick - lastRead >= (fired + 1) * intervalTicks) {
                ctx.fireUserEventTriggered(
                        fired++ == 0
                                ? IdleStateEvent.FIRST_READER_IDLE_STATE_EVENT
                                : IdleStateEvent.READER_IDLE_STATE_EVENT);
            }
        }
    }
}
