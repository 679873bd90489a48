package dev.tictactoe.server.net;

import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.CloseCodes;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.ProtocolException;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.server.metrics.ServerMetrics;
import dev.tictactoe.server.room.Room;
import dev.tictactoe.server.room.Session;

import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.PrematureChannelClosureException;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.CorruptedWebSocketFrameException;
import io.netty.handler.codec.http.websocketx.PingWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolHandler;
import io.netty.handler.timeout.IdleState;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.AttributeKey;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * One per connection, last in the pipeline: once the WebSocket handshake is done, turns frames into
 * protocol messages and hands them to the room. It owns no game state; it only decodes, rate-limits
 * and forwards. It also has the last word on errors, before and after the upgrade. It stays one
 * file because every path out of it (a refusal, a close, a backed-up connection) ends in the same
 * close handshake.
 */
final class SessionHandler extends SimpleChannelInboundHandler<WebSocketFrame> {

    private static final Logger log = LoggerFactory.getLogger(SessionHandler.class);

    /** How long a closed-by-us connection may take to read the close frame. */
    static final long CLOSE_LINGER_MILLIS = 500;

    /** How long a close frame may wait to be written before the connection is closed without. */
    static final long CLOSE_WRITE_MILLIS = 2_000;

    /** The close reason of a heartbeating connection that went silent. */
    static final String HEARTBEAT_TIMEOUT_REASON = "heartbeat timeout";

    /** What decoding puts in place of bytes that are not UTF-8. */
    private static final char REPLACEMENT = '\uFFFD';

    /** Netty's reasons for a broken frame are ASCII; a close reason holds 123 bytes. */
    private static final int MAX_CLOSE_REASON_CHARS = 120;

    /** The room the request handler routed this connection to, set before the handshake. */
    static final AttributeKey<Room> ROOM = AttributeKey.valueOf("room");

    /** The limits of a socket's session, read from the server's settings where it is wired. */
    record Limits(
            int maxFrameBytes,
            int maxOutboundBytes,
            int messagesPerSecond,
            int messageBurst,
            int abuseStrikes,
            Duration idleTimeout,
            Duration pingInterval) {}

    private final Limits limits;
    private final ServerMetrics metrics;
    private final LogLimiter clientLog;
    private final ServerState state;
    private final RateLimiter limiter;
    private final long intervalsBeforeClose;
    private long quietIntervals;
    private Room room;

    /** Null until the handshake completes. */
    private Session session;

    /** We sent a close frame: whatever still arrives is read and dropped. */
    private boolean closing;

    /** The client has sent a ping: the idle sweep times its heartbeat. */
    private boolean heartbeating;

    /** The {@code seq} of the server's last heartbeat ping to this connection. */
    private long pingSeq;

    /** A sync or history asked for while the connection was backed up: answered once it drains. */
    private boolean owesSnapshot;

    private boolean owesHistory;

    SessionHandler(Limits limits, ServerMetrics metrics, LogLimiter clientLog, ServerState state) {
        this.limits = limits;
        this.metrics = metrics;
        this.clientLog = clientLog;
        this.state = state;
        this.intervalsBeforeClose =
                Math.max(
                        1,
                        (limits.idleTimeout().toNanos() + limits.pingInterval().toNanos() - 1)
                                / limits.pingInterval().toNanos());
        this.limiter =
                new RateLimiter(
                        limits.messagesPerSecond(),
                        limits.messageBurst(),
                        limits.abuseStrikes(),
                        System::nanoTime);
    }

    private void opened(ChannelHandlerContext ctx) {
        room = ctx.channel().attr(ROOM).getAndSet(null);
        session = new Session(new ChannelMember(ctx.channel(), metrics), room);
        metrics.connectionOpened();
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, WebSocketFrame frame) {
        if (frame instanceof CloseWebSocketFrame close) {
            closeReceived(ctx, close);
            return;
        }
        if (closing || session == null) {
            return;
        }
        switch (limiter.acquire()) {
            case ALLOW -> {}
            case LIMIT -> {
                metrics.rateLimited(false);
                reply(ctx, ErrorCode.RATE_LIMITED, "too many messages: slow down", null);
                return;
            }
            case DROP -> {
                return;
            }
            case ABUSE -> {
                metrics.rateLimited(true);
                long held = clientLog.admit(peer(ctx));
                if (held >= 0) {
                    log.info(
                            "{} closed for exceeding the message rate ({} similar lines held back)",
                            session,
                            held);
                }
                closeWith(ctx, CloseCodes.POLICY_VIOLATION, "message rate exceeded repeatedly");
                return;
            }
        }
        if (frame instanceof TextWebSocketFrame text) {
            String json = text.text();
            if (json.indexOf(REPLACEMENT) >= 0 && !Utf8.valid(text.content())) {
                // The decoding above replaced what was not UTF-8 (a U+FFFD sent as such is fine).
                refuse(ctx, CloseCodes.INVALID_PAYLOAD, "bytes are not UTF-8");
                return;
            }
            ClientMessage message;
            try {
                message = MessageCodec.decodeClient(json);
            } catch (ProtocolException e) {
                metrics.rejected(e.code());
                reply(ctx, e.code(), e.getMessage(), e.ref());
                return;
            }
            metrics.messageReceived(message);
            if (message instanceof ClientMessage.Ping ping) {
                pong(ctx, ping.seq());
                return;
            }
            if (message instanceof ClientMessage.Pong) {
                return; // its arrival was the point: the idle sweep noted it
            }
            if (!ctx.channel().isWritable() && defer(message)) {
                return;
            }
            room.receive(session, message);
        } else if (frame instanceof BinaryWebSocketFrame) {
            metrics.rejected(ErrorCode.BINARY_NOT_SUPPORTED);
            reply(
                    ctx,
                    ErrorCode.BINARY_NOT_SUPPORTED,
                    "this server speaks JSON in text frames only",
                    null);
        }
    }

