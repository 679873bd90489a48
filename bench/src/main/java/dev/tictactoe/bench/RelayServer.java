package dev.tictactoe.bench;

import dev.tictactoe.server.Main;
import dev.tictactoe.server.metrics.ServerMetrics;
import dev.tictactoe.server.net.NetSettings;
import dev.tictactoe.server.net.Transport;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrameAggregator;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolConfig;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolHandler;
import io.netty.util.AttributeKey;

import org.jspecify.annotations.Nullable;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * The baseline the game server is measured against: a bare WebSocket relay with the server's
 * pipeline shape (HTTP codec, aggregator, WebSocket handshake on {@code /rooms/{code}/ws}, 64 KiB
 * frames, fragment aggregation) that pairs the first two connections on a path and hands every text
 * frame to the other one, with no parsing and no rules. It serves the same {@code /metrics} fields
 * as the server so the load generator reads both alike. With {@code echo} each frame also goes back
 * to its sender: the sends the game protocol needs at the least, since every diff reaches both
 * players.
 */
public final class RelayServer implements AutoCloseable {

    /** Largest frame accepted, as in the server. */
    static final int MAX_FRAME_BYTES = 64 * 1024;

    private static final Pattern ROOM_SOCKET = Pattern.compile("^/rooms/[^/]+/ws$");
    private static final AttributeKey<Channel> PEER = AttributeKey.valueOf("relay.peer");

    private final EventLoopGroup boss;
    private final EventLoopGroup workers;
    private final Channel listener;

    /** The first connection of each path, waiting for its partner. */
    private final ConcurrentHashMap<String, Channel> waiting = new ConcurrentHashMap<>();

    private final RelayMetrics metrics = new RelayMetrics();
    private final boolean echo;

    private RelayServer(String host, int port, int threads, Transport transport, boolean echo)
            throws InterruptedException {
        this.echo = echo;
        boss = new MultiThreadIoEventLoopGroup(1, transport.handlers());
        workers = new MultiThreadIoEventLoopGroup(threads, transport.handlers());
        Router router = new Router();
        try {
            listener =
                    new ServerBootstrap()
                            .group(boss, workers)
                            .channel(transport.serverChannel())
                            .option(ChannelOption.SO_BACKLOG, 1024)
                            .childOption(ChannelOption.TCP_NODELAY, true)
                            .childHandler(
                                    new ChannelInitializer<SocketChannel>() {
                                        @Override
                                        protected void initChannel(SocketChannel ch) {
                                            ch.pipeline()
                                                    .addLast("http", new HttpServerCodec())
                                                    .addLast(
                                                            "aggregator",
                                                            new HttpObjectAggregator(16 * 1024))
                                                    .addLast("router", router);
                                        }
                                    })
                            .bind(host, port)
                            .sync()
                            .channel();
        } catch (RuntimeException | InterruptedException e) {
            close();
            throw e;
        }
    }

    /**
     * Binds {@code host:port} (0 for any free port) with {@code threads} worker loops (0 = one per
     * core) on the transport the game server would choose, so both stand on the same floor.
     */
    public static RelayServer start(String host, int port, int threads) {
        return start(host, port, threads, Transport.choose(NetSettings.DEFAULT_TRANSPORT), false);
    }

    /** As {@link #start(String, int, int)} on a transport; {@code echo} also answers the sender. */
    public static RelayServer start(
            String host, int port, int threads, Transport transport, boolean echo) {
        try {
            return new RelayServer(host, port, threads, transport, echo);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while binding", e);
        }
    }

    /** The bound port. */
    public int port() {
        return ((InetSocketAddress) listener.localAddress()).getPort();
    }

    @Override
    public void close() {
        if (listener != null) {
            listener.close().awaitUninterruptibly();
        }
        boss.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        workers.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
    }

