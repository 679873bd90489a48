package dev.tictactoe.server.admin;

import com.fasterxml.jackson.databind.JsonNode;

import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.server.net.HttpReplies;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponseStatus;

import java.util.Map;
import java.util.Objects;

/** An admin API answer, a status and a JSON body; and how the admin port writes every answer. */
record Answer(HttpResponseStatus status, JsonNode body) {

    /** What the page may load and do: its own script and API calls, nothing else. */
    static final String CONTENT_SECURITY_POLICY =
            "default-src 'none'; script-src 'self'; connect-src 'self'; base-uri 'none';"
                    + " form-action 'none'; frame-ancestors 'none'";

    /** The admin page's two files, read from the jar once. */
    private static final Map<String, byte[]> PAGE =
            Map.of(
                    "index.html", HttpReplies.resource("/admin/index.html"),
                    "admin.js", HttpReplies.resource("/admin/admin.js"));

    static Answer ok(JsonNode body) {
        return new Answer(HttpResponseStatus.OK, body);
    }

    /** A refusal, {@code {"code": ..., "message": ...}}. */
    static Answer refused(HttpResponseStatus status, String code, String message) {
        return new Answer(status, HttpReplies.error(code, message));
    }

    /** A refusal of what the client sent: {@code bad_message}. */
    static Answer bad(HttpResponseStatus status, String message) {
        return refused(status, ErrorCode.BAD_MESSAGE.wire(), message);
    }

    static Answer unknownRoom(String code) {
        return refused(
                HttpResponseStatus.NOT_FOUND,
                ErrorCode.UNKNOWN_ROOM.wire(),
                "no room with code " + HttpReplies.abbreviate(code));
    }

    FullHttpResponse response(boolean head) {
        return HttpReplies.json(status, body, head);
    }

    /** One of the page's files: {@link AdminRoute} routes to no other name. */
    static FullHttpResponse page(String file, boolean head) {
        String type = file.endsWith(".js") ? "text/javascript" : "text/html";
        return HttpReplies.bytes(
                HttpResponseStatus.OK,
                Objects.requireNonNull(PAGE.get(file), file),
                type + "; charset=utf-8",
                head);
    }

    /** Writes {@code response} with the page's protective headers, then closes the connection. */
    static void send(ChannelHandlerContext ctx, FullHttpResponse response) {
        response.headers()
                .set(HttpHeaderNames.CACHE_CONTROL, HttpHeaderValues.NO_STORE)
                .set("Content-Security-Policy", CONTENT_SECURITY_POLICY)
                .set("Referrer-Policy", "no-referrer");
        HttpReplies.send(ctx, response, false);
    }
}