    /**
     * Answers a ping here, without a hop to the room: it concerns this connection only. The first
     * one puts the connection's silence under the heartbeat timeout.
     */
    private void pong(ChannelHandlerContext ctx, long seq) {
        if (!heartbeating) {
            heartbeating = true;
            if (ctx.pipeline().get(LoopMove.WATCH) instanceof IdleSweep.Watch watch) {
                watch.heartbeating();
            }
        }
        ctx.writeAndFlush(Heartbeats.pong(ctx.alloc(), seq), ctx.voidPromise());
    }

    /**
     * While the connection is backed up, a sync or history request is only noted: its answer would
     * queue behind what the client is not reading. One snapshot (or history) is sent when the
     * connection drains, however many were asked for meanwhile.
     */
    private boolean defer(ClientMessage message) {
        if (message instanceof ClientMessage.Sync) {
            owesSnapshot = true;
            return true;
        }
        if (message instanceof ClientMessage.History) {
            owesHistory = true;
            return true;
        }
        return false;
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
        if (event instanceof WebSocketServerProtocolHandler.HandshakeComplete) {
            opened(ctx);
            return;
        }
        if (event instanceof CloseRequest close) {
            closeWith(ctx, close.code(), close.reason());
            return;
        }
        if (event == ServerState.Event.DRAIN) {
            if (session != null) {
                closeWith(ctx, CloseCodes.GOING_AWAY, "server restarting; reconnect in a moment");
            } else {
                ctx.close();
            }
            return;
        }
        if (event == ServerState.Event.TOO_SLOW) {
            long held = clientLog.admit(peer(ctx));
            if (held >= 0) {
                log.info(
                        "{} closed: over {} bytes waiting to be sent ({} similar lines held back)",
                        session != null ? session : ClientAddress.of(ctx.channel()),
                        limits.maxOutboundBytes(),
                        held);
            }
            closeWith(ctx, CloseCodes.TOO_SLOW, "too slow: not reading what the server sends");
            return;
        }
        if (event == ServerState.Event.HEARTBEAT_DUE) {
            if (!closing) {
                ctx.writeAndFlush(Heartbeats.ping(ctx.alloc(), ++pingSeq), ctx.voidPromise());
            }
            return;
        }
        if (event == ServerState.Event.HEARTBEAT_TIMEOUT) {
            if (session != null && !closing) {
                log.debug("{} heartbeat stopped, closing", session);
                // The seat's grace counts from now, not from when the dead link lets go.
                room.disconnected(session);
                closeWith(ctx, CloseCodes.GOING_AWAY, HEARTBEAT_TIMEOUT_REASON);
            }
            return;
        }
        if (session == null && event instanceof IdleStateEvent) {
            // A handshake that stalled: nothing to say to it.
            ctx.close();
            return;
        }
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
        if (ctx.channel().isWritable() && session != null) {
            room.writable(session);
            if (owesSnapshot) {
                owesSnapshot = false;
                room.receive(session, new ClientMessage.Sync(null));
            }
            if (owesHistory) {
                owesHistory = false;
                room.receive(session, new ClientMessage.History());
            }
        }
        super.channelWritabilityChanged(ctx);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        if (session != null) {
            metrics.connectionClosed();
            // While draining the rooms are closing too: a seat kept for a player to come back to
            // would only log a drop and start a timer that never fires.
            if (!state.isDraining()) {
                room.disconnected(session);
            }
        }
        super.channelInactive(ctx);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (cause instanceof OutboundLimit.TooSlow) {
            // A dropped write; the close it calls for is already under way.
            return;
        }
        if (cause instanceof CorruptedWebSocketFrameException corrupt) {
            // A frame the decoder could not take (bad opcode, unmasked, bad UTF-8, too long): it
            // drops everything after it. The close frame goes out from here, through the
            // WebSocket handler, so that it is the only one.
            refuse(ctx, corrupt.closeStatus().code(), corrupt.getMessage());
            return;
        }
        if (cause instanceof TooLongFrameException) {
            // Fragments that add up to more than one frame may hold.
            refuse(ctx, CloseCodes.MESSAGE_TOO_BIG, cause.getMessage());
            return;
        }
        if (isClientsFault(cause)) {
            // The client's fault or the network's: Netty has already sent the close code if there
            // was one.
            log.debug(
                    "{} connection error: {}",
                    session != null ? session : ClientAddress.of(ctx.channel()),
                    cause.toString());
        } else if (session == null) {
            log.error(
                    "{} unexpected error before the upgrade",
                    ClientAddress.of(ctx.channel()),
                    cause);
        } else {
            log.error("{} unexpected error", session, cause);
            closeWith(ctx, CloseCodes.SERVER_ERROR, "internal error");
            return;
        }
        ctx.close();
    }

