package dev.tictactoe.server.net;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The sweep on an embedded loop with frozen time: the idle events a connection gets, and when. */
class IdleSweepTest {

    /** Records the events that reach the handler behind the sweep. */
    private static final class Events extends ChannelInboundHandlerAdapter {
        final List<Object> seen = new ArrayList<>();

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
            seen.add(event);
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            io.netty.util.ReferenceCountUtil.release(msg);
        }
    }

    private final EmbeddedChannel channel = new EmbeddedChannel();
    private final Events events = new Events();

    /** The request clock is far off: these tests are about quiet connections. */
    private IdleSweep sweep(Duration interval) {
        return sweep(interval, Duration.ofHours(1), false).sweep;
    }

    private record Swept(IdleSweep sweep, IdleSweep.Watch watch) {}

    private Swept sweep(Duration interval, Duration requestTimeout, boolean requests) {
        return sweep(interval, requestTimeout, Duration.ofHours(1), requests);
    }

    private Swept sweep(
            Duration interval, Duration requestTimeout, Duration heartbeat, boolean requests) {
        channel.freezeTime();
        IdleSweep sweep = IdleSweep.start(channel.eventLoop(), interval, requestTimeout, heartbeat);
        IdleSweep.Watch watch = sweep.watch(requests);
        channel.pipeline().addLast(watch, events);
        return new Swept(sweep, watch);
    }

    private void read(int b) {
        channel.writeInbound(Unpooled.wrappedBuffer(new byte[] {(byte) b}));
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
        assertThat(events.seen).containsExactly(new IdleSweep.Quiet(1));
        pass(400);
        assertThat(events.seen).containsExactly(new IdleSweep.Quiet(1), new IdleSweep.Quiet(2));
    }

    @Test
    void bytesArrivingStartTheQuietAgain() {
        sweep(Duration.ofMillis(400));
        pass(300);
        channel.writeInbound(Unpooled.wrappedBuffer(new byte[] {1}));
        pass(300);
        assertThat(events.seen).isEmpty();
        pass(200);
        assertThat(events.seen).containsExactly(new IdleSweep.Quiet(1));
        channel.writeInbound(Unpooled.wrappedBuffer(new byte[] {2}));
        pass(410);
        // After a read, the count starts again.
        assertThat(events.seen).containsExactly(new IdleSweep.Quiet(1), new IdleSweep.Quiet(1));
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

    @Test
    void aRequestStillComingAtTheRequestTimeoutIsTimedOut() {
        sweep(Duration.ofSeconds(45), Duration.ofMillis(400), true);
        pass(100);
        read('G'); // bytes now and then: never quiet, never whole
        pass(200);
        read('E');
        pass(90);
        assertThat(events.seen).isEmpty();
        pass(20);
        assertThat(events.seen).containsExactly(ServerState.Event.REQUEST_TIMEOUT);
        assertThat(channel.isOpen()).isTrue(); // the handler behind answers 408 and closes
        pass(1_000);
        assertThat(events.seen).hasSize(1);
    }

    @Test
    void aConnectionThatSaysNothingByTheRequestTimeoutIsClosed() {
        sweep(Duration.ofSeconds(45), Duration.ofMillis(400), true);
        pass(390);
        assertThat(channel.isOpen()).isTrue();
        pass(20);
        assertThat(channel.isOpen()).isFalse();
        assertThat(events.seen).isEmpty();
    }

    @Test
    void aWholeRequestStopsTheClockAndTheNextOnesFirstByteStartsIt() {
        Swept swept = sweep(Duration.ofSeconds(45), Duration.ofMillis(400), true);
        pass(300);
        read('G');
        swept.watch().requestReceived(true);
        pass(1_000); // kept alive and quiet: the idle sweep's business, not the request clock's
        assertThat(events.seen).isEmpty();
        read('G');
        pass(390);
        assertThat(events.seen).isEmpty();
        pass(20);
        assertThat(events.seen).containsExactly(ServerState.Event.REQUEST_TIMEOUT);
    }

    @Test
    void anUpgradedConnectionIsNoLongerTimedForRequests() {
        Swept swept = sweep(Duration.ofSeconds(45), Duration.ofMillis(400), true);
        read('G');
        swept.watch().requestReceived(false);
        for (int i = 0; i < 10; i++) {
            pass(200);
            read(0x81); // frames
        }
        assertThat(events.seen).isEmpty();
        assertThat(channel.isOpen()).isTrue();
    }

    @Test
    void aWatchWithoutRequestsNeverTimesThem() {
        sweep(Duration.ofSeconds(45), Duration.ofMillis(400), false);
        read('G');
        pass(2_000);
        assertThat(events.seen).isEmpty();
        assertThat(channel.isOpen()).isTrue();
    }

    @Test
    void aHeartbeatingConnectionQuietForTheTimeoutHearsOfItOnce() {
        Swept swept =
                sweep(Duration.ofSeconds(45), Duration.ofHours(1), Duration.ofMillis(400), false);
        pass(300);
        assertThat(events.seen).as("not heartbeating yet").isEmpty();
        swept.watch.heartbeating();
        read(1);
        pass(390);
        assertThat(events.seen).containsExactly(ServerState.Event.HEARTBEAT_DUE);
        pass(110);
        assertThat(events.seen)
                .containsExactly(
                        ServerState.Event.HEARTBEAT_DUE, ServerState.Event.HEARTBEAT_TIMEOUT);
        pass(1000);
        assertThat(events.seen)
                .containsExactly(
                        ServerState.Event.HEARTBEAT_DUE, ServerState.Event.HEARTBEAT_TIMEOUT);
    }

    @Test
    void aHeartbeatingConnectionIsPingedOncePerQuietSpellAtThreeQuartersOfTheTimeout() {
        Swept swept =
                sweep(Duration.ofSeconds(45), Duration.ofHours(1), Duration.ofMillis(400), false);
        swept.watch.heartbeating();
        read(1);
        pass(290);
        assertThat(events.seen).isEmpty();
        pass(20);
        assertThat(events.seen).containsExactly(ServerState.Event.HEARTBEAT_DUE);
        pass(60);
        assertThat(events.seen).as("one ping per quiet spell").hasSize(1);
        read(2); // the answer
        pass(220);
        assertThat(events.seen).hasSize(1);
        pass(20);
        assertThat(events.seen)
                .containsExactly(ServerState.Event.HEARTBEAT_DUE, ServerState.Event.HEARTBEAT_DUE);
    }

    @Test
    void aConnectionThatNeverPingedIsNotTimedByTheHeartbeat() {
        sweep(Duration.ofSeconds(45), Duration.ofHours(1), Duration.ofMillis(400), false);
        pass(2000);
        assertThat(events.seen).isEmpty();
    }
}
