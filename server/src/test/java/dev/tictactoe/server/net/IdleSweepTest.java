package dev.tictactoe.server.net;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.timeout.IdleStateEvent;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The sweep on an embedded loop with frozen time: the idle events a connection gets, and when. */
class IdleSweepTest {

    /** Records the idle events that reach the handler behind the sweep. */
    private static final class Events extends ChannelInboundHandlerAdapter {
        final List<IdleStateEvent> seen = new ArrayList<>();

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
            seen.add((IdleStateEvent) event);
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            io.netty.util.ReferenceCountUtil.release(msg);
        }
    }

    private final EmbeddedChannel channel = new EmbeddedChannel();
    private final Events events = new Events();

    private IdleSweep sweep(Duration interval) {
        channel.freezeTime();
        IdleSweep sweep = IdleSweep.start(channel.eventLoop(), interval);
        channel.pipeline().addLast(sweep.watch(), events);
        return sweep;
    }

    private void pass(long millis) {
        for (long t = 0; t < millis; t += 10) {
            channel.advanceTimeBy(10, TimeUnit.MILLISECONDS);
            channel.runScheduledPendingTasks();
        }
    }

    @Test
    void aQuietConnectionHearsOfItOncePerIntervalFirstThenAgain() {
        sweep(Duration.ofMillis(400));
        pass(390);
        assertThat(events.seen).isEmpty();
        pass(20);
        assertThat(events.seen).containsExactly(IdleStateEvent.FIRST_READER_IDLE_STATE_EVENT);
        pass(400);
        assertThat(events.seen)
                .containsExactly(
                        IdleStateEvent.FIRST_READER_IDLE_STATE_EVENT,
                        IdleStateEvent.READER_IDLE_STATE_EVENT);
    }

    @Test
    void bytesArrivingStartTheQuietAgain() {
        sweep(Duration.ofMillis(400));
        pass(300);
        channel.writeInbound(Unpooled.wrappedBuffer(new byte[] {1}));
        pass(300);
        assertThat(events.seen).isEmpty();
        pass(200);
        assertThat(events.seen).containsExactly(IdleStateEvent.FIRST_READER_IDLE_STATE_EVENT);
        channel.writeInbound(Unpooled.wrappedBuffer(new byte[] {2}));
        pass(410);
        // After a read, the next event is a first one again.
        assertThat(events.seen)
                .containsExactly(
                        IdleStateEvent.FIRST_READER_IDLE_STATE_EVENT,
                        IdleStateEvent.FIRST_READER_IDLE_STATE_EVENT);
    }

    @Test
    void aClosedConnectionLeavesTheSweep() {
        IdleSweep sweep = sweep(Duration.ofMillis(400));
        assertThat(sweep.watching()).isEqualTo(1);
        channel.close();
        assertThat(sweep.watching()).isZero();
        pass(1_000);
        assertThat(events.seen).isEmpty();
    }

    @Test
    void longIntervalsAreSweptEverySecondSoPingsSpreadOut() {
        sweep(Duration.ofSeconds(20));
        pass(19_990);
        assertThat(events.seen).isEmpty();
        pass(1_000);
        assertThat(events.seen).hasSize(1);
        assertThat(IdleSweep.MAX_TICK).isEqualTo(Duration.ofSeconds(1));
    }
}
