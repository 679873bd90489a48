package dev.tictactoe.server.admin;

import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.server.room.RoomRegistry;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.function.LongSupplier;

/** Answers the admin port's requests that pass the guard: probes, the page and the room API. */
@ChannelHandler.Sharable
final class AdminHandler extends SimpleChannelInboundHandler<FullHttpRequest> {

    private static final Logger log = LoggerFactory.getLogger(AdminHandler.class);

    /** The answer when a room's loop has stopped before answering. */
    private static final Answer STOPPING =
            Answer.refused(
                    HttpResponseStatus.SERVICE_UNAVAILABLE,
                    ErrorCode.SERVER_FULL.wire(),
                    "the server is stopping");

    private final Probes probes;
    private final AdminGuard guard;
    private final RoomActions actions;

    AdminHandler(RoomRegistry rooms, Probes probes, AdminGuard guard, LongSupplier clock) {
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
        AdminRoute route = AdminRouter.route(request.method(), request.uri());
        String refusal =
                guard.refusal(
                        request.headers().get(HttpHeaderNames.HOST),
                        request.headers().get(HttpHeaderNames.ORIGIN),
                        route.acts());
        if (refusal != null) {
            log.info(
                    "admin: refused {} {}: {}",
                    request.method(),
                    AdminRouter.shorten(request.uri()),
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

    /** The operator's address, for the log line of an action. */
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
