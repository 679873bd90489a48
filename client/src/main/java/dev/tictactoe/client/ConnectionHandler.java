package dev.tictactoe.client;

import dev.tictactoe.protocol.CloseCodes;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.ProtocolException;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketClientHandshakeException;
import io.netty.handler.codec.http.websocketx.WebSocketClientProtocolHandler.ClientHandshakeStateEvent;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** A connection's frames and close after Netty's handshake, on its event loop: its futures. */
final class ConnectionHandler extends SimpleChannelInboundHandler<WebSocketFrame> {
    private static final Logger log = LoggerFactory.getLogger(ConnectionHandler.class);

    /** How long a clean close may take before the socket is simply dropped. */
    private static final long CLOSE_GRACE_MILLIS = 3_000;

    final URI uri;
    final GameConnection.Listener listener;
    final Duration timeout;
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
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
        if (event == ClientHandshakeStateEvent.HANDSHAKE_COMPLETE
                && !opened.complete(new GameConnection(ctx.channel(), this))) {
            ctx.close();
        } else if (event == ClientHandshakeStateEvent.HANDSHAKE_TIMEOUT) {
            String late = "no WebSocket upgrade from " + uri + " within " + timeout;
            opened.completeExceptionally(new IOException(late, new TimeoutException()));
        }
        ctx.fireUserEventTriggered(event);
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, WebSocketFrame frame) {
        if (frame instanceof TextWebSocketFrame text) {
            try {
                listener.onText(text.text());
            } catch (RuntimeException e) {
                // A listener bug must not take the connection down with it.
                log.warn("listener failed on a frame from {}", uri, e);
            }
        } else if (frame instanceof CloseWebSocketFrame close) {
            onCloseFrame(ctx, close);
        } else {
            log.debug("ignoring {} from {}", frame.getClass().getSimpleName(), uri);
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
        if (!opened.isDone() || opened.isCompletedExceptionally()) {
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
            listener.onClose(info);
        }
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        Throwable failure = cause;
        if (cause instanceof WebSocketClientHandshakeException e && e.response() != null) {
            int status = e.response().status().code();
            String what = "WebSocket upgrade to " + uri + " refused with HTTP " + status;
            // A 400 here is a malformed upgrade, not refused settings.
            ErrorCode code = status == 400 ? null : Http.codeOf(status);
            failure =
                    code == null
                            ? new IOException(what, e)
                            : new ProtocolException(code, what + ": " + code.text(), e);
        }
        if (!opened.completeExceptionally(failure)) {
            log.debug("connection to {} failed", uri, cause);
        }
        ctx.close();
    }
}
