package dev.tictactoe.server.net;

import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpVersion;

import org.jspecify.annotations.Nullable;

/**
 * Checks an upgrade request before the WebSocket handshake sees it, so that what the handshake
 * would refuse is refused here with a JSON body that says why (RFC 6455, section 4.2.1).
 */
final class Handshakes {

    /** The only WebSocket version spoken. */
    static final String VERSION = "13";

    /** Problems starting with this are answered 426 with the version we speak. */
    static final String VERSION_PROBLEM = "unsupported WebSocket version";

    private Handshakes() {}

    /** What is wrong with this upgrade request, null when the handshake can go ahead. */
    static @Nullable String problem(FullHttpRequest request) {
        HttpHeaders headers = request.headers();
        if (!request.protocolVersion().equals(HttpVersion.HTTP_1_1)) {
            return "a WebSocket upgrade needs HTTP/1.1";
        }
        if (!lists(headers.get(HttpHeaderNames.UPGRADE), "websocket")) {
            return "expected a WebSocket upgrade: Upgrade: websocket is missing";
        }
        if (!lists(headers.get(HttpHeaderNames.CONNECTION), "upgrade")) {
            return "expected a WebSocket upgrade: Connection: Upgrade is missing";
        }
        String key = headers.get(HttpHeaderNames.SEC_WEBSOCKET_KEY);
        if (key == null || key.isBlank()) {
            return "expected a WebSocket upgrade: Sec-WebSocket-Key is missing";
        }
        String version = headers.get(HttpHeaderNames.SEC_WEBSOCKET_VERSION);
        if (!VERSION.equals(version == null ? null : version.strip())) {
            return VERSION_PROBLEM
                    + " "
                    + HttpReplies.abbreviate(String.valueOf(version))
                    + "; this server speaks "
                    + VERSION;
        }
        return null;
    }

    /** Whether a comma-separated header lists {@code token}, in any case. */
    private static boolean lists(String header, String token) {
        if (header == null) {
            return false;
        }
        for (String part : header.split(",")) {
            if (part.strip().equalsIgnoreCase(token)) {
                return true;
            }
        }
        return false;
    }
}
