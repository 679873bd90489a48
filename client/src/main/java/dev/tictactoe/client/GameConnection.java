package dev.tictactoe.client;

import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.CloseCodes;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.Protocol;
import dev.tictactoe.protocol.ProtocolException;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketClientHandshakeException;
import io.netty.handler.codec.http.websocketx.WebSocketClientProtocolConfig;
import io.netty.handler.codec.http.websocketx.WebSocketClientProtocolHandler;
import io.netty.handler.codec.http.websocketx.WebSocketClientProtocolHandler.ClientHandshakeStateEvent;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrameAggregator;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.util.concurrent.DefaultThreadFactory;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import javax.net.ssl.SSLException;

/** A WebSocket connection to a room, its pipeline's last handler; listeners run on its loop. */
public final class GameConnection extends SimpleChannelInboundHandler<WebSocketFrame> {
    private static final Logger log = LoggerFactory.getLogger(GameConnection.class);

    /** Default time allowed for the TCP connect plus the WebSocket upgrade. */
    public static final Duration DEFAULT_OPEN_TIMEOUT = Duration.ofSeconds(10);

    /** How long a clean close may take before the socket is simply dropped. */
    private static final long CLOSE_GRACE_MILLIS = 3_000;

    /** Receives what arrives on a connection, on its event loop, which it must not block. */
    public interface Listener {
        void onText(String text);

        /** The connection is closed: its close code and reason, or 1006 when it dropped. */
        default void onClose(CloseInfo info) {}
    }

    /** How a connection ended: 1006 ({@link CloseCodes#ABNORMAL}) if it dropped. */
    public record CloseInfo(int code, String reason) {
        @Override
        public String toString() {
            String why = reason.isEmpty() ? "" : " (" + reason + ")";
            return code + " " + CloseCodes.describe(code) + why;
        }
    }

    private final URI uri;
    private final Listener listener;
    private final Duration timeout;
    private final CompletableFuture<GameConnection> opened = new CompletableFuture<>();
    private final CompletableFuture<CloseInfo> closed = new CompletableFuture<>();

    @SuppressWarnings("NullAway.Init") // set by the handshake, before opened completes
    private Channel channel;

    // Touched on the event loop only.
    private boolean closeSent;

    /** The close frame received, else the one sent. */
    private @Nullable CloseInfo closeFrame;

    private GameConnection(URI uri, Listener listener, Duration timeout) {
        this.uri = uri;
        this.listener = listener;
        this.timeout = timeout;
    }

    /** A new NIO event loop group with daemon threads, for callers that do not share one. */
    public static EventLoopGroup newGroup(int threads) {
        return new MultiThreadIoEventLoopGroup(
                threads, new DefaultThreadFactory("ttt-client", true), NioIoHandler.newFactory());
    }

