package dev.tictactoe.server.net;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.NewRoom;
import dev.tictactoe.protocol.ProtocolException;
import dev.tictactoe.protocol.Snapshot;
import dev.tictactoe.server.ServerConfig;
import dev.tictactoe.server.room.Room;
import dev.tictactoe.server.room.RoomRegistry;
import dev.tictactoe.server.room.RoomSettings;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.codec.http.websocketx.WebSocketFrameAggregator;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolConfig;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolHandler;
import io.netty.handler.timeout.IdleStateHandler;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Routes each HTTP request before any upgrade: the small JSON API, health and metrics, and the
 * WebSocket upgrade on {@code /rooms/{code}/ws}, which is only accepted for a live room.
 */
@ChannelHandler.Sharable
final class HttpRouter extends SimpleChannelInboundHandler<FullHttpRequest> {

    private static final Logger log = LoggerFactory.getLogger(HttpRouter.class);
    private static final Pattern ROOM_SOCKET = Pattern.compile("^/rooms/([^/]+)/ws$");
    private static final Pattern ROOM_STATUS = Pattern.compile("^/api/rooms/([^/]+)$");
    private static final ObjectMapper JSON = new ObjectMapper();
    static final long HANDSHAKE_TIMEOUT_MILLIS = 10_000;

    private final RoomRegistry registry;
    private final ServerConfig config;
    private final ServerStats stats;

    HttpRouter(RoomRegistry registry, ServerConfig config, ServerStats stats) {
        this.registry = registry;
        this.config = config;
        this.stats = stats;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
        if (!request.decoderResult().isSuccess()) {
            respond(ctx, request, HttpResponseStatus.BAD_REQUEST, error(ErrorCode.BAD_MESSAGE, "malformed HTTP request"));
            return;
        }
        String path = new QueryStringDecoder(request.uri()).path();
        HttpMethod method = request.method();
        Matcher socket = ROOM_SOCKET.matcher(path);
        if (socket.matches()) {
            upgrade(ctx, request, socket.group(1));
            return;
        }
        Matcher status = ROOM_STATUS.matcher(path);
        if (path.equals("/healthz") && method.equals(HttpMethod.GET)) {
            respond(ctx, request, HttpResponseStatus.OK, JSON.createObjectNode().put("status", "ok"));
        } else if (path.equals("/metrics") && method.equals(HttpMethod.GET)) {
            respond(ctx, request, HttpResponseStatus.OK, metrics(new QueryStringDecoder(request.uri())));
        } else if (path.equals("/api/rooms") && method.equals(HttpMethod.POST)) {
            createRoom(ctx, request);
        } else if (status.matches() && method.equals(HttpMethod.GET)) {
            roomStatus(ctx, request, status.group(1));
        } else if (path.equals("/api/rooms") || status.matches() || path.equals("/healthz") || path.equals("/metrics")) {
            respond(ctx, request, HttpResponseStatus.METHOD_NOT_ALLOWED,
                    error(ErrorCode.BAD_MESSAGE, method + " is not allowed on " + path));
        } else {
            respond(ctx, request, HttpResponseStatus.NOT_FOUND, error(ErrorCode.BAD_MESSAGE, "no such endpoint: " + path));
        }
    }

    private void upgrade(ChannelHandlerContext ctx, FullHttpRequest request, String typedCode) {
        Optional<Room> room = registry.find(typedCode);
        if (room.isEmpty()) {
            respond(ctx, request, HttpResponseStatus.NOT_FOUND,
                    error(ErrorCode.UNKNOWN_ROOM, "no room with code " + typedCode.toUpperCase(Locale.ROOT)));
            return;
        }
        WebSocketServerProtocolConfig ws = WebSocketServerProtocolConfig.newBuilder()
                .websocketPath(new QueryStringDecoder(request.uri()).path())
                .checkStartsWith(false)
                .maxFramePayloadLength(config.maxFrameBytes())
                .handshakeTimeoutMillis(HANDSHAKE_TIMEOUT_MILLIS)
                .allowExtensions(false)
                .build();
        // Reads only: watching writes too would cost a promise and a listener on every frame sent.
        long ping = config.pingInterval().toMillis();
        ctx.pipeline()
                .addAfter(ctx.name(), "idle", new IdleStateHandler(ping, 0, 0, TimeUnit.MILLISECONDS))
                .addAfter("idle", "websocket", new WebSocketServerProtocolHandler(ws))
                .addAfter("websocket", "fragments", new WebSocketFrameAggregator(config.maxFrameBytes()))
                .addAfter("fragments", "session", new SessionHandler(room.get(), config, stats));
        ctx.pipeline().remove(this);
        ctx.fireChannelRead(request.retain());
    }

