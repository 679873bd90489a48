package dev.tictactoe.testkit;

import dev.tictactoe.client.ServerAddress;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PongWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolConfig;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolHandler;

import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;

/** A WebSocket server on port 0 for client tests: one room, frames recorded, scripted replies. */
public final class ScriptServer implements AutoCloseable {
    public static final String ROOM = "ABC234";
    public static final String PATH = "/rooms/" + ROOM + "/ws";

    /** What the server saw: frames (retained copies) and connection ends. */
    public final BlockingQueue<Object> received = new LinkedBlockingQueue<>();

    public final CompletableFuture<Channel> firstConnection = new CompletableFuture<>();
    private final Channel serverChannel;
    private final BiConsumer<Channel, WebSocketFrame> script;

    public record Inactive(Channel channel) {}

    public record Text(String text) {}

    public record Binary(int length) {}

    public record Close(int code, String reason) {}

    public record Pong(String text) {}

    /** A server whose {@code script} reacts to each frame, on the connection's event loop. */
    public ScriptServer(EventLoopGroup group, BiConsumer<Channel, WebSocketFrame> script)
            throws InterruptedException {
        this.script = script;
        WebSocketServerProtocolConfig config =
                WebSocketServerProtocolConfig.newBuilder()
                        .websocketPath(PATH)
                        .maxFramePayloadLength(64 * 1024)
                        .handleCloseFrames(false)
                        .dropPongFrames(false)
                        .sendCloseFrame(null)
                        .build();
        serverChannel =
                new ServerBootstrap()
                        .group(group)
                        .channel(NioServerSocketChannel.class)
                        .childHandler(
                                new ChannelInitializer<SocketChannel>() {
                                    @Override
                                    protected void initChannel(SocketChannel ch) {
                                        ch.pipeline()
                                                .addLast(
                                                        new HttpServerCodec(),
                                                        new HttpObjectAggregator(8192),
                                                        new WebSocketServerProtocolHandler(config),
                                                        new FrameRecorder());
                                    }
                                })
                        .bind("127.0.0.1", 0)
                        .sync()
                        .channel();
    }

    public int port() {
        return ((InetSocketAddress) serverChannel.localAddress()).getPort();
    }

    public URI roomUri() {
        return ServerAddress.parse("127.0.0.1:" + port()).ws(ROOM);
    }

    /** The next thing the server saw, within ten seconds (generous for a loaded CI machine). */
    public Object next() throws InterruptedException {
        Object o = received.poll(10, TimeUnit.SECONDS);
        if (o == null) {
            throw new AssertionError("server received nothing");
        }
        return o;
    }

    @Override
    public void close() {
        serverChannel.close().syncUninterruptibly();
    }

    /** Records frames; answers 404 to any path but the room's, which the upgrade passed on. */
    private final class FrameRecorder extends SimpleChannelInboundHandler<Object> {
        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
            if (evt instanceof WebSocketServerProtocolHandler.HandshakeComplete) {
                firstConnection.complete(ctx.channel());
            }
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, Object msg) {
            if (!(msg instanceof WebSocketFrame frame)) {
                var response =
                        new DefaultFullHttpResponse(
                                HttpVersion.HTTP_1_1, HttpResponseStatus.NOT_FOUND);
                response.headers().setInt("content-length", 0);
                ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
                return;
            }
            received.add(
                    switch (frame) {
                        case TextWebSocketFrame t -> new Text(t.text());
                        case BinaryWebSocketFrame b -> new Binary(b.content().readableBytes());
                        case CloseWebSocketFrame c -> new Close(c.statusCode(), c.reasonText());
                        case PongWebSocketFrame p ->
                                new Pong(p.content().toString(StandardCharsets.UTF_8));
                        default -> frame.getClass().getSimpleName();
                    });
            script.accept(ctx.channel(), frame);
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            received.add(new Inactive(ctx.channel()));
        }
    }
}
