package dev.tictactoe.server.admin;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.tictactoe.protocol.ErrorCode;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Objects;

/** An admin API answer, a status and a JSON body; and how the admin port writes every answer. */
record Answer(HttpResponseStatus status, JsonNode body) {

    /** What the page may load and do: its own script and API calls, nothing else. */
    static final String CONTENT_SECURITY_POLICY =
            "default-src 'none'; script-src 'self'; connect-src 'self'; base-uri 'none';"
                    + " form-action 'none'; frame-ancestors 'none'";

    /** Reads reasons (one JSON value, nothing after it) and writes answers. */
    static final ObjectMapper JSON =
            new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    /** The admin page's two files, read from the jar once. */
    private static final Map<String, byte[]> PAGE =
            Map.of("index.html", read("index.html"), "admin.js", read("admin.js"));

    static Answer ok(JsonNode body) {
        return new Answer(HttpResponseStatus.OK, body);
    }

    /** A refusal, {@code {"code": ..., "message": ...}}. */
    static Answer refused(HttpResponseStatus status, String code, String message) {
        return new Answer(status, error(code, message));
    }

    /** A refusal of what the client sent: {@code bad_message}. */
    static Answer bad(HttpResponseStatus status, String message) {
        return refused(status, ErrorCode.BAD_MESSAGE.wire(), message);
    }

    static Answer unknownRoom(String code) {
        return refused(
                HttpResponseStatus.NOT_FOUND,
                ErrorCode.UNKNOWN_ROOM.wire(),
                "no room with code " + AdminRoute.shorten(code));
    }

    static JsonNode error(String code, String message) {
        return JSON.createObjectNode().put("code", code).put("message", message);
    }

    FullHttpResponse response(boolean head) {
        try {
            byte[] bytes = JSON.writeValueAsBytes(body);
            return bytes(status, bytes, HttpHeaderValues.APPLICATION_JSON.toString(), head);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** One of the page's files: {@link AdminRoute} routes to no other name. */
    static FullHttpResponse page(String file, boolean head) {
        String type = file.endsWith(".js") ? "text/javascript" : "text/html";
        return bytes(
                HttpResponseStatus.OK,
                Objects.requireNonNull(PAGE.get(file), file),
                type + "; charset=utf-8",
                head);
    }

    static FullHttpResponse bytes(
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

    /** Writes {@code response} with the protective headers, then closes the connection. */
    static void send(ChannelHandlerContext ctx, FullHttpResponse response) {
        response.headers()
                .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE)
                .set(HttpHeaderNames.CACHE_CONTROL, HttpHeaderValues.NO_STORE)
                .set("X-Content-Type-Options", "nosniff")
                .set("Content-Security-Policy", CONTENT_SECURITY_POLICY)
                .set("Referrer-Policy", "no-referrer");
        ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
    }

    private static byte[] read(String name) {
        try (InputStream in = Answer.class.getResourceAsStream("/admin/" + name)) {
            if (in == null) {
                throw new IllegalStateException("the jar lacks /admin/" + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
