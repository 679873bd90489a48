package dev.tictactoe.server.admin;

import dev.tictactoe.protocol.ErrorCode;
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

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

/**
 * The admin port: a listener of its own beside the public one, on the same event loops. It answers
 * one HTTP request per connection (an operator's curl or page, never a crowd): the probes, the page
 * at {@code /admin/} and the room API under {@code /admin/api/}.
 */
public final class AdminServer implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(AdminServer.class);

    /** A request body (a reason) is a few hundred bytes; anything larger is answered 413. */
    static final int MAX_BODY_BYTES = 4 * 1024;

    /** A connection that has not sent its request whole by then is closed. */
    static final int REQUEST_TIMEOUT_SECONDS = 10;

    private final Channel listener;

    private AdminServer(Channel listener) {
        this.listener = listener;
    }

    /** Binds {@code host:port} (0: any free port) and serves the rooms and probes given. */
    public static AdminServer start(
            String host,
            int port,
            EventLoopGroup boss,
            EventLoopGroup workers,
            Class<? extends ServerChannel> channel,
            RoomRegistry rooms,
            Probes probes)
            throws InterruptedException {
        AdminHandler handler =
                new AdminHandler(rooms, probes, new AdminGuard(host), System::currentTimeMillis);
        Channel listener =
                new ServerBootstrap()
                        .group(boss, workers)
                        .channel(channel)
                        .childHandler(
                                new ChannelInitializer<>() {
                                    @Override
                                    protected void initChannel(Channel child) {
                                        child.pipeline()
                                                .addLast(
                                                        new ReadTimeoutHandler(
                                                                REQUEST_TIMEOUT_SECONDS,
                                                                TimeUnit.SECONDS))
                                                .addLast(new HttpServerCodec())
                                                .addLast(new BodyLimit())
                                                .addLast(handler);
                                    }
                                })
                        .bind(host, port)
                        .sync()
                        .channel();
        AdminServer server = new AdminServer(listener);
        log.info("admin port listening on {}:{}", host, server.port());
        return server;
    }

    /** Aggregates a request's body up to {@link #MAX_BODY_BYTES}; refuses a larger one in JSON. */
    private static final class BodyLimit extends HttpObjectAggregator {
        BodyLimit() {
            super(MAX_BODY_BYTES);
        }

        /** A body announced too large is refused below, with a typed error, not Netty's own. */
        @Override
        protected Object newContinueResponse(
                HttpMessage start, int maxContentLength, ChannelPipeline pipeline) {
            return HttpUtil.getContentLength(start, -1L) > maxContentLength
                    ? null
                    : super.newContinueResponse(start, maxContentLength, pipeline);
        }

        @Override
        protected void handleOversizedMessage(ChannelHandlerContext ctx, HttpMessage oversized) {
            AdminReplies.send(
                    ctx,
                    AdminReplies.json(
                            HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE,
                            AdminReplies.error(
                                    ErrorCode.BAD_MESSAGE.wire(),
                                    "request bodies are at most " + MAX_BODY_BYTES + " bytes"),
                            false));
        }
    }

    /** The bound port (useful with port 0). */
    public int port() {
        return ((InetSocketAddress) listener.localAddress()).getPort();
    }

    /** Stops listening; connections still open end with the event loops. */
    @Override
    public void close() {
        listener.close().awaitUninterruptibly();
    }
}
