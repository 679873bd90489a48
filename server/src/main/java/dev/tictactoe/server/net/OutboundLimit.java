package dev.tictactoe.server.net;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufHolder;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundBuffer;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.util.ReferenceCountUtil;

import java.io.IOException;

/**
 * Bounds what one connection can hold in memory, whoever writes to it: while the connection is over
 * its high-water mark, reading stops (a client that does not read cannot ask for more); a write
 * that would take the bytes waiting past {@code maxBytes} is dropped, as is everything after it but
 * the close frame, and the session is told to close as too slow. Nothing follows a close frame:
 * later writes (a broadcast already on its way, say) are dropped quietly here, where the WebSocket
 * handler would fail them and close the connection before the frame is read.
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

    private static final TooSlow TOO_SLOW = new TooSlow();

    private final int maxBytes;
    private boolean over;
    private boolean closeSent;

    OutboundLimit(int maxBytes) {
        this.maxBytes = maxBytes;
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
            over = true;
            ctx.fireUserEventTriggered(ServerState.Event.TOO_SLOW);
            drop(msg, promise);
            return;
        }
        ctx.write(msg, promise);
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) throws Exception {
        // Reading resumes when the peer has taken enough of what it was sent.
        ctx.channel().config().setAutoRead(ctx.channel().isWritable());
        super.channelWritabilityChanged(ctx);
    }

    boolean over() {
        return over;
    }

    private static void drop(Object msg, ChannelPromise promise) {
        ReferenceCountUtil.release(msg);
        if (!promise.isVoid()) {
            // A void promise would raise the failure through the pipeline, where the WebSocket
            // handler closes at once, cutting short the close frame's linger.
            promise.tryFailure(TOO_SLOW);
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
