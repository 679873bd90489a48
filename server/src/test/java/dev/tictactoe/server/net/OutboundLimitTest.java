package dev.tictactoe.server.net;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

class OutboundLimitTest {

    private static final int CAP = 100_000;

    private final List<Object> events = new ArrayList<>();
    private final EmbeddedChannel channel = new EmbeddedChannel();

    OutboundLimitTest() {
        channel.config().setWriteBufferWaterMark(GameServer.WATER_MARK);
        channel.pipeline()
                .addLast(
                        new OutboundLimit(CAP),
                        new ChannelInboundHandlerAdapter() {
                            @Override
                            public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
                                events.add(evt);
                            }
                        });
    }

    private static ByteBuf bytes(int n) {
        return Unpooled.buffer(n).writeZero(n);
    }

    private long pending() {
        return channel.unsafe().outboundBuffer().totalPendingWriteBytes();
    }

    @Test
    void theDefaultCapHoldsMoreThanTheHighWaterMark() {
        assertThat(NetSettings.DEFAULT_MAX_OUTBOUND_BYTES)
                .isEqualTo(256 * 1024)
                .isGreaterThan(GameServer.WATER_MARK.high() * 2);
    }

    @Test
    void readingStopsWhileTheConnectionIsBackedUpAndResumesWhenItDrains() {
        channel.write(bytes(40_000));
        assertThat(channel.config().isAutoRead()).isTrue();
        channel.write(bytes(40_000));
        channel.runPendingTasks();
        assertThat(channel.isWritable()).isFalse();
        assertThat(channel.config().isAutoRead()).isFalse();
        channel.flush();
        channel.runPendingTasks();
        assertThat(channel.isWritable()).isTrue();
        assertThat(channel.config().isAutoRead()).isTrue();
        channel.finishAndReleaseAll();
    }

    @Test
    void aWritePastTheCapIsDroppedAndTheSessionIsToldToCloseAsTooSlow() {
        channel.write(bytes(40_000));
        channel.write(bytes(40_000));
        ByteBuf third = bytes(40_000);
        ChannelFuture refused = channel.write(third);
        assertThat(refused.cause()).isInstanceOf(OutboundLimit.TooSlow.class);
        assertThat(third.refCnt()).isZero();
        assertThat(events).containsExactly(ServerState.Event.TOO_SLOW);
        assertThat(pending()).isLessThanOrEqualTo(CAP);

        // Whatever comes after is dropped too, however small, but the close frame still goes out.
        ByteBuf small = bytes(10);
        channel.write(small, channel.voidPromise());
        assertThat(small.refCnt()).isZero();
        channel.writeAndFlush(new CloseWebSocketFrame(4008, "too slow"));
        List<Object> sent = new ArrayList<>(channel.outboundMessages());
        assertThat(sent).hasSize(3);
        assertThat(sent.get(2)).isInstanceOf(CloseWebSocketFrame.class);
        assertThat(events).containsExactly(ServerState.Event.TOO_SLOW);
        channel.finishAndReleaseAll();
    }

    @Test
    void aConnectionBackedUpPastTheGraceIsToldToCloseAsTooSlowAndReadsAgain() {
        channel.freezeTime();
        channel.write(bytes(70_000));
        channel.runPendingTasks();
        assertThat(channel.isWritable()).isFalse();
        channel.advanceTimeBy(OutboundLimit.BACKED_UP_GRACE_MILLIS - 1, TimeUnit.MILLISECONDS);
        channel.runScheduledPendingTasks();
        assertThat(events).isEmpty();
        channel.advanceTimeBy(1, TimeUnit.MILLISECONDS);
        channel.runScheduledPendingTasks();
        assertThat(events).containsExactly(ServerState.Event.TOO_SLOW);
        // What still arrives is read and dropped, so the close does not reset the connection.
        assertThat(channel.config().isAutoRead()).isTrue();
        channel.finishAndReleaseAll();
    }

    @Test
    void aConnectionThatDrainsWithinTheGraceStaysOpen() {
        channel.freezeTime();
        channel.write(bytes(70_000));
        channel.runPendingTasks();
        channel.advanceTimeBy(OutboundLimit.BACKED_UP_GRACE_MILLIS - 1, TimeUnit.MILLISECONDS);
        channel.flush();
        channel.runPendingTasks();
        assertThat(channel.isWritable()).isTrue();
        channel.advanceTimeBy(OutboundLimit.BACKED_UP_GRACE_MILLIS, TimeUnit.MILLISECONDS);
        channel.runScheduledPendingTasks();
        assertThat(events).isEmpty();
        channel.finishAndReleaseAll();
    }

    @Test
    void pendingBytesStayUnderTheCapHoweverMuchIsWritten() {
        long most = 0;
        for (int i = 0; i < 1_000; i++) {
            channel.write(bytes(1_000), channel.voidPromise());
            most = Math.max(most, pending());
        }
        assertThat(most).isLessThanOrEqualTo(CAP);
        assertThat(events).containsExactly(ServerState.Event.TOO_SLOW);
        channel.flush();
        channel.finishAndReleaseAll();
    }

    @Test
    void nothingFollowsACloseFrameAndDroppedBroadcastsRaiseNoError() {
        channel.writeAndFlush(new CloseWebSocketFrame(4002, "left"));
        ByteBuf broadcast = bytes(10);
        channel.writeAndFlush(broadcast, channel.voidPromise());
        ChannelFuture reply = channel.writeAndFlush(bytes(10));
        ChannelFuture secondClose =
                channel.writeAndFlush(new CloseWebSocketFrame(1001, "going away"));

        assertThat(broadcast.refCnt()).isZero();
        assertThat(reply.isSuccess()).isFalse();
        assertThat(secondClose.isSuccess()).isFalse();
        channel.checkException();
        assertThat(channel.isOpen()).isTrue();
        assertThat(channel.outboundMessages())
                .hasSize(1)
                .first()
                .isInstanceOf(CloseWebSocketFrame.class);
        channel.finishAndReleaseAll();
    }
}
