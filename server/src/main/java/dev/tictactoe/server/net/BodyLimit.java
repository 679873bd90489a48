package dev.tictactoe.server.net;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.channel.socket.ChannelInputShutdownReadComplete;
import io.netty.channel.socket.DuplexChannel;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.TooLongHttpContentException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.netty.util.ReferenceCountUtil;

import org.jspecify.annotations.Nullable;

/** Aggregates a request's body; one too large goes on bodiless, marked so, for {@link #refusal}. */
public final class BodyLimit extends HttpObjectAggregator {

    /** Bytes read and dropped after a refusal before the connection is closed regardless. */
    static final long MAX_DRAINED_BYTES = 1024 * 1024;

    public BodyLimit(int maxBytes) {
        super(maxBytes);
    }

    /** Only a 100 Continue goes out from here: the handler refuses, with a body. */
    @Override
    protected @Nullable Object newContinueResponse(
            HttpMessage start, int maxContentLength, ChannelPipeline pipeline) {
        if (HttpUtil.is100ContinueExpected(start)
                && HttpUtil.getContentLength(start, -1L) <= maxContentLength) {
            return super.newContinueResponse(start, maxContentLength, pipeline);
        }
        return null;
    }

    /** Written from here, the 413 could overtake an answer still owed to an earlier request. */
    @Override
    protected void handleOversizedMessage(ChannelHandlerContext ctx, HttpMessage oversized) {
        HttpRequest start = (HttpRequest) oversized;
        FullHttpRequest refused =
                new DefaultFullHttpRequest(start.protocolVersion(), start.method(), start.uri());
        refused.setDecoderResult(
                DecoderResult.failure(
                        new TooLongHttpContentException(
                                "request bodies are at most " + maxContentLength() + " bytes")));
        ctx.fireChannelRead(refused);
    }

    /** The answer to a request the decoder or the aggregator gave up on. */
    public static FullHttpResponse refusal(FullHttpRequest request) {
        boolean head = request.method().equals(HttpMethod.HEAD);
        // The subclasses of TooLongFrameException first.
        return switch (request.decoderResult().cause()) {
            case TooLongHttpContentException body ->
                    HttpReplies.badMessage(
                            HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE,
                            String.valueOf(body.getMessage()),
                            head);
            case TooLongHttpLineException line ->
                    HttpReplies.badMessage(
                            HttpResponseStatus.REQUEST_URI_TOO_LONG,
                            "the request line is over "
                                    + ServerInitializer.MAX_REQUEST_LINE_BYTES
                                    + " bytes",
                            head);
            case TooLongFrameException headers ->
                    HttpReplies.badMessage(
                            HttpResponseStatus.REQUEST_HEADER_FIELDS_TOO_LARGE,
                            "the headers are over " + ServerInitializer.MAX_HEADER_BYTES + " bytes",
                            head);
            case null, default ->
                    HttpReplies.badMessage(
                            HttpResponseStatus.BAD_REQUEST, "malformed HTTP request", head);
        };
    }

    /** Refuses a request read part way, then drains what the client still sends, then closes. */
    static void refuse(ChannelHandlerContext ctx, FullHttpRequest request) {
        HttpReplies.write(ctx, refusal(request), false)
                .addListener(
                        sent -> {
                            if (sent.isSuccess() && ctx.channel() instanceof DuplexChannel duplex) {
                                // First in the pipeline: nothing after it sees another byte.
                                duplex.pipeline().addFirst(new Drain());
                                duplex.shutdownOutput();
                            } else {
                                ctx.channel().close();
                            }
                        });
    }

    /** Drops input until the client closes, so that it reads the refusal rather than a reset. */
    static final class Drain extends ChannelInboundHandlerAdapter {
        private long drained;

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
}
