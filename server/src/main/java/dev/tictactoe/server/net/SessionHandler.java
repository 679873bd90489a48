package dev.tictactoe.server.net;

import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.CloseCodes;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.ProtocolException;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.server.ServerConfig;
import dev.tictactoe.server.room.Room;
import dev.tictactoe.server.room.Session;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.CorruptedWebSocketFrameException;
import io.netty.handler.codec.http.websocketx.PingWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.handler.timeout.IdleState;
import io.netty.handler.timeout.IdleStateEvent;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One per WebSocket connection: turns frames into protocol messages and hands them to the room.
 * It owns no game state; it only decodes, rate-limits and forwards.
 */
final class SessionHandler extends SimpleChannelInboundHandler<WebSocketFrame> {

    private static final Logger log = LoggerFactory.getLogger(SessionHandler.class);

    /** How long a closed-by-us connection may take to read the close frame. */
    static final long CLOSE_LINGER_MILLIS = 500;

    private final Room room;
    private final RateLimiter limiter;
    private final ServerStats stats;
    private final long intervalsBeforeClose;
    private long quietIntervals;
    private Session session;
    /** We sent a close frame: whatever still arrives is read and dropped. */
    private boolean closing;

    SessionHandler(Room room, ServerConfig config, ServerStats stats) {
        this.room = room;
        this.stats = stats;
        this.intervalsBeforeClose = Math.max(1,
                (config.idleTimeout().toNanos() + config.pingInterval().toNanos() - 1) / config.pingInterval().toNanos());
        this.limiter = new RateLimiter(config.messagesPerSecond(), config.messageBurst(), config.abuseStrikes(), System::nanoTime);
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        // Added on upgrade, when the channel is already active.
        session = new Session(ctx.channel(), room);
        stats.connections.increment();
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, WebSocketFrame frame) {
        if (closing) {
            return;
        }
        switch (limiter.acquire()) {
            case ALLOW -> { }
            case LIMIT -> {
                reply(ctx, ErrorCode.RATE_LIMITED, "too many messages: slow down", null);
                return;
            }
            case DROP -> {
                return;
            }
            case ABUSE -> {
                log.info("{} closed for exceeding the message rate", session);
                closeWith(ctx, CloseCodes.POLICY_VIOLATION, "message rate exceeded repeatedly");
                return;
            }
        }
        if (frame instanceof TextWebSocketFrame text) {
            ClientMessage message;
            try {
                message = MessageCodec.decodeClient(text.text());
            } catch (ProtocolException e) {
                reply(ctx, e.code(), e.getMessage(), null);
                return;
            }
            stats.messages.increment();
            room.receive(session, message);
        } else if (frame instanceof BinaryWebSocketFrame) {
            reply(ctx, ErrorCode.BINARY_NOT_SUPPORTED, "this server speaks JSON in text frames only", null);
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
        if (event instanceof IdleStateEvent idle && idle.state() == IdleState.READER_IDLE) {
            // Fired every ping interval while nothing arrives; a live client answers the ping.
            quietIntervals = idle.isFirst() ? 1 : quietIntervals + 1;
            if (quietIntervals >= intervalsBeforeClose) {
                log.debug("{} idle, closing", session);
                closeWith(ctx, CloseCodes.GOING_AWAY, "idle for too long");
            } else {
                ctx.writeAndFlush(new PingWebSocketFrame());
            }
            return;
        }
        super.userEventTriggered(ctx, event);
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) throws Exception {
        if (ctx.channel().isWritable()) {
            room.writable(session);
        }
        super.channelWritabilityChanged(ctx);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        stats.connections.decrement();
        room.disconnected(session);
        super.channelInactive(ctx);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (cause instanceof CorruptedWebSocketFrameException || cause instanceof IOException) {
            // The client's fault or the network's: Netty has already sent the close code if there was one.
            log.debug("{} connection error: {}", session, cause.toString());
        } else {
            log.error("{} unexpected error", session, cause);
            ctx.writeAndFlush(new CloseWebSocketFrame(CloseCodes.SERVER_ERROR, "internal error"));
        }
        ctx.close();
    }

    /**
     * Sends a close frame, then closes a moment later unless the client's answering close frame
     * ends it first. Meanwhile incoming frames are read and dropped rather than left unread: closing
     * a socket with unread data sends a TCP reset, which can destroy the close frame before the
     * client reads why it was closed.
     */
    private void closeWith(ChannelHandlerContext ctx, int code, String reason) {
        if (closing) {
            return;
        }
        closing = true;
        ctx.writeAndFlush(new CloseWebSocketFrame(code, reason))
                .addListener(f -> ctx.executor().schedule(() -> ctx.close(), CLOSE_LINGER_MILLIS, TimeUnit.MILLISECONDS));
    }

    private void reply(ChannelHandlerContext ctx, ErrorCode code, String message, String ref) {
        ctx.writeAndFlush(new TextWebSocketFrame(MessageCodec.encode(new ServerMessage.Error(code, message, ref))));
    }
}
