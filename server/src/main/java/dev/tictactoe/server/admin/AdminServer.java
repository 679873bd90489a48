package dev.tictactoe.server.admin;

import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.server.net.BodyLimit;
import dev.tictactoe.server.net.GameServer;
import dev.tictactoe.server.net.HttpReplies;
import dev.tictactoe.server.net.ProbeReplies;
import dev.tictactoe.server.room.RoomRegistry;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.timeout.ReadTimeoutHandler;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** The admin port: a listener beside the public one, one HTTP request per connection. */
@ChannelHandler.Sharable
public final class AdminServer extends SimpleChannelInboundHandler<FullHttpRequest> {

    private static final Logger log = LoggerFactory.getLogger(AdminServer.class);

    /** A request body (a reason) is a few hundred bytes; anything larger is answered 413. */
    static final int MAX_BODY_BYTES = 4 * 1024;

    /** A connection that has not sent its request whole by then is closed. */
    static final int REQUEST_TIMEOUT_SECONDS = 10;

    /** The answer when a room's loop has stopped before answering. */
    private static final Answer STOPPING =
            Answer.refused(
                    HttpResponseStatus.SERVICE_UNAVAILABLE,
                    ErrorCode.SERVER_FULL.wire(),
                    "the server is stopping");

    private final ProbeReplies probes;
    private final AdminGuard guard;
    private final RoomActions actions;

    private AdminServer(RoomRegistry rooms, ProbeReplies probes, AdminGuard guard) {
        this.probes = probes;
        this.guard = guard;
        this.actions = new RoomActions(rooms, System::currentTimeMillis);
    }

    /** Listens on {@code host:port} on {@code server}'s loops; requests must name {@code host}. */
    public static void open(GameServer server, String host, int port) {
        AdminServer handler =
                new AdminServer(server.rooms(), server.probes(), new AdminGuard(host));
        int bound =
                server.listen(
                        new ChannelInitializer<>() {
                            @Override
                            protected void initChannel(Channel child) {
                                child.pipeline()
                                        .addLast(
                                                new ReadTimeoutHandler(
                                                        REQUEST_TIMEOUT_SECONDS, TimeUnit.SECONDS))
                                        .addLast(new HttpServerCodec())
                                        .addLast(new BodyLimit(MAX_BODY_BYTES))
                                        .addLast(handler);
                            }
                        },
                        host,
                        port);
        log.info("admin port listening on {}:{}", host, bound);
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
        boolean head = request.method().equals(HttpMethod.HEAD);
        if (!request.decoderResult().isSuccess()) {
            Answer.send(ctx, BodyLimit.refusal(request));
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
                    HttpReplies.abbreviate(request.uri()),
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
            case AdminRoute.Disconnect cut -> later(ctx, actions.disconnect(cut, body, from(ctx)));
            case AdminRoute.Refused refused -> {
                FullHttpResponse response =
                        Answer.bad(HttpResponseStatus.valueOf(refused.status()), refused.message())
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
