package dev.tictactoe.server.net;

import dev.tictactoe.protocol.Durations;

import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;

/**
 * {@code --access-log} on the logger {@code access}: a line per HTTP answer ({@code 203.0.113.7
 * "GET /healthz" 200 2ms}) and one at a WebSocket's close ({@code ... 101 closed 1000 by client
 * after 5m12s}). Just above the HTTP codec, it sees every request, answer and close frame.
 */
final class AccessLog extends ChannelDuplexHandler {

    private static final Logger log = LoggerFactory.getLogger("access");

    /** The close code of a socket that ended without a close frame (RFC 6455: 1006). */
    static final int NO_CLOSE_FRAME = 1006;

    private String request = "-";
    private long started;
    private long upgraded = -1;
    private int closeCode = NO_CLOSE_FRAME;
    private String closedBy = "network";

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
        if (msg instanceof HttpRequest http) {
            request = http.method() + " " + http.uri();
            started = System.nanoTime();
        } else if (msg instanceof CloseWebSocketFrame close && closedBy.equals("network")) {
            closeCode = close.statusCode();
            closedBy = "client";
        }
        ctx.fireChannelRead(msg);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise)
            throws Exception {
        if (msg instanceof HttpResponse response) {
            int status = response.status().code();
            log.info(
                    "{} \"{}\" {} {}",
                    ClientAddress.of(ctx.channel()),
                    request,
                    status,
                    Durations.format(since(started)));
            if (status == 101) {
                upgraded = System.nanoTime();
            }
        } else if (msg instanceof CloseWebSocketFrame close && closedBy.equals("network")) {
            closeCode = close.statusCode();
            closedBy = "server";
        }
        ctx.write(msg, promise);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        if (upgraded >= 0) {
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
