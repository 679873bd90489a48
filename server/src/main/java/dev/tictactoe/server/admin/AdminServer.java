package dev.tictactoe.server.admin;

import dev.tictactoe.server.room.RoomRegistry;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.timeout.ReadTimeoutHandler;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

/** The admin port: a listener beside the public one, one HTTP request per connection. */
public final class AdminServer implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(AdminServer.class);

    /** A request body (a reason) is a few hundred bytes; anything larger is answered 413. */
    static final int MAX_BODY_BYTES = 4 * 1024;

    /** A connection that has not sent its request whole by then is closed. */
    static final int REQUEST_TIMEOUT_SECONDS = 10;

    private final Channel listener;

    /** Serves on {@code listener}, bound from {@link #bootstrap}. */
    public AdminServer(Channel listener) {
        this.listener = listener;
        log.info("admin port listening on {}", listener.localAddress());
    }

    /**
     * The listener's bootstrap, for the caller to bind: it serves the rooms and probes given, and
     * checks requests against {@code host}, the address it is bound to.
     */
    public static ServerBootstrap bootstrap(
            String host,
            EventLoopGroup boss,
            EventLoopGroup workers,
            Class<? extends ServerChannel> channel,
            RoomRegistry rooms,
            Probes probes) {
        AdminHandler handler =
                new AdminHandler(rooms, probes, new AdminGuard(host), System::currentTimeMillis);
        return new ServerBootstrap()
                .group(boss, workers)
                .channel(channel)
                .childHandler(
                        new ChannelInitializer<>() {
                            @Override
                            protected void initChannel(Channel child) {
                                child.pipeline()
                                        .addLast(
                                                new ReadTimeoutHandler(
                                                        REQUEST_TIMEOUT_SECONDS, TimeUnit.SECONDS))
                                        .addLast(new HttpServerCodec())
                                        .addLast(new BodyLimit())
                                        .addLast(handler);
                            }
                        });
    }

    /** Aggregates a request's body up to {@link #MAX_BODY_BYTES}; refuses a larger one in JSON. */
    private static final class BodyLimit extends HttpObjectAggregator {
        BodyLimit() {
            super(MAX_BODY_BYTES);
        }

        /** A body announced too large is refused below, with a typed error, not Netty's own. */
        @Override
        protected @Nullable Object newContinueResponse(
                HttpMessage start, int maxContentLength, ChannelPipeline pipeline) {
            return HttpUtil.getContentLength(start, -1L) > maxContentLength
                    ? null
                    : super.newContinueResponse(start, maxContentLength, pipeline);
        }

        @Override
        protected void handleOversizedMessage(ChannelHandlerContext ctx, HttpMessage oversized) {
            Answer.send(
                    ctx,
                    Answer.bad(
                                    HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE,
                                    "request bodies are at most " + MAX_BODY_BYTES + " bytes")
                            .response(false));
        }
    }

    public int port() {
        return ((InetSocketAddress) listener.localAddress()).getPort();
    }

    /** Stops listening; connections still open end with the event loops. */
    @Override
    public void close() {
        listener.close().awaitUninterruptibly();
    }
}
