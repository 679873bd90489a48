package dev.tictactoe.server.net;

import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.channel.socket.ChannelInputShutdownReadComplete;
import io.netty.channel.socket.DuplexChannel;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.util.ReferenceCountUtil;

/**
 * Ends a connection whose request was refused before it was read whole, so the client reads the
 * refusal (closed while it still sends, a socket resets): our side is shut and what still arrives
 * is dropped, up to {@link #MAX_DRAINED_BYTES}, until the client closes.
 */
final class DrainInput extends ChannelInboundHandlerAdapter {

    /** Bytes read and dropped after a refusal before the connection is closed regardless. */
    static final long MAX_DRAINED_BYTES = 1024 * 1024;

    private long drained;

    DrainInput() {}

    /** Sends {@code response}, then drains what the client still sends, then closes. */
    static void sendThenDrain(ChannelHandlerContext ctx, FullHttpResponse response) {
        CrossOrigin.addTo(ctx.channel(), response);
        HttpReplies.secure(response);
        response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        ctx.writeAndFlush(response)
                .addListener(
                        (ChannelFutureListener)
                                sent -> {
                                    if (!sent.isSuccess()
                                            || !(sent.channel() instanceof DuplexChannel duplex)) {
                                        sent.channel().close();
                                        return;
                                    }
                                    // First in the pipeline: nothing after it sees another byte.
                                    sent.channel().pipeline().addFirst(new DrainInput());
                                    duplex.shutdownOutput();
                                });
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof io.netty.buffer.ByteBuf buf) {
            drained += buf.readableBytes();
        }
        ReferenceCountUtil.release(msg);
        if (drained > MAX_DRAINED_BYTES) {
            ctx.close();
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
        if (event instanceof ChannelInputShutdownEvent
                || event == ChannelInputShutdownReadComplete.INSTANCE) {
            // The client has sent all it will: nothing unread is left to reset the connection.
            ctx.close();
        } else {
            ctx.fireUserEventTriggered(event);
        }
    }
}