    /** Opens within {@code timeout}, from {@code localAddress} if given. */
    public static CompletableFuture<GameConnection> open(
            URI uri,
            EventLoopGroup group,
            Listener listener,
            Duration timeout,
            @Nullable InetAddress localAddress) {
        boolean tls = "wss".equalsIgnoreCase(uri.getScheme());
        if (!tls && !"ws".equalsIgnoreCase(uri.getScheme())) {
            throw new IllegalArgumentException("expected a ws:// or wss:// URL, got " + uri);
        }
        String host = uri.getHost();
        int port = uri.getPort() > 0 ? uri.getPort() : tls ? 443 : 80;
        SslContext ssl;
        try {
            ssl = tls ? SslContextBuilder.forClient().build() : null;
        } catch (SSLException e) {
            return CompletableFuture.failedFuture(e);
        }
        GameConnection connection = new GameConnection(uri, listener, timeout);
        int millis = (int) Math.min(Integer.MAX_VALUE, timeout.toMillis());
        // Netty answers pings and drops pongs; close frames are ours: we echo the server's code.
        WebSocketClientProtocolConfig config =
                WebSocketClientProtocolConfig.newBuilder()
                        .webSocketUri(uri)
                        .maxFramePayloadLength(Protocol.MAX_FRAME_BYTES)
                        .handshakeTimeoutMillis(timeout.toMillis())
                        .handleCloseFrames(false)
                        .sendCloseFrame(null)
                        .build();
        new Bootstrap()
                .group(group)
                .channel(NioSocketChannel.class)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, millis)
                .handler(
                        new ChannelInitializer<SocketChannel>() {
                            @Override
                            protected void initChannel(SocketChannel ch) {
                                ChannelPipeline p = ch.pipeline();
                                if (ssl != null) {
                                    p.addLast(ssl.newHandler(ch.alloc(), host, port));
                                }
                                p.addLast(
                                        new HttpClientCodec(),
                                        new HttpObjectAggregator(8192),
                                        new WebSocketClientProtocolHandler(config),
                                        new WebSocketFrameAggregator(Protocol.MAX_FRAME_BYTES),
                                        connection);
                            }
                        })
                .connect(
                        InetSocketAddress.createUnresolved(host, port),
                        localAddress == null ? null : new InetSocketAddress(localAddress, 0))
                .addListener(
                        (ChannelFuture f) -> {
                            if (!f.isSuccess()) {
                                connection.opened.completeExceptionally(f.cause());
                                connection.closed.complete(
                                        new CloseInfo(CloseCodes.ABNORMAL, "could not connect"));
                            }
                        });
        return connection.opened;
    }

    public ChannelFuture send(ClientMessage message) {
        return write(new TextWebSocketFrame(MessageCodec.encode(message)));
    }

    /** Writes any frame, such as a pre-encoded text frame; completes when it is written. */
    public ChannelFuture write(WebSocketFrame frame) {
        return channel.writeAndFlush(frame);
    }

    /** Starts a clean close with this code and reason; returns {@link #closeFuture()}. */
    public CompletableFuture<CloseInfo> close(int code, String reason) {
        channel.eventLoop().execute(() -> startClose(code, reason));
        return closed;
    }

    /** Drops the socket without a close frame, as a lost network would. */
    public CompletableFuture<CloseInfo> abort() {
        channel.close();
        return closed;
    }

    /** Completes once the connection is closed, however that happened; never fails. */
    public CompletableFuture<CloseInfo> closeFuture() {
        return closed;
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
        if (event == ClientHandshakeStateEvent.HANDSHAKE_COMPLETE) {
            channel = ctx.channel();
            if (!opened.complete(this)) {
                ctx.close();
            }
        } else if (event == ClientHandshakeStateEvent.HANDSHAKE_TIMEOUT) {
            String late = "no WebSocket upgrade from " + uri + " within " + timeout;
            opened.completeExceptionally(new IOException(late, new TimeoutException()));
        }
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
            int code = close.statusCode() < 0 ? CloseCodes.NORMAL : close.statusCode();
            closeFrame = new CloseInfo(code, close.reasonText());
            if (closeSent) {
                ctx.close(); // our close was answered: done
            } else {
                closeSent = true;
                // Echo the code, then let the server close the TCP connection first (RFC 6455).
                ctx.writeAndFlush(new CloseWebSocketFrame(code, close.reasonText()));
                closeLater();
            }
        } else {
            log.debug("ignoring {} from {}", frame.getClass().getSimpleName(), uri);
        }
    }

    private void startClose(int code, String reason) {
        if (closeSent || !channel.isActive()) {
            return;
        }
        closeSent = true;
        closeFrame = new CloseInfo(code, reason);
        channel.writeAndFlush(new CloseWebSocketFrame(code, reason));
        closeLater();
    }

    private void closeLater() {
        channel.eventLoop()
                .schedule(() -> channel.close(), CLOSE_GRACE_MILLIS, TimeUnit.MILLISECONDS);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (!opened.isDone()) {
            String early = "connection to " + uri + " closed before the WebSocket upgrade";
            opened.completeExceptionally(new IOException(early));
        }
        CloseInfo info =
                closeFrame != null
                        ? closeFrame
                        : new CloseInfo(CloseCodes.ABNORMAL, "connection lost");
        if (closed.complete(info) && opened.isDone() && !opened.isCompletedExceptionally()) {
            listener.onClose(info);
        }
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