    /** {@code relay [--host H] [--port N] [--threads N] [--transport auto|epoll|nio] [--echo]}. */
    @SuppressWarnings("IncrementInForLoopAndHeader") // the body steps over a flag's value
    public static void main(String[] args) throws InterruptedException {
        // As the game server runs it: no leak-tracking stack traces on the floor either.
        Main.quietLeakDetection();
        String host = "127.0.0.1";
        int port = 9090;
        int threads = 0;
        Transport transport = Transport.choose(NetSettings.DEFAULT_TRANSPORT);
        boolean echo = false;
        for (int i = 0; i < args.length; i++) {
            String value = i + 1 < args.length ? args[i + 1] : null;
            switch (args[i]) {
                case "--echo" -> {
                    echo = true;
                    continue; // a flag: there is no value to step over
                }
                case "--host" -> host = require(args[i], value);
                case "--port" -> port = Integer.parseInt(require(args[i], value));
                case "--threads" -> threads = Integer.parseInt(require(args[i], value));
                case "--transport" -> transport = Transport.choose(require(args[i], value));
                default ->
                        throw new IllegalArgumentException(
                                "unknown argument "
                                        + args[i]
                                        + "; usage: relay [--host H] [--port N] [--threads N]"
                                        + " [--transport auto|epoll|nio] [--echo]");
            }
            i++;
        }
        RelayServer relay = start(host, port, threads, transport, echo);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime()
                .addShutdownHook(
                        new Thread(
                                () -> {
                                    relay.close();
                                    stopped.countDown();
                                },
                                "relay-shutdown"));
        System.out.println(
                "relay listening on "
                        + host
                        + ":"
                        + relay.port()
                        + " with "
                        + (threads == 0 ? "one worker per core" : threads + " worker thread(s)")
                        + " ("
                        + transport
                        + (echo ? ", echo" : "")
                        + ")");
        stopped.await();
    }

    private static String require(String flag, @Nullable String value) {
        if (value == null) {
            throw new IllegalArgumentException(flag + " needs a value");
        }
        return value;
    }

    /**
     * Answers {@code /metrics}; on an upgrade request for a room path, pairs the connection with
     * the one waiting on that path (before the handshake answer goes out, so a client that has seen
     * both upgrades complete can send at once) and installs the WebSocket handlers.
     */
    @ChannelHandler.Sharable
    private final class Router extends SimpleChannelInboundHandler<FullHttpRequest> {
        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
            QueryStringDecoder query = new QueryStringDecoder(request.uri());
            String path = query.path();
            if (path.equals("/metrics")) {
                respond(
                        ctx,
                        HttpResponseStatus.OK,
                        metrics.text(query.parameters().containsKey("gc")),
                        ServerMetrics.CONTENT_TYPE);
                return;
            }
            if (!ROOM_SOCKET.matcher(path).matches()) {
                respond(
                        ctx,
                        HttpResponseStatus.NOT_FOUND,
                        "{\"error\":\"no such endpoint\"}",
                        HttpHeaderValues.APPLICATION_JSON.toString());
                return;
            }
            pair(ctx.channel(), path);
            WebSocketServerProtocolConfig ws =
                    WebSocketServerProtocolConfig.newBuilder()
                            .websocketPath(path)
                            .checkStartsWith(false)
                            .maxFramePayloadLength(MAX_FRAME_BYTES)
                            .allowExtensions(false)
                            .build();
            ctx.pipeline()
                    .addAfter(ctx.name(), "websocket", new WebSocketServerProtocolHandler(ws))
                    .addAfter(
                            "websocket", "fragments", new WebSocketFrameAggregator(MAX_FRAME_BYTES))
                    .addAfter("fragments", "relay", new Relay());
            ctx.pipeline().remove(this);
            ctx.fireChannelRead(request.retain());
        }
    }

    private void pair(Channel channel, String path) {
        metrics.connections.incrementAndGet();
        channel.closeFuture()
                .addListener(
                        f -> {
                            metrics.connections.decrementAndGet();
                            waiting.remove(path, channel);
                            Channel peer = channel.attr(PEER).get();
                            if (peer != null) {
                                peer.close();
                            }
                        });
        Channel first = waiting.remove(path);
        if (first == null || !first.isActive()) {
            waiting.put(path, channel);
            return;
        }
        first.attr(PEER).set(channel);
        channel.attr(PEER).set(first);
        metrics.pairs.increment();
    }

    /** Hands each text frame, as it is, to the peer (and with echo back to the sender). */
    private final class Relay extends SimpleChannelInboundHandler<TextWebSocketFrame> {
        @Override
        protected void channelRead0(ChannelHandlerContext ctx, TextWebSocketFrame frame) {
            Channel peer = ctx.channel().attr(PEER).get();
            if (peer != null) {
                metrics.frames.increment();
                if (echo) {
                    ctx.writeAndFlush(frame.retainedDuplicate(), ctx.voidPromise());
                }
                peer.writeAndFlush(frame.retain(), peer.voidPromise());
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }

    private static void respond(
            ChannelHandlerContext ctx, HttpResponseStatus status, String body, String type) {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        DefaultFullHttpResponse response =
                new DefaultFullHttpResponse(
                        HttpVersion.HTTP_1_1, status, Unpooled.wrappedBuffer(bytes));
        response.headers()
                .set(HttpHeaderNames.CONTENT_TYPE, type)
                .setInt(HttpHeaderNames.CONTENT_LENGTH, bytes.length);
        ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
    }
}