    private void createRoom(ChannelHandlerContext ctx, FullHttpRequest request) {
        RoomSettings settings;
        try {
            String body = request.content().toString(StandardCharsets.UTF_8);
            NewRoom asked = body.isBlank() ? NewRoom.DEFAULT : MessageCodec.decodeNewRoom(body);
            settings = RoomSettings.resolve(asked, ThreadLocalRandom.current());
        } catch (ProtocolException e) {
            respond(ctx, request, HttpResponseStatus.BAD_REQUEST, error(e.code(), e.getMessage()));
            return;
        }
        Room room;
        try {
            room = registry.create(settings);
        } catch (RoomRegistry.Full e) {
            respond(ctx, request, HttpResponseStatus.SERVICE_UNAVAILABLE, error(ErrorCode.SERVER_FULL, e.getMessage()));
            return;
        }
        ObjectNode body = JSON.createObjectNode().put("code", room.code()).put("path", "/rooms/" + room.code() + "/ws");
        ObjectNode s = body.putObject("settings");
        s.put("size", settings.rules().size())
                .put("winLength", settings.rules().winLength())
                .put("seat", settings.creatorSeat().name())
                .put("first", settings.first().name())
                .put("earlyDraw", settings.earlyDraw())
                .put("spectators", settings.spectators())
                .put("bot", settings.bot() == null ? null : settings.bot().name().toLowerCase(Locale.ROOT));
        respond(ctx, request, HttpResponseStatus.CREATED, body);
    }

    private void roomStatus(ChannelHandlerContext ctx, FullHttpRequest request, String typedCode) {
        Optional<Room> room = registry.find(typedCode);
        if (room.isEmpty()) {
            respond(ctx, request, HttpResponseStatus.NOT_FOUND,
                    error(ErrorCode.UNKNOWN_ROOM, "no room with code " + typedCode.toUpperCase(Locale.ROOT)));
            return;
        }
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        room.get().status().addListener(f -> {
            if (f.isSuccess()) {
                respond(ctx, keepAlive, HttpResponseStatus.OK, MessageCodec.toTree((Snapshot) f.getNow()));
            } else {
                respond(ctx, keepAlive, HttpResponseStatus.INTERNAL_SERVER_ERROR,
                        error(ErrorCode.INTERNAL_ERROR, "status unavailable"));
            }
        });
    }

    private ObjectNode metrics(QueryStringDecoder query) {
        if (query.parameters().containsKey("gc")) {
            // For capacity measurements: heap in use right after a collection, not garbage.
            System.gc();
        }
        ObjectNode node = JSON.createObjectNode();
        node.put("rooms", registry.size());
        node.put("connections", stats.connections.sum());
        node.put("messages", stats.messages.sum());
        node.put("heapUsedBytes", ProcessStats.heapUsed());
        node.put("rssBytes", ProcessStats.rss());
        node.put("processCpuNanos", ProcessStats.cpuNanos());
        node.put("openFiles", ProcessStats.openFiles());
        node.put("maxOpenFiles", ProcessStats.maxFiles());
        return node;
    }

    private static ObjectNode error(ErrorCode code, String message) {
        ObjectNode node = JSON.createObjectNode();
        node.put("code", code.wire());
        node.put("message", message);
        return node;
    }

    private static void respond(ChannelHandlerContext ctx, FullHttpRequest request, HttpResponseStatus status, JsonNode body) {
        respond(ctx, HttpUtil.isKeepAlive(request), status, body);
    }

    private static void respond(ChannelHandlerContext ctx, boolean keepAlive, HttpResponseStatus status, JsonNode body) {
        byte[] bytes;
        try {
            bytes = JSON.writeValueAsBytes(body);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.wrappedBuffer(bytes));
        response.headers()
                .set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON)
                .setInt(HttpHeaderNames.CONTENT_LENGTH, bytes.length);
        if (keepAlive) {
            response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
            ctx.writeAndFlush(response);
        } else {
            ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
        }
        if (status.code() >= 500) {
            log.warn("HTTP {}: {}", status.code(), body);
        }
    }
}
