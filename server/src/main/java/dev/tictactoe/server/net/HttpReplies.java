package dev.tictactoe.server.net;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.WireWord;
import dev.tictactoe.server.room.RoomSettings;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.AttributeKey;
import io.netty.util.concurrent.Future;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.concurrent.CompletableFuture;

/** HTTP answers, for both ports; a {@code HEAD} request gets the headers without the body. */
public final class HttpReplies {

    public static final ObjectMapper JSON = new ObjectMapper();

    /** CORS: requests are answered one at a time, so the allowed origin rides on the channel. */
    static final AttributeKey<String> ALLOWED_ORIGIN = AttributeKey.valueOf("ttt.allowed-origin");

    private static final Logger log = LoggerFactory.getLogger(HttpReplies.class);

    private HttpReplies() {}

    /** {@code {"code": "...", "message": "..."}}, the body of every refusal. */
    private static ObjectNode error(String code, String message) {
        return JSON.createObjectNode().put("code", code).put("message", message);
    }

    public static FullHttpResponse refusal(
            HttpResponseStatus status, ErrorCode code, String message) {
        return refusal(status, code.wire(), message);
    }

    /** A refusal under a code of HTTP's own, not the protocol's. */
    public static FullHttpResponse refusal(HttpResponseStatus status, String code, String message) {
        return json(status, error(code, message), false);
    }

    /** A 503: the server cannot take the request now, though it may later. */
    public static FullHttpResponse unavailable(String message) {
        return refusal(HttpResponseStatus.SERVICE_UNAVAILABLE, ErrorCode.SERVER_FULL, message);
    }

    /** A 403: the page's origin, or the name the request was sent to, may not do this. */
    public static FullHttpResponse forbidden(String message) {
        return refusal(HttpResponseStatus.FORBIDDEN, ErrorCode.ORIGIN_NOT_ALLOWED, message);
    }

    /** The 404 of a code that names no live room. */
    public static FullHttpResponse unknownRoom(String code) {
        return refusal(
                HttpResponseStatus.NOT_FOUND,
                ErrorCode.UNKNOWN_ROOM,
                "no room with code " + abbreviate(code));
    }

    /** A refusal of what the request itself says, such as its method or its target. */
    public static FullHttpResponse badMessage(
            HttpResponseStatus status, String message, boolean head) {
        return json(status, error(ErrorCode.BAD_MESSAGE.wire(), message), head);
    }

    /** A 500: the server failed, not the client, so the answer is also logged. */
    static FullHttpResponse internalError(String message) {
        ObjectNode body = error(ErrorCode.INTERNAL_ERROR.wire(), message);
        log.warn("HTTP {}: {}", HttpResponseStatus.INTERNAL_SERVER_ERROR.code(), body);
        return json(HttpResponseStatus.INTERNAL_SERVER_ERROR, body, false);
    }

    /** A file of the jar, read whole; the build puts it there. */
    public static byte[] resource(String path) {
        try (InputStream in = HttpReplies.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("the class path lacks " + path);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The type of a file the server sends, by its extension. */
    public static String contentType(String name) {
        String ext = name.substring(name.lastIndexOf('.') + 1);
        return switch (ext) {
            case "html" -> "text/html; charset=utf-8";
            case "js" -> "text/javascript; charset=utf-8";
            case "css" -> "text/css; charset=utf-8";
            case "svg" -> "image/svg+xml";
            default -> throw new IllegalStateException("no content type for " + name);
        };
    }

    /** A room's answer, made on its loop, as a stage. */
    public static <T extends @Nullable Object> CompletableFuture<T> completable(Future<T> future) {
        CompletableFuture<T> result = new CompletableFuture<>();
        future.addListener(
                done -> {
                    if (done.isSuccess()) {
                        result.complete(future.getNow());
                    } else {
                        result.completeExceptionally(done.cause());
                    }
                });
        return result;
    }

    /** What a client sent, shortened for an answer or a log line. */
    public static String abbreviate(String text) {
        return text.length() <= 64 ? text : text.substring(0, 64) + "...";
    }

    /** A room's resolved settings as answered to the player in {@code seat}. */
    static ObjectNode settings(RoomSettings settings, Seat seat) {
        return JSON.createObjectNode()
                .put("size", settings.rules().size())
                .put("winLength", settings.rules().winLength())
                .put("seat", seat.name())
                .put("first", settings.first().name())
                .put("earlyDraw", settings.earlyDraw())
                .put("spectators", settings.spectators())
                .put("bot", WireWord.spelling(settings.bot()))
                .putPOJO("clock", settings.clock());
    }

    /** The one answer without a body, and so without a type. */
    static FullHttpResponse noContent() {
        return new DefaultFullHttpResponse(
                HttpVersion.HTTP_1_1, HttpResponseStatus.NO_CONTENT, Unpooled.EMPTY_BUFFER);
    }

    /** A 200 with {@code body}. */
    public static FullHttpResponse ok(JsonNode body) {
        return json(HttpResponseStatus.OK, body, false);
    }

    public static FullHttpResponse json(HttpResponseStatus status, JsonNode body, boolean head) {
        try {
            return bytes(status, JSON.writeValueAsBytes(body), "application/json", head);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    public static FullHttpResponse bytes(
            HttpResponseStatus status, byte[] bytes, String contentType, boolean head) {
        FullHttpResponse response =
                new DefaultFullHttpResponse(
                        HttpVersion.HTTP_1_1,
                        status,
                        head ? Unpooled.EMPTY_BUFFER : Unpooled.wrappedBuffer(bytes));
        response.headers()
                .set(HttpHeaderNames.CONTENT_TYPE, contentType)
                .setInt(HttpHeaderNames.CONTENT_LENGTH, bytes.length);
        return response;
    }

    /** Writes the answer; closes the connection after it unless {@code keepAlive}. */
    public static void send(
            ChannelHandlerContext ctx, FullHttpResponse response, boolean keepAlive) {
        ChannelFuture written = write(ctx, response, keepAlive);
        if (!keepAlive) {
            written.addListener(ChannelFutureListener.CLOSE);
        }
    }

    /** Writes the answer with the headers every answer carries. */
    static ChannelFuture write(
            ChannelHandlerContext ctx, FullHttpResponse response, boolean keepAlive) {
        HttpHeaders headers = response.headers();
        String origin = ctx.channel().attr(ALLOWED_ORIGIN).get();
        if (origin != null) {
            headers.set(HttpHeaderNames.ACCESS_CONTROL_ALLOW_ORIGIN, origin)
                    .set(HttpHeaderNames.ACCESS_CONTROL_EXPOSE_HEADERS, "Retry-After")
                    .add(HttpHeaderNames.VARY, "Origin");
        }
        // A JSON error read as HTML could run what a client put in it.
        headers.set("X-Content-Type-Options", "nosniff");
        headers.set(
                HttpHeaderNames.CONNECTION,
                keepAlive ? HttpHeaderValues.KEEP_ALIVE : HttpHeaderValues.CLOSE);
        return ctx.writeAndFlush(response);
    }
}
