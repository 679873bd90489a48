package dev.tictactoe.server.net;

import dev.tictactoe.protocol.Durations;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.server.metrics.ServerMetrics;

import io.netty.channel.Channel;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.util.AttributeKey;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;

/** Counts every HTTP response by route and status; with --access-log, logs each and each close. */
final class HttpLog extends ChannelDuplexHandler {

    private static final AttributeKey<String> ROUTE = AttributeKey.valueOf("ttt.route");

    private static final Logger log = LoggerFactory.getLogger("access");

    private final ServerMetrics metrics;
    private final boolean accessLog;
    private String request = "-";
    private long started;
    private long upgraded = -1;
    private int closeCode = 1006; // RFC 6455: closed without a close frame
    private String closedBy = "network";

    HttpLog(ServerMetrics metrics, boolean accessLog) {
        this.metrics = metrics;
        this.accessLog = accessLog;
    }

    /** The request goes to {@code route}, labelled "create_room" for {@code CreateRoom}. */
    static void routed(Channel channel, Route route) {
        channel.attr(ROUTE).set(MessageCodec.typeName(route.getClass()));
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
        if (accessLog && msg instanceof HttpRequest http) {
            request = http.method() + " " + http.uri();
            started = System.nanoTime();
        } else if (accessLog
                && msg instanceof CloseWebSocketFrame close
                && closedBy.equals("network")) {
            closeCode = close.statusCode();
            closedBy = "client";
        }
        ctx.fireChannelRead(msg);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise)
            throws Exception {
        if (msg instanceof HttpResponse response) {
            String route = ctx.channel().attr(ROUTE).getAndSet(null);
            int status = response.status().code();
            metrics.httpResponse(route == null ? "unrouted" : route, status);
            if (accessLog) {
                log.info(
                        "{} \"{}\" {} {}",
                        ClientAddress.of(ctx.channel()),
                        request,
                        status,
                        Durations.format(since(started)));
            }
            if (status == 101) {
                upgraded = System.nanoTime();
                if (!accessLog) {
                    ctx.pipeline().remove(this);
                }
            }
        } else if (msg instanceof CloseWebSocketFrame close && closedBy.equals("network")) {
            closeCode = close.statusCode();
            closedBy = "server";
        }
        ctx.write(msg, promise);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        if (accessLog && upgraded >= 0) {
            log.info(
                    "{} \"{}\" 101 closed {} by {} after {}",
                    ClientAddress.of(ctx.channel()),
                    request,
                    closeCode,
                    closedBy,
                    Durations.format(since(upgraded)));
        }
        ctx.fireChannelInactive();
    }

    private static Duration since(long nanos) {
        return Duration.ofMillis((System.nanoTime() - nanos) / 1_000_000);
    }
}