    /**
     * Whether {@code cause} is the client's doing or the network's, not the server's: a socket
     * error, a failed handshake, or a connection closed in the middle of a request. Logged at debug
     * level only: a client can cause as many as it likes.
     */
    static boolean isClientsFault(Throwable cause) {
        return cause instanceof IOException
                || cause
                        instanceof
                        io.netty.handler.codec.http.websocketx.WebSocketHandshakeException
                || cause instanceof PrematureChannelClosureException;
    }

    /**
     * Asks a session to close as {@link #closeWith} does; sent down the pipeline by {@link
     * ChannelMember}.
     */
    record CloseRequest(int code, String reason) {}

    /**
     * Sends a close frame, then closes a moment later unless the client's answering close frame
     * ends it first. Meanwhile incoming frames are read and dropped rather than left unread:
     * closing a socket with unread data sends a TCP reset, which can destroy the close frame before
     * the client reads why it was closed.
     */
    private void closeWith(ChannelHandlerContext ctx, int code, String reason) {
        if (closing) {
            return;
        }
        closing = true;
        metrics.closed(code);
        ctx.writeAndFlush(new CloseWebSocketFrame(code, reason))
                .addListener(
                        f ->
                                ctx.executor()
                                        .schedule(
                                                () -> ctx.close(),
                                                CLOSE_LINGER_MILLIS,
                                                TimeUnit.MILLISECONDS));
        // A client that reads nothing never takes the frame: it is closed all the same.
        ctx.executor().schedule(() -> ctx.close(), CLOSE_WRITE_MILLIS, TimeUnit.MILLISECONDS);
    }

    /**
     * The client's close frame. Netty's WebSocket handler would answer every one by echoing it, the
     * answer to our own close frame too, so a close we started reached the wire twice (and a
     * browser then reports 1006, losing the code and the reason): it is told not to, and the answer
     * is sent from here, once. An answer to our close frame ends the connection at once; a close
     * the client started is echoed with its code and ended when the echo is written.
     */
    private void closeReceived(ChannelHandlerContext ctx, CloseWebSocketFrame frame) {
        if (closing) {
            ctx.close();
            return;
        }
        closing = true;
        int code = frame.statusCode();
        ctx.writeAndFlush(code < 0 ? new CloseWebSocketFrame() : new CloseWebSocketFrame(code, ""))
                .addListener(ChannelFutureListener.CLOSE);
    }

    /**
     * Ends a connection whose frames broke the WebSocket protocol or the frame limit: a message too
     * large is first answered {@code message_too_large}, as any other refused message is.
     */
    private void refuse(ChannelHandlerContext ctx, int closeCode, String detail) {
        log.debug(
                "{} broken frame, closing with {}: {}",
                session != null ? session : ClientAddress.of(ctx.channel()),
                closeCode,
                detail);
        if (closing) {
            return;
        }
        String reason;
        if (closeCode == CloseCodes.MESSAGE_TOO_BIG) {
            int max = limits.maxFrameBytes();
            reason = "message too big: at most " + max + " bytes";
            reply(
                    ctx,
                    ErrorCode.MESSAGE_TOO_LARGE,
                    "a message holds at most " + max + " bytes",
                    null);
        } else {
            reason = detail == null ? CloseCodes.describe(closeCode) : abbreviate(detail);
        }
        closeWith(ctx, closeCode, reason);
    }

    /** A close frame's reason holds at most 123 bytes. */
    private static String abbreviate(String text) {
        return text.length() <= MAX_CLOSE_REASON_CHARS
                ? text
                : text.substring(0, MAX_CLOSE_REASON_CHARS);
    }

    private static String peer(ChannelHandlerContext ctx) {
        return ClientAddress.of(ctx.channel());
    }

    private void reply(ChannelHandlerContext ctx, ErrorCode code, String message, String ref) {
        ctx.writeAndFlush(
                new TextWebSocketFrame(
                        MessageCodec.encode(new ServerMessage.Error(code, message, ref))));
    }
}
