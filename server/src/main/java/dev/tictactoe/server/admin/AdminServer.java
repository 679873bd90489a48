package dev.tictactoe.server.admin;

import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.server.room.RoomRegistry;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.timeout.ReadTimeoutHandler;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/** The admin port: a listener beside the public one, one HTTP request per connection. */
public final class AdminServer implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(AdminServer.class);

    /** A request body (a reason) is a few hundred bytes; anything larger is answered 413. */
    static final int MAX_BODY_BYTES = 4 * 1024;

    /** A connection that has not sent its request whole by then is closed. */
    static final int REQUEST_TIMEOUT_SECONDS = 10;

    private final Channel listener;

    public AdminServer(Channel listener) {
        this.listener = listener;
        log.info("admin port listening on {}", listener.localAddress());
    }

    /** For the caller to bind to {@code host}, which requests are checked against. */
    public static ServerBootstrap bootstrap(
            String host,
            EventLoopGroup boss,
            EventLoopGroup workers,
            Class<? extends ServerChannel> channel,
            RoomRegistry rooms,
            Probes probes) {
        Handler handler =
                new Handler(rooms, probes, new AdminGuard(host), System::currentTimeMillis);
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

    /** Answers the requests that pass the guard: probes, the page and the room API. */
    @ChannelHandler.Sharable
    private static final class Handler extends SimpleChannelInboundHandler<FullHttpRequest> {

        /** The answer when a room's loop has stopped before answering. */
        private static final Answer STOPPING =
                Answer.refused(
                        HttpResponseStatus.SERVICE_UNAVAILABLE,
                        ErrorCode.SERVER_FULL.wire(),
                        "the server is stopping");

        private final Probes probes;
        private final AdminGuard guard;
        private final RoomActions actions;

        Handler(RoomRegistry rooms, Probes probes, AdminGuard guard, LongSupplier clock) {
            this.probes = probes;
            this.guard = guard;
            this.actions = new RoomActions(rooms, clock);
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
            boolean head = request.method().equals(HttpMethod.HEAD);
            if (!request.decoderResult().isSuccess()) {
                send(ctx, Answer.bad(HttpResponseStatus.BAD_REQUEST, "malformed HTTP request"));
                return;
            }
            AdminRoute route = AdminRoute.route(request.method(), request.uri());
            String refusal =
                    guard.refusal(
                            request.headers().get(HttpHeaderNames.HOST),
                            request.headers().get(HttpHeaderNames.ORIGIN),
                            route.acts());
            if (refusal != null) {
                log.info(
                        "admin: refused {} {}: {}",
                        request.method(),
                        AdminRoute.shorten(request.uri()),
                        refusal);
                send(
                        ctx,
                        Answer.refused(
                                HttpResponseStatus.FORBIDDEN,
                                ErrorCode.ORIGIN_NOT_ALLOWED.wire(),
                                refusal));
                return;
            }
            String body = request.content().toString(StandardCharsets.UTF_8);
            switch (route) {
                case AdminRoute.Probe probe ->
                        Answer.send(
                                ctx,
                                switch (probe.kind()) {
                                    case HEALTH -> probes.health(head);
                                    case READY -> probes.ready(head);
                                    case METRICS -> probes.metrics(probe.gc());
                                });
                case AdminRoute.Page file -> Answer.send(ctx, Answer.page(file.file(), head));
                case AdminRoute.ListRooms list -> later(ctx, actions.list(list));
                case AdminRoute.ShowRoom show -> later(ctx, actions.show(show.code()));
                case AdminRoute.CloseRoom close ->
                        later(ctx, actions.close(close.code(), body, from(ctx)));
                case AdminRoute.Disconnect cut ->
                        later(ctx, actions.disconnect(cut, body, from(ctx)));
                case AdminRoute.Refused refused -> {
                    FullHttpResponse response =
                            Answer.bad(
                                            HttpResponseStatus.valueOf(refused.status()),
                                            refused.message())
                                    .response(head);
                    if (refused.allow() != null) {
                        response.headers().set(HttpHeaderNames.ALLOW, refused.allow());
                    }
                    Answer.send(ctx, response);
                }
            }
        }

        /** Writes the answer once the rooms have given it, on the connection's own loop. */
        private static void later(ChannelHandlerContext ctx, CompletableFuture<Answer> answer) {
            answer.exceptionally(failure -> STOPPING)
                    .thenAccept(done -> ctx.executor().execute(() -> send(ctx, done)));
        }

        private static void send(ChannelHandlerContext ctx, Answer answer) {
            Answer.send(ctx, answer.response(false));
        }

        private static String from(ChannelHandlerContext ctx) {
            return ctx.channel().remoteAddress() instanceof InetSocketAddress remote
                    ? remote.getAddress().getHostAddress()
                    : String.valueOf(ctx.channel().remoteAddress());
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            log.debug("admin connection failed: {}", cause.toString());
            ctx.close();
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
