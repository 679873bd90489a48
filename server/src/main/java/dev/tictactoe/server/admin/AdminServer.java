package dev.tictactoe.server.admin;

import dev.tictactoe.server.net.BodyLimit;
import dev.tictactoe.server.net.ClientAddress;
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
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.timeout.ReadTimeoutHandler;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/** The admin port: a listener beside the public one, one HTTP request per connection. */
@ChannelHandler.Sharable
public final class AdminServer extends SimpleChannelInboundHandler<FullHttpRequest> {

    private static final Logger log = LoggerFactory.getLogger(AdminServer.class);

    /** A request body (a reason) is a few hundred bytes; anything larger is answered 413. */
    static final int MAX_BODY_BYTES = 4 * 1024;

    /** A connection that has not sent its request whole by then is closed. */
    static final int REQUEST_TIMEOUT_SECONDS = 10;

    /** What the page may load and do: its own script and API calls, nothing else. */
    static final String CONTENT_SECURITY_POLICY =
            "default-src 'none'; script-src 'self'; connect-src 'self'; base-uri 'none';"
                    + " form-action 'none'; frame-ancestors 'none'";

    /** The admin page's two files, read once; {@link AdminRoute} routes to no other. */
    private static final Map<String, byte[]> PAGE =
            Map.of(
                    "index.html", HttpReplies.resource("/admin/index.html"),
                    "admin.js", HttpReplies.resource("/admin/admin.js"));

    private final ProbeReplies probes;
    private final AdminGuard guard;
    private final RoomActions actions;

    private AdminServer(RoomRegistry rooms, ProbeReplies probes, AdminGuard guard) {
        this.probes = probes;
        this.guard = guard;
        this.actions = new RoomActions(rooms);
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
                                        .addLast(new ReadTimeoutHandler(REQUEST_TIMEOUT_SECONDS))
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
            send(ctx, BodyLimit.refusal(request));
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
            send(ctx, HttpReplies.forbidden(refusal));
            return;
        }
        String body = request.content().toString(StandardCharsets.UTF_8);
        String from = ClientAddress.of(ctx.channel());
        switch (route) {
            case AdminRoute.Health health -> send(ctx, probes.health(head));
            case AdminRoute.Ready ready -> send(ctx, probes.ready(head));
            case AdminRoute.Metrics metrics -> send(ctx, probes.metrics(metrics.gc()));
            case AdminRoute.Page file ->
                    send(
                            ctx,
                            HttpReplies.bytes(
                                    HttpResponseStatus.OK,
                                    Objects.requireNonNull(PAGE.get(file.file()), file.file()),
                                    HttpReplies.contentType(file.file()),
                                    head));
            case AdminRoute.ListRooms list -> later(ctx, actions.list(list));
            case AdminRoute.ShowRoom show -> later(ctx, actions.show(show.code()));
            case AdminRoute.CloseRoom close ->
                    later(ctx, actions.act(close.code(), null, body, from));
            case AdminRoute.Disconnect cut ->
                    later(ctx, actions.act(cut.code(), cut.seat(), body, from));
            case AdminRoute.Refused refused -> {
                FullHttpResponse response =
                        HttpReplies.badMessage(
                                HttpResponseStatus.valueOf(refused.status()),
                                refused.message(),
                                head);
                if (refused.allow() != null) {
                    response.headers().set(HttpHeaderNames.ALLOW, refused.allow());
                }
                send(ctx, response);
            }
        }
    }

    /** Writes the answer once the rooms have given it, on the connection's own loop. */
    private static void later(
            ChannelHandlerContext ctx, CompletableFuture<FullHttpResponse> answer) {
        answer.exceptionally(failure -> HttpReplies.unavailable("the server is stopping"))
                .thenAccept(done -> ctx.executor().execute(() -> send(ctx, done)));
    }

    /** Writes {@code response} with the page's protective headers, then closes the connection. */
    private static void send(ChannelHandlerContext ctx, FullHttpResponse response) {
        response.headers()
                .set(HttpHeaderNames.CACHE_CONTROL, HttpHeaderValues.NO_STORE)
                .set("Content-Security-Policy", CONTENT_SECURITY_POLICY)
                .set("Referrer-Policy", "no-referrer");
        HttpReplies.send(ctx, response, false);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        log.debug("admin connection failed: {}", cause.toString());
        ctx.close();
    }
}
