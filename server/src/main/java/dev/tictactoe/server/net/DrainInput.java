package dev.tictactoe.server.net;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.channel.socket.ChannelInputShutdownReadComplete;
import io.netty.channel.socket.DuplexChannel;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.util.ReferenceCountUtil;

/** After a refusal read part way, drops input until the client closes, so it reads the refusal. */
final class DrainInput extends ChannelInboundHandlerAdapter {

    /** Bytes read and dropped after a refusal before the connection is closed regardless. */
    static final long MAX_DRAINED_BYTES = 1024 * 1024;

    private long drained;

    static void sendThenDrain(ChannelHandlerContext ctx, FullHttpResponse response) {
        HttpReplies.write(ctx, response, false)
                .addListener(
                        sent -> {
                            if (sent.isSuccess() && ctx.channel() instanceof DuplexChannel duplex) {
                                // First in the pipeline: nothing after it sees another byte.
                                duplex.pipeline().addFirst(new DrainInput());
                                duplex.shutdownOutput();
                            } else {
                                ctx.channel().close();
                            }
                        });
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof ByteBuf buf) {
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
            ctx.close(); // the client has sent all it will
        } else {
            ctx.fireUserEventTriggered(event);
        }
    }
}
