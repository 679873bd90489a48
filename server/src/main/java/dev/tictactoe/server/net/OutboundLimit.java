package dev.tictactoe.server.net;

import static java.util.concurrent.TimeUnit.MILLISECONDS;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufHolder;
import io.netty.channel.Channel;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelOutboundBuffer;
import io.netty.channel.ChannelPromise;
import io.netty.channel.epoll.EpollChannelOption;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.util.ReferenceCountUtil;

import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.util.concurrent.ScheduledFuture;

/** Bounds a connection's queued bytes: over the mark it stops reading; past the cap it closes. */
final class OutboundLimit extends ChannelDuplexHandler {

    /** Why writes fail once the connection is over its limit; no stack, it is not a bug. */
    static final class TooSlow extends IOException {
        TooSlow() {
            super("the peer reads too slowly; outbound limit reached", null);
        }

        @Override
        public synchronized Throwable fillInStackTrace() {
            return this;
        }
    }

    /** A client that reads at all drains a high-water mark in well under a second. */
    static final long BACKED_UP_GRACE_MILLIS = 5_000;

    /** {@code SO_SNDBUF}: left alone, Linux grows it to megabytes we cannot count. */
    static final int SEND_BUFFER_BYTES = 64 * 1024;

    /** With epoll, bytes not yet sent the kernel holds ({@code TCP_NOTSENT_LOWAT}). */
    static final long NOT_SENT_LOW_WATER_BYTES = 16 * 1024;

    /** Room for the close frame and its header, on top of what is queued when it is written. */
    private static final int CLOSE_FRAME_ROOM = 1024;

    private final int maxBytes;
    private boolean over;
    private boolean closeSent;

    /** The check that ends a backed-up connection; null while it drains. */
    private @Nullable ScheduledFuture<?> stalled;

    OutboundLimit(int maxBytes) {
        this.maxBytes = maxBytes;
    }

    static void boundSendBuffers(ServerBootstrap bootstrap, Transport transport) {
        bootstrap.childOption(ChannelOption.SO_SNDBUF, SEND_BUFFER_BYTES);
        if (transport == Transport.EPOLL) {
            bootstrap.childOption(EpollChannelOption.TCP_NOTSENT_LOWAT, NOT_SENT_LOW_WATER_BYTES);
        }
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (closeSent) {
            drop(msg, promise);
        } else if (msg instanceof CloseWebSocketFrame) {
            closeSent = true;
            ctx.write(msg, promise);
        } else if (over) {
            drop(msg, promise);
        } else if (pending(ctx.channel()) + sizeOf(msg) > maxBytes) {
            drop(msg, promise);
            tooSlow(ctx);
        } else {
            ctx.write(msg, promise);
        }
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) throws Exception {
        boolean writable = ctx.channel().isWritable();
        // Closing, input is read and dropped: unread bytes at the close reset, losing the frame.
        ctx.channel().config().setAutoRead(writable || over);
        if (writable) {
            cancelStalled();
        } else if (stalled == null && !over) {
            stalled =
                    ctx.executor()
                            .schedule(() -> stalled(ctx), BACKED_UP_GRACE_MILLIS, MILLISECONDS);
        }
        super.channelWritabilityChanged(ctx);
    }

    private void stalled(ChannelHandlerContext ctx) {
        stalled = null;
        if (!ctx.channel().isWritable() && !over) {
            tooSlow(ctx);
        }
    }

    /** Also on a close: Netty removes a closed channel's handlers in the task that reports it. */
    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        cancelStalled();
    }

    /** Drops what is written but the close frame, and lets the kernel take what is queued. */
    private void tooSlow(ChannelHandlerContext ctx) {
        over = true;
        cancelStalled();
        Channel channel = ctx.channel();
        // The kernel caps this lower still at wmem_max.
        int wanted =
                (int) Math.min(maxBytes, pending(channel)) + SEND_BUFFER_BYTES + CLOSE_FRAME_ROOM;
        channel.config().setOption(ChannelOption.SO_SNDBUF, wanted);
        if (channel instanceof EpollSocketChannel) {
            // 0 stands for the system's default: no bound on bytes not yet sent.
            channel.config().setOption(EpollChannelOption.TCP_NOTSENT_LOWAT, 0L);
        }
        channel.config().setAutoRead(true);
        ctx.fireUserEventTriggered(ServerState.Event.TOO_SLOW);
    }

    private void cancelStalled() {
        if (stalled != null) {
            stalled.cancel(false);
            stalled = null;
        }
    }

    static long pending(Channel channel) {
        ChannelOutboundBuffer buffer = channel.unsafe().outboundBuffer();
        return buffer == null ? 0 : buffer.totalPendingWriteBytes();
    }

    private static void drop(Object msg, ChannelPromise promise) {
        ReferenceCountUtil.release(msg);
        if (!promise.isVoid()) {
            // A void promise would fail through the pipeline, closing before the frame.
            promise.tryFailure(new TooSlow());
        }
    }

    private static long sizeOf(Object msg) {
        return switch (msg) {
            case ByteBuf buf -> buf.readableBytes();
            case ByteBufHolder holder -> holder.content().readableBytes();
            default -> 0;
        };
    }
}
