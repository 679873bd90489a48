package dev.tictactoe.server.net;

import dev.tictactoe.server.lobby.Matchmaker;
import dev.tictactoe.server.metrics.ServerMetrics;
import dev.tictactoe.server.room.RoomRegistry;
import dev.tictactoe.server.store.Store;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoop;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.websocketx.WebSocketFrameAggregator;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolConfig;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolHandler;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.event.Level;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** A connection's whole pipeline; the one place its handlers are wired from the settings. */
final class ServerInitializer extends ChannelInitializer<SocketChannel> {

    /** API request bodies are small JSON objects. */
    static final int MAX_HTTP_BODY_BYTES = 16 * 1024;

    /** The longest request line (method, target, version) read; a longer one is answered 414. */
    static final int MAX_REQUEST_LINE_BYTES = 4096;

    /** The most header bytes a request may carry; more is answered 431. */
    static final int MAX_HEADER_BYTES = 8192;

    /** How long a client may take to finish the WebSocket handshake once routed. */
    static final long HANDSHAKE_TIMEOUT_MILLIS = 10_000;

    private static final Logger log = LoggerFactory.getLogger(ServerInitializer.class);

    private final NetSettings config;
    private final ServerState state;
    private final ServerMetrics metrics;
    private final WebSocketServerProtocolConfig webSocket;
    private final LogLimiter clientLog = new LogLimiter(System::nanoTime);

    /** One idle sweep per loop, started with its loop's first connection. */
    private final Map<EventLoop, IdleSweep> sweeps = new ConcurrentHashMap<>();

    private final RequestHandler.Endpoints endpoints;

    private final int connectionCap;

    /** {@code games} is where finished games are kept, or null. */
    ServerInitializer(
            NetSettings config,
            ServerState state,
            ServerMetrics metrics,
            RoomRegistry rooms,
            Matchmaker lobby,
            @Nullable Store games,
            GameAnalyses analyses) {
        this.config = config;
        this.state = state;
        this.metrics = metrics;
        this.connectionCap = config.connectionCap(NetSettings.maxFiles());
        OriginPolicy origins = new OriginPolicy(config.allowedOrigins());
        RoomLookup lookup =
                new RoomLookup(
                        rooms,
                        config.unknownCodesPerSecond(),
                        config.unknownCodeBurst(),
                        System::nanoTime,
                        clientLog,
                        metrics);
        this.endpoints =
                new RequestHandler.Endpoints(
                        new RoomsEndpoint(rooms, lookup, games, analyses),
                        new MatchApi(lobby, rooms.settings().maxNameLength()),
                        new ProbeReplies(state, metrics, games, config.benchEndpoints()),
                        new StaticFiles(),
                        new UpgradeGate(origins, lookup, loop -> watch(loop, false)),
                        new ClientAddress(config.trustedProxies()),
                        origins,
                        state,
                        config.requestTimeout());
        this.webSocket =
                WebSocketServerProtocolConfig.newBuilder()
                        // The request handler routed the URL: every request here upgrades.
                        .websocketPath("")
                        .checkStartsWith(true)
                        .maxFramePayloadLength(config.maxFrameBytes())
                        .handshakeTimeoutMillis(HANDSHAKE_TIMEOUT_MILLIS)
                        .allowExtensions(false)
                        // SessionHandler answers a broken frame: one close frame, a typed error.
                        .closeOnProtocolViolation(false)
                        // Netty's handler echoes every close frame, ours too (see CloseHandshake).
                        .handleCloseFrames(false)
                        // Text is checked once as it is decoded (SessionHandler), not twice.
                        .withUTF8Validator(false)
                        .build();
    }

    RequestHandler.Endpoints endpoints() {
        return endpoints;
    }

    @Override
    protected void initChannel(SocketChannel channel) {
        int open = state.channels.size();
        if (open >= connectionCap + NetSettings.RESERVED_FILES / 2) {
            // Half the files kept back serve connections over the cap; past that, none is answered.
            clientLog.log(
                    log,
                    Level.WARN,
                    "connection cap",
                    "{} connections open, {} over the most this server takes: new ones are closed"
                            + " unanswered",
                    open,
                    open - connectionCap);
            channel.close();
            return;
        }
        state.channels.add(channel);
        channel.pipeline()
                // Reads only: watching writes would cost a promise and a listener per frame.
                .addLast(IdleSweep.WATCH, watch(channel.eventLoop(), true))
                .addLast(
                        "http",
                        new HttpServerCodec(
                                new HttpDecoderConfig()
                                        .setMaxInitialLineLength(MAX_REQUEST_LINE_BYTES)
                                        .setMaxHeaderSize(MAX_HEADER_BYTES)))
                // With the access log on, it sees every frame of the connection.
                .addLast("http-log", new HttpLog(metrics, config.accessLog()))
                .addLast("aggregator", new BodyLimit(MAX_HTTP_BODY_BYTES))
                .addLast("request", new RequestHandler(endpoints, open >= connectionCap))
                .addLast("websocket", new WebSocketServerProtocolHandler(webSocket))
                .addLast("limit", new OutboundLimit(config.maxOutboundBytes()))
                .addLast("fragments", new WebSocketFrameAggregator(config.maxFrameBytes()))
                .addLast("session", new SessionHandler(config, metrics, clientLog, state));
    }

    private ChannelHandler watch(EventLoop loop, boolean requests) {
        return sweeps.computeIfAbsent(loop, this::sweep).watch(requests);
    }

    private IdleSweep sweep(EventLoop loop) {
        return IdleSweep.start(
                loop, config.pingInterval(), config.requestTimeout(), config.heartbeatTimeout());
    }
}
