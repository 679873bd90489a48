package dev.tictactoe.server.net;

import dev.tictactoe.server.metrics.ServerMetrics;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.util.AttributeKey;

import java.util.Locale;

/**
 * Counts every HTTP response, the upgrade's 101 included, by route and status; it leaves the
 * pipeline after a 101. One written before its request was routed counts as {@link #UNROUTED}.
 */
@ChannelHandler.Sharable
final class HttpCounter extends ChannelOutboundHandlerAdapter {

    /** The route label of a response to a request that was never routed. */
    static final String UNROUTED = "unrouted";

    private static final AttributeKey<String> ROUTE = AttributeKey.valueOf("ttt.route");

    private final ServerMetrics metrics;

    HttpCounter(ServerMetrics metrics) {
        this.metrics = metrics;
    }

    /** The request on {@code channel} goes to {@code route}. */
    static void routed(Channel channel, Route route) {
        channel.attr(ROUTE).set(label(route));
    }

    /** "create_room" for {@code Route.CreateRoom}: a closed set, so the series stay few. */
    static String label(Route route) {
        return route.getClass()
                .getSimpleName()
                .replaceAll("([a-z])([A-Z])", "$1_$2")
                .toLowerCase(Locale.ROOT);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise)
            throws Exception {
        if (msg instanceof HttpResponse response) {
            String route = ctx.channel().attr(ROUTE).getAndSet(null);
            int status = response.status().code();
            metrics.httpResponse(route == null ? UNROUTED : route, status);
            if (status == 101) {
                ctx.pipeline().remove(this);
            }
        }
        ctx.write(msg, promise);
    }
}
