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

import io.netty.buffer.ByteBufUtil;
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
import io.netty.handler.codec.http.websocketx.WebSocketHandshakeException;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolHandler;
import io.netty.util.AttributeKey;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.event.Level;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** Last in the pipeline: decodes, rate-limits and hands frames to the room; last word on errors. */
final class SessionHandler extends SimpleChannelInboundHandler<WebSocketFrame> {

    private static final Logger log = LoggerFactory.getLogger(SessionHandler.class);

    static final String HEARTBEAT_TIMEOUT_REASON = "heartbeat timeout";

    /** Set by the upgrade gate before the handshake. */
    static final AttributeKey<Room> ROOM = AttributeKey.valueOf("room");

    private final ServerMetrics metrics;
    private final LogLimiter clientLog;
    private final ServerState state;
    private final RateLimiter limiter;
    private final CloseHandshake close;
    private final int maxOutboundBytes;

    private final long intervalsBeforeClose;
    private @Nullable Session session; // null until the handshake completes
    private long pingSeq;
    private boolean heartbeating; // the idle sweep times this link's heartbeat

    /** Asked for while backed up: answered once the connection drains. */
    private boolean owesSnapshot;

    private boolean owesHistory;

    SessionHandler(
            NetSettings config, ServerMetrics metrics, LogLimiter clientLog, ServerState state) {
        this.metrics = metrics;
        this.clientLog = clientLog;
        this.state = state;
        this.close = new CloseHandshake(metrics, config.maxFrameBytes());
        this.limiter =
                new RateLimiter(
                        config.messagesPerSecond(),
                        config.messageBurst(),
                        config.abuseStrikes(),
                        System::nanoTime);
        this.maxOutboundBytes = config.maxOutboundBytes();
        this.intervalsBeforeClose =
                Math.ceilDiv(config.idleTimeout().toNanos(), config.pingInterval().toNanos());
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, WebSocketFrame frame) {
        if (frame instanceof CloseWebSocketFrame closeFrame) {
            close.received(ctx, closeFrame);
            return;
        }
        if (close.closing() || session == null) {
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
                return; // already said this second
            }
            case ABUSE -> {
                metrics.rateLimited(true);
                clientLog.log(
                        log,
                        Level.INFO,
                        ClientAddress.of(ctx.channel()),
                        "{} closed for exceeding the message rate",
                        session);
                close.send(ctx, CloseCodes.POLICY_VIOLATION, "message rate exceeded repeatedly");
                return;
            }
        }
        if (frame instanceof TextWebSocketFrame text) {
            String json = text.text();
            if (json.indexOf('\uFFFD') >= 0
                    && !ByteBufUtil.isText(text.content(), StandardCharsets.UTF_8)) {
                // The decoding above replaced what was not UTF-8 (a U+FFFD sent as such is fine).
                close.refuse(ctx, CloseCodes.INVALID_PAYLOAD, "bytes are not UTF-8", who(ctx));
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
            boolean backedUp = !ctx.channel().isWritable();
            switch (message) {
                case ClientMessage.Ping ping -> {
                    // The first ping puts the link under the heartbeat timeout.
                    if (!heartbeating
                            && ctx.pipeline().get(IdleSweep.WATCH) instanceof IdleSweep.Watch w) {
                        heartbeating = true;
                        w.heartbeating();
                    }
                    ctx.writeAndFlush(
                            ChannelMember.heartbeat(ctx.alloc(), "pong", ping.seq()),
                            ctx.voidPromise());
                }
                case ClientMessage.Pong pong -> {} // the idle sweep noted its arrival
                // Its answer would queue behind what the client is not reading: one goes on drain.
                case ClientMessage.Sync sync when backedUp -> owesSnapshot = true;
                case ClientMessage.History history when backedUp -> owesHistory = true;
                default -> session.room().receive(session, message);
            }
        } else if (frame instanceof BinaryWebSocketFrame) {
            ErrorCode binary = ErrorCode.BINARY_NOT_SUPPORTED;
            metrics.rejected(binary);
            reply(ctx, binary, "this server speaks JSON in text frames only", null);
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
        switch (event) {
            case WebSocketServerProtocolHandler.HandshakeComplete done -> {
                Room room = ctx.channel().attr(ROOM).getAndSet(null);
                session = new Session(new ChannelMember(ctx.channel(), metrics), room);
                metrics.connectionOpened();
            }
            case CloseHandshake.Request request ->
                    close.send(ctx, request.code(), request.reason());
            case ServerState.Event.DRAIN -> {
                if (session != null) {
                    close.send(
                            ctx, CloseCodes.GOING_AWAY, "server restarting; reconnect in a moment");
                } else {
                    ctx.close();
                }
            }
            case ServerState.Event.TOO_SLOW -> {
                clientLog.log(
                        log,
                        Level.INFO,
                        ClientAddress.of(ctx.channel()),
                        "{} closed: over {} bytes waiting to be sent",
                        who(ctx),
                        maxOutboundBytes);
                close.send(ctx, CloseCodes.TOO_SLOW, "too slow: not reading what the server sends");
            }
            case ServerState.Event.HEARTBEAT_DUE -> {
                if (!close.closing()) {
                    ctx.writeAndFlush(
                            ChannelMember.heartbeat(ctx.alloc(), "ping", ++pingSeq),
                            ctx.voidPromise());
                }
            }
            case ServerState.Event.HEARTBEAT_TIMEOUT -> {
                if (session != null && !close.closing()) {
                    log.debug("{} heartbeat stopped, closing", session);
                    // The seat's grace counts from now, not from when the dead link lets go.
                    session.room().disconnected(session);
                    close.send(ctx, CloseCodes.GOING_AWAY, HEARTBEAT_TIMEOUT_REASON);
                }
            }
            // A handshake that stalled: nothing to say to it.
            case IdleSweep.Quiet quiet when session == null -> ctx.close();
            case IdleSweep.Quiet quiet when quiet.intervals() >= intervalsBeforeClose -> {
                log.debug("{} idle, closing", session);
                close.send(ctx, CloseCodes.GOING_AWAY, "idle for too long");
            }
            // A live client answers the ping.
            case IdleSweep.Quiet quiet -> ctx.writeAndFlush(new PingWebSocketFrame());
            default -> super.userEventTriggered(ctx, event);
        }
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) throws Exception {
        if (ctx.channel().isWritable() && session != null) {
            session.room().writable(session);
            if (owesSnapshot) {
                owesSnapshot = false;
                session.room().receive(session, new ClientMessage.Sync(null));
            }
            if (owesHistory) {
                owesHistory = false;
                session.room().receive(session, new ClientMessage.History());
            }
        }
        super.channelWritabilityChanged(ctx);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        if (session != null) {
            metrics.connectionClosed();
            // While draining, rooms close too: a kept seat's timer would never fire.
            if (!state.isDraining()) {
                session.room().disconnected(session);
            }
        }
        super.channelInactive(ctx);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        String detail = String.valueOf(cause.getMessage());
        switch (cause) {
            // A dropped write; the close it calls for is already under way.
            case OutboundLimit.TooSlow slow -> {}
            // The decoder drops everything after a broken frame; our close frame is the only one.
            case CorruptedWebSocketFrameException corrupt ->
                    close.refuse(ctx, corrupt.closeStatus().code(), detail, who(ctx));
            // Fragments that add up to more than one frame may hold.
            case TooLongFrameException tooLong ->
                    close.refuse(ctx, CloseCodes.MESSAGE_TOO_BIG, detail, who(ctx));
            // Netty has already sent the close code if there was one.
            case Throwable clients when isClientsFault(clients) -> {
                log.debug("{} connection error: {}", who(ctx), cause.toString());
                ctx.close();
            }
            case Throwable early when session == null -> {
                log.error("{} unexpected error before the upgrade", who(ctx), cause);
                ctx.close();
            }
            default -> {
                log.error("{} unexpected error", session, cause);
                close.send(ctx, CloseCodes.SERVER_ERROR, "internal error");
            }
        }
    }

    /** Logged at debug only: a client can cause many. */
    static boolean isClientsFault(Throwable cause) {
        return cause instanceof IOException
                || cause instanceof WebSocketHandshakeException
                || cause instanceof PrematureChannelClosureException;
    }

    private Object who(ChannelHandlerContext ctx) {
        return session != null ? session : ClientAddress.of(ctx.channel());
    }

    static void reply(
            ChannelHandlerContext ctx, ErrorCode code, String message, @Nullable String ref) {
        ctx.writeAndFlush(
                new TextWebSocketFrame(
                        MessageCodec.encode(new ServerMessage.ErrorMessage(code, message, ref))));
    }
}
