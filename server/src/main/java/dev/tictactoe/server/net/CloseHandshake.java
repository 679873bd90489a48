package dev.tictactoe.server.net;

import dev.tictactoe.protocol.CloseCodes;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.server.metrics.ServerMetrics;

import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.TimeUnit;

/** A connection's side of the WebSocket close handshake: at most one close frame from us. */
final class CloseHandshake {

    /** How long a connection we closed may take to read the close frame. */
    static final long CLOSE_LINGER_MILLIS = 500;

    /** How long a close frame may wait to be written before the connection is closed without. */
    static final long CLOSE_WRITE_MILLIS = 2_000;

    /** A close reason holds 123 bytes; Netty's reasons for a broken frame are ASCII. */
    private static final int MAX_REASON_CHARS = 120;

    private static final Logger log = LoggerFactory.getLogger(CloseHandshake.class);

    /** Fired down the pipeline by ChannelMember. */
    record Request(int code, String reason) {}

    private final ServerMetrics metrics;
    private final int maxFrameBytes;

    /** A close frame went either way: whatever still arrives is read and dropped. */
    private boolean closing;

    CloseHandshake(ServerMetrics metrics, int maxFrameBytes) {
        this.metrics = metrics;
        this.maxFrameBytes = maxFrameBytes;
    }

    boolean closing() {
        return closing;
    }

    /** Closes a moment after the frame: closing with unread data resets, losing the frame. */
    void send(ChannelHandlerContext ctx, int code, String reason) {
        if (closing) {
            return;
        }
        closing = true;
        metrics.closed(code);
        ctx.writeAndFlush(new CloseWebSocketFrame(code, reason))
                .addListener(f -> closeIn(ctx, CLOSE_LINGER_MILLIS));
        // A client that reads nothing never takes the frame: it is closed all the same.
        closeIn(ctx, CLOSE_WRITE_MILLIS);
    }

    /** Echoes a close the client started, once (Netty's would echo ours too: browsers say 1006). */
    void received(ChannelHandlerContext ctx, CloseWebSocketFrame frame) {
        if (closing) {
            ctx.close();
            return;
        }
        closing = true;
        int code = frame.statusCode();
        ctx.writeAndFlush(code < 0 ? new CloseWebSocketFrame() : new CloseWebSocketFrame(code, ""))
                .addListener(ChannelFutureListener.CLOSE);
    }

    void refuse(ChannelHandlerContext ctx, int closeCode, String detail, Object who) {
        log.debug("{} broken frame, closing with {}: {}", who, closeCode, detail);
        if (closing) {
            return;
        }
        if (closeCode == CloseCodes.MESSAGE_TOO_BIG) {
            String message = "a message holds at most " + maxFrameBytes + " bytes";
            SessionHandler.reply(ctx, ErrorCode.MESSAGE_TOO_LARGE, message, null);
            send(ctx, closeCode, "message too big: at most " + maxFrameBytes + " bytes");
        } else {
            send(ctx, closeCode, detail.substring(0, Math.min(detail.length(), MAX_REASON_CHARS)));
        }
    }

    private static void closeIn(ChannelHandlerContext ctx, long millis) {
        ctx.executor().schedule(() -> ctx.close(), millis, TimeUnit.MILLISECONDS);
    }
}
