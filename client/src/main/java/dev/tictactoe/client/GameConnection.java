package dev.tictactoe.client;

import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.CloseCodes;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.Protocol;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketClientProtocolConfig;
import io.netty.handler.codec.http.websocketx.WebSocketClientProtocolHandler;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrameAggregator;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.util.concurrent.DefaultThreadFactory;

import org.jspecify.annotations.Nullable;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;

import javax.net.ssl.SSLException;

/** One WebSocket connection to a room; listener calls run on its event loop and must not block. */
public final class GameConnection {
    /** Default time allowed for the TCP connect plus the WebSocket upgrade. */
    public static final Duration DEFAULT_OPEN_TIMEOUT = Duration.ofSeconds(10);

    /** Receives what arrives on a connection, on its event loop. */
    public interface Listener {
        /** A text frame, as received. */
        void onText(String text);

        /** The connection is closed: its close code and reason, or 1006 when it dropped. */
        default void onClose(CloseInfo info) {}
    }

    /** How a connection ended: 1006 ({@link CloseCodes#ABNORMAL}) if it dropped. */
    public record CloseInfo(int code, String reason) {
        @Override
        public String toString() {
            return code
                    + " "
                    + CloseCodes.describe(code)
                    + (reason.isEmpty() ? "" : " (" + reason + ")");
        }
    }

    private final Channel channel;
    private final ConnectionHandler handler;

    GameConnection(Channel channel, ConnectionHandler handler) {
        this.channel = channel;
        this.handler = handler;
    }

    /** A new NIO event loop group with daemon threads, for callers that do not share one. */
    public static EventLoopGroup newGroup(int threads) {
        return new MultiThreadIoEventLoopGroup(
                threads, new DefaultThreadFactory("ttt-client", true), NioIoHandler.newFactory());
    }

    /** The room URL {@code ws://host:port/rooms/CODE/ws}; {@code code} is upper-cased. */
    public static URI roomUri(String host, int port, String code) {
        return URI.create(
                "ws://%s:%d/rooms/%s/ws".formatted(host, port, code.toUpperCase(Locale.ROOT)));
    }

    /** Opens within {@code timeout}, from {@code localAddress} if given. */
    public static CompletableFuture<GameConnection> open(
            URI uri,
            EventLoopGroup group,
            Listener listener,
            Duration timeout,
            @Nullable InetAddress localAddress) {
        String scheme = uri.getScheme();
        boolean tls = "wss".equalsIgnoreCase(scheme);
        if (!tls && !"ws".equalsIgnoreCase(scheme)) {
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
        ConnectionHandler handler = new ConnectionHandler(uri, listener, timeout);
        // Netty answers pings and drops pongs; close frames are ours: we echo the server's code.
        WebSocketClientProtocolConfig config =
                WebSocketClientProtocolConfig.newBuilder()
                        .webSocketUri(uri)
                        .maxFramePayloadLength(Protocol.MAX_FRAME_BYTES)
                        .handshakeTimeoutMillis(timeout.toMillis())
                        .handleCloseFrames(false)
                        .sendCloseFrame(null)
                        .build();
        Bootstrap bootstrap =
                new Bootstrap()
                        .group(group)
                        .channel(NioSocketChannel.class)
                        .option(ChannelOption.TCP_NODELAY, true)
                        .option(
                                ChannelOption.CONNECT_TIMEOUT_MILLIS,
                                (int) Math.min(Integer.MAX_VALUE, timeout.toMillis()))
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
                                                new WebSocketFrameAggregator(
                                                        Protocol.MAX_FRAME_BYTES),
                                                handler);
                                    }
                                });
        (localAddress == null
                        ? bootstrap.connect(host, port)
                        : bootstrap.connect(
                                new InetSocketAddress(host, port),
                                new InetSocketAddress(localAddress, 0)))
                .addListener(
                        (ChannelFuture f) -> {
                            if (!f.isSuccess()) {
                                handler.opened.completeExceptionally(f.cause());
                                handler.closed.complete(
                                        new CloseInfo(CloseCodes.ABNORMAL, "could not connect"));
                            }
                        });
        return handler.opened;
    }

    public CompletableFuture<Void> send(ClientMessage message) {
        return write(
                new TextWebSocketFrame(
                        Unpooled.wrappedBuffer(MessageCodec.encodeToBytes(message))));
    }

    /** Writes any frame, such as a pre-encoded text frame; completes when it is written. */
    public CompletableFuture<Void> write(WebSocketFrame frame) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        channel.writeAndFlush(frame)
                .addListener(
                        f -> {
                            if (f.isSuccess()) {
                                done.complete(null);
                            } else {
                                done.completeExceptionally(f.cause());
                            }
                        });
        return done;
    }

    /** Starts a clean close with 1000 (normal); returns {@link #closeFuture()}. */
    public CompletableFuture<CloseInfo> close() {
        return close(CloseCodes.NORMAL, "");
    }

    /** Starts a clean close with this code and reason; returns {@link #closeFuture()}. */
    public CompletableFuture<CloseInfo> close(int code, String reason) {
        channel.eventLoop().execute(() -> handler.startClose(channel, code, reason));
        return handler.closed;
    }

    /** Drops the socket without a close frame, as a lost network would. */
    public CompletableFuture<CloseInfo> abort() {
        channel.close();
        return handler.closed;
    }

    /** Completes once the connection is closed, however that happened; never fails. */
    public CompletableFuture<CloseInfo> closeFuture() {
        return handler.closed;
    }

    public boolean isOpen() {
        return channel.isActive() && !handler.closeSent;
    }

    @Override
    public String toString() {
        return "GameConnection[" + handler.uri + ", " + channel.localAddress() + "]";
    }
}
