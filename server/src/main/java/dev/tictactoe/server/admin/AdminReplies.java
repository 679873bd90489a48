package dev.tictactoe.server.admin;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;

/** The admin port's answers: one per connection, which is closed after it. */
final class AdminReplies {

    /** What the page may load and do: its own script and API calls, nothing else. */
    static final String CONTENT_SECURITY_POLICY =
            "default-src 'none'; script-src 'self'; connect-src 'self'; base-uri 'none';"
                    + " form-action 'none'; frame-ancestors 'none'";

    private AdminReplies() {}

    /** {@code {"code": ..., "message": ...}}, the body of every refusal. */
    static JsonNode error(String code, String message) {
        return RoomJson.JSON.createObjectNode().put("code", code).put("message", message);
    }

    static FullHttpResponse json(HttpResponseStatus status, JsonNode body, boolean head) {
        byte[] bytes;
        try {
            bytes = RoomJson.JSON.writeValueAsBytes(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        return bytes(status, bytes, HttpHeaderValues.APPLICATION_JSON.toString(), head);
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

    /** Writes the answer with the protective headers, then closes the connection. */
    static void send(ChannelHandlerContext ctx, FullHttpResponse response) {
        response.headers()
                .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE)
                .set(HttpHeaderNames.CACHE_CONTROL, HttpHeaderValues.NO_STORE)
                .set("X-Content-Type-Options", "nosniff")
                .set("Content-Security-Policy", CONTENT_SECURITY_POLICY)
                .set("Referrer-Policy", "no-referrer");
        ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
    }
}
