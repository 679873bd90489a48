package dev.tictactoe.server.net;

import dev.tictactoe.server.room.Room;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.concurrent.Future;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/** Lets an upgrade through to a live room, then moves it to the room's loop. */
final class UpgradeGate {

    static final String VERSION = "13";

    private static final Logger log = LoggerFactory.getLogger(UpgradeGate.class);

    private final OriginPolicy origins;
    private final RoomLookup lookup;
    private final Function<EventLoop, ChannelHandler> watchFor;

    /** {@code watchFor} makes a moved connection's idle watch on its new loop. */
    UpgradeGate(
            OriginPolicy origins, RoomLookup lookup, Function<EventLoop, ChannelHandler> watchFor) {
        this.origins = origins;
        this.lookup = lookup;
        this.watchFor = watchFor;
    }

    /** Completes once the connection has left. */
    CompletionStage<?> open(
            ChannelHandlerContext ctx, FullHttpRequest request, String address, String code) {
        FullHttpResponse refusal = refusal(request);
        if (refusal == null) {
            switch (lookup.find(address, code)) {
                case RoomLookup.Found.Refused refused -> refusal = refused.response();
                case RoomLookup.Found.Live live -> {
                    return handshake(ctx, request, live.room());
                }
            }
        }
        HttpReplies.send(ctx, refusal, false);
        return InOrder.WRITTEN;
    }

    /** Refused here with a JSON body rather than by the handshake (RFC 6455, 4.2.1). */
    private @Nullable FullHttpResponse refusal(FullHttpRequest request) {
        HttpHeaders headers = request.headers();
        String origin = headers.get(HttpHeaderNames.ORIGIN);
        String host = headers.get(HttpHeaderNames.HOST);
        if (!origins.allows(origin, host)) {
            log.info("refused a socket from origin {} (host {})", origin, host);
            return HttpReplies.forbidden(
                    "pages from " + origin + " may not open a room socket on this server");
        }
        String problem = null;
        if (!request.protocolVersion().equals(HttpVersion.HTTP_1_1)) {
            problem = "a WebSocket upgrade needs HTTP/1.1";
        } else if (!headers.containsValue(
                HttpHeaderNames.UPGRADE, HttpHeaderValues.WEBSOCKET, true)) {
            problem = "expected a WebSocket upgrade: Upgrade: websocket is missing";
        } else if (!headers.containsValue(
                HttpHeaderNames.CONNECTION, HttpHeaderValues.UPGRADE, true)) {
            problem = "expected a WebSocket upgrade: Connection: Upgrade is missing";
        } else if (headers.get(HttpHeaderNames.SEC_WEBSOCKET_KEY, "").isBlank()) {
            problem = "expected a WebSocket upgrade: Sec-WebSocket-Key is missing";
        }
        if (problem != null) {
            return HttpReplies.badMessage(HttpResponseStatus.BAD_REQUEST, problem, false);
        }
        String version = headers.get(HttpHeaderNames.SEC_WEBSOCKET_VERSION);
        if (VERSION.equals(version == null ? null : version.strip())) {
            return null;
        }
        FullHttpResponse response =
                HttpReplies.badMessage(
                        HttpResponseStatus.UPGRADE_REQUIRED,
                        "unsupported WebSocket version %s; this server speaks %s"
                                .formatted(
                                        HttpReplies.abbreviate(String.valueOf(version)), VERSION),
                        false);
        response.headers().set(HttpHeaderNames.SEC_WEBSOCKET_VERSION, VERSION);
        return response;
    }

    private CompletionStage<?> handshake(
            ChannelHandlerContext ctx, FullHttpRequest request, Room room) {
        ctx.channel().attr(SessionHandler.ROOM).set(room);
        EventLoop home = room.loop();
        request.retain();
        if (!needsMove(ctx.channel(), home)) {
            handOn(ctx, request);
            return InOrder.WRITTEN;
        }
        move(ctx.channel(), home, watchFor, () -> handOn(ctx, request), request::release);
        return new CompletableFuture<Void>();
    }

    private static void handOn(ChannelHandlerContext ctx, FullHttpRequest request) {
        IdleSweep.requestReceived(ctx.pipeline(), false);
        ctx.pipeline().remove(ctx.handler());
        ctx.fireChannelRead(request);
    }

    static boolean needsMove(Channel channel, EventLoop home) {
        EventLoop current = channel.eventLoop();
        return home != current && home.parent() != null && home.parent() == current.parent();
    }

    /** Moves {@code channel} to {@code home}, its idle watch made anew there, or runs failed. */
    static void move(
            Channel channel,
            EventLoop home,
            Function<EventLoop, ChannelHandler> watchFor,
            Runnable moved,
            Runnable failed) {
        channel.config().setAutoRead(false);
        boolean watched = channel.pipeline().get(IdleSweep.WATCH) != null;
        if (watched) {
            channel.pipeline().remove(IdleSweep.WATCH);
        }
        Runnable arrived =
                () -> {
                    if (watched) {
                        channel.pipeline().addFirst(IdleSweep.WATCH, watchFor.apply(home));
                    }
                    moved.run();
                    channel.config().setAutoRead(true);
                };
        then(
                channel,
                channel.deregister(),
                failed,
                () -> then(channel, home.register(channel), failed, arrived));
    }

    /** {@code next} once {@code step} is done, else {@code failed}; a close meanwhile fails it. */
    private static void then(Channel channel, Future<?> step, Runnable failed, Runnable next) {
        step.addListener(
                done -> {
                    // A reset can empty the pipeline before the listener: a closed one has failed.
                    if (done.isSuccess() && channel.isOpen()) {
                        next.run();
                        return;
                    }
                    log.debug(
                            "a connection could not move to its room's loop: {}",
                            done.isSuccess() ? "closed while moving" : done.cause());
                    failed.run();
                    channel.close();
                });
    }
}
