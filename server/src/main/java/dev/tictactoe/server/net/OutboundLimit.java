package dev.tictactoe.server.net;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufHolder;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundBuffer;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.util.ReferenceCountUtil;

import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Bounds what one connection holds in memory: over its high-water mark it stops reading; a write
 * past {@code maxBytes}, or {@link #BACKED_UP_GRACE_MILLIS} over the mark, closes it as too slow.
 * Writes after a close frame are dropped quietly here, where the WebSocket handler would fail them
 * and close the connection before the frame is read.
 */
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

    private final int maxBytes;
    private final long graceMillis;
    private boolean over;
    private boolean closeSent;

    /** The check that ends a backed-up connection; null while it drains. */
    private @Nullable ScheduledFuture<?> stalled;

    OutboundLimit(int maxBytes) {
        this(maxBytes, BACKED_UP_GRACE_MILLIS);
    }

    OutboundLimit(int maxBytes, long graceMillis) {
        this.maxBytes = maxBytes;
        this.graceMillis = graceMillis;
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (closeSent) {
            drop(msg, promise);
            return;
        }
        if (msg instanceof CloseWebSocketFrame) {
            closeSent = true;
            ctx.write(msg, promise);
            return;
        }
        if (over) {
            drop(msg, promise);
            return;
        }
        ChannelOutboundBuffer buffer = ctx.channel().unsafe().outboundBuffer();
        long pending = buffer == null ? 0 : buffer.totalPendingWriteBytes();
        if (pending + sizeOf(msg) > maxBytes) {
            drop(msg, promise);
            tooSlow(ctx);
            return;
        }
        ctx.write(msg, promise);
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) throws Exception {
        // Reading resumes when the peer has taken enough of what it was sent.
        boolean writable = ctx.channel().isWritable();
        // Once closing, what arrives is read and dropped (SessionHandler): a socket closed with
        // unread bytes resets, and the reset discards the close frame still queued to the client.
        ctx.channel().config().setAutoRead(writable || over);
        if (writable) {
            cancelStalled();
        } else if (stalled == null && !over) {
            stalled =
                    ctx.executor()
                            .schedule(
                                    () -> {
                                        stalled = null;
                                        if (!ctx.channel().isWritable() && !over) {
                                            tooSlow(ctx);
                                        }
                                    },
                                    graceMillis,
                                    TimeUnit.MILLISECONDS);
        }
        super.channelWritabilityChanged(ctx);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        cancelStalled();
        super.channelInactive(ctx);
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        cancelStalled();
    }

    /**
     * Drops everything written from now on but the close frame, lets the kernel take what is queued
     * (so that the close frame reaches a client that reads later) and tells the session to close.
     */
    private void tooSlow(ChannelHandlerContext ctx) {
        over = true;
        cancelStalled();
        SendBuffer.widenForClose(ctx.channel(), maxBytes);
        ctx.channel().config().setAutoRead(true);
        ctx.fireUserEventTriggered(ServerState.Event.TOO_SLOW);
    }

    private void cancelStalled() {
        if (stalled != null) {
            stalled.cancel(false);
            stalled = null;
        }
    }

    boolean over() {
        return over;
    }

    private static void drop(Object msg, ChannelPromise promise) {
        ReferenceCountUtil.release(msg);
        if (!promise.isVoid()) {
            // A void promise would raise the failure through the pipeline, where the WebSocket
            // handler closes at once, cutting short the close frame's linger.
            promise.tryFailure(new TooSlow());
        }
    }

    private static long sizeOf(Object msg) {
        if (msg instanceof ByteBuf buf) {
            return buf.readableBytes();
        }
        if (msg instanceof ByteBufHolder holder) {
            return holder.content().readableBytes();
        }
        return 0;
    }
}
