package dev.tictactoe.client;

import dev.tictactoe.protocol.CloseCodes;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.Protocol;
import dev.tictactoe.protocol.ProtocolException;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PingWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PongWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketClientHandshaker;
import io.netty.handler.codec.http.websocketx.WebSocketClientHandshakerFactory;
import io.netty.handler.codec.http.websocketx.WebSocketFrameAggregator;
import io.netty.handler.codec.http.websocketx.WebSocketHandshakeException;
import io.netty.handler.codec.http.websocketx.WebSocketVersion;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** A connection's handshake, frames and close, on its event loop: the futures it completes. */
final class ConnectionHandler extends SimpleChannelInboundHandler<Object> {
    private static final Logger log = LoggerFactory.getLogger(ConnectionHandler.class);

    /** How long a clean close may take before the socket is simply dropped. */
    private static final long CLOSE_GRACE_MILLIS = 3_000;

    final URI uri;
    final GameConnection.Listener listener;
    final Duration timeout;
    final WebSocketClientHandshaker handshaker;
    final CompletableFuture<GameConnection> opened = new CompletableFuture<>();
    final CompletableFuture<GameConnection.CloseInfo> closed = new CompletableFuture<>();
    // Touched on the event loop only, except closeSent, which isOpen() reads.
    volatile boolean closeSent;
    GameConnection.@Nullable CloseInfo received;
    GameConnection.@Nullable CloseInfo sent;

    ConnectionHandler(URI uri, GameConnection.Listener listener, Duration timeout) {
        this.uri = uri;
        this.listener = listener;
        this.timeout = timeout;
        this.handshaker =
                WebSocketClientHandshakerFactory.newHandshaker(
                        uri,
                        WebSocketVersion.V13,
                        null,
                        false,
                        new DefaultHttpHeaders(),
                        Protocol.MAX_FRAME_BYTES);
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        handshaker.handshake(ctx.channel());
        String late = "no WebSocket upgrade from " + uri + " within " + timeout;
        ctx.executor()
                .schedule(
                        () -> {
                            if (opened.completeExceptionally(
                                    new IOException(late, new TimeoutException()))) {
                                ctx.close();
                            }
                        },
                        timeout.toMillis(),
                        TimeUnit.MILLISECONDS);
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, Object msg) {
        if (!handshaker.isHandshakeComplete()) {
            finishHandshake(ctx, (FullHttpResponse) msg);
        } else if (msg instanceof TextWebSocketFrame text) {
            onText(text.text());
        } else if (msg instanceof PingWebSocketFrame ping) {
            ctx.writeAndFlush(new PongWebSocketFrame(ping.content().retain()));
        } else if (msg instanceof CloseWebSocketFrame close) {
            onCloseFrame(ctx, close);
        } else if (!(msg instanceof PongWebSocketFrame)) {
            log.debug("ignoring {} from {}", msg.getClass().getSimpleName(), uri);
        }
    }

    private void finishHandshake(ChannelHandlerContext ctx, FullHttpResponse response) {
        try {
            handshaker.finishHandshake(ctx.channel(), response);
        } catch (WebSocketHandshakeException e) {
            opened.completeExceptionally(refusal(response.status().code(), e));
            ctx.close();
            return;
        }
        // Reassembles fragmented messages; the handshaker has installed the frame codec by now.
        ctx.pipeline()
                .addBefore(
                        ctx.name(),
                        "ws-aggregator",
                        new WebSocketFrameAggregator(Protocol.MAX_FRAME_BYTES));
        if (!opened.complete(new GameConnection(ctx.channel(), this))) {
            ctx.close(); // timed out meanwhile
        }
    }

    private Exception refusal(int status, WebSocketHandshakeException e) {
        String what = "WebSocket upgrade to " + uri + " refused with HTTP " + status;
        return switch (status) {
            case 404 -> new ProtocolException(ErrorCode.UNKNOWN_ROOM, what + ": no such room", e);
            case 503 -> new ProtocolException(ErrorCode.SERVER_FULL, what + ": server full", e);
            case 429 ->
                    new ProtocolException(ErrorCode.RATE_LIMITED, what + ": too many requests", e);
            default -> new IOException(what, e);
        };
    }

    private void onText(String text) {
        try {
            listener.onText(text);
        } catch (RuntimeException e) {
            log.warn("listener failed on a frame from {}", uri, e);
        }
    }

    private void onCloseFrame(ChannelHandlerContext ctx, CloseWebSocketFrame frame) {
        int code = frame.statusCode() < 0 ? CloseCodes.NORMAL : frame.statusCode();
        received = new GameConnection.CloseInfo(code, frame.reasonText());
        if (closeSent) {
            ctx.close(); // our close was answered: done
        } else {
            closeSent = true;
            // Echo the code, then let the server close the TCP connection first, as RFC 6455 asks.
            ctx.writeAndFlush(new CloseWebSocketFrame(code, frame.reasonText()));
            closeLater(ctx.channel());
        }
    }

    void startClose(Channel channel, int code, String reason) {
        if (closeSent || !channel.isActive()) {
            return;
        }
        closeSent = true;
        sent = new GameConnection.CloseInfo(code, reason);
        if (!handshaker.isHandshakeComplete()) {
            channel.close();
            return;
        }
        channel.writeAndFlush(new CloseWebSocketFrame(code, reason));
        closeLater(channel);
    }

    private void closeLater(Channel channel) {
        channel.eventLoop()
                .schedule(() -> channel.close(), CLOSE_GRACE_MILLIS, TimeUnit.MILLISECONDS);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (!opened.isDone()) {
            opened.completeExceptionally(
                    new IOException(
                            "connection to " + uri + " closed before the WebSocket upgrade"));
        }
        GameConnection.CloseInfo info = received != null ? received : sent;
        if (info == null) {
            info = new GameConnection.CloseInfo(CloseCodes.ABNORMAL, "connection lost");
        }
        if (closed.complete(info) && opened.isDone() && !opened.isCompletedExceptionally()) {
            listener.onClose(info.code(), info.reason());
        }
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (!opened.completeExceptionally(cause)) {
            log.debug("connection to {} failed", uri, cause);
        }
        ctx.close();
    }
}
