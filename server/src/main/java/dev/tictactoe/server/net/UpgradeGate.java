package dev.tictactoe.server.net;

import static dev.tictactoe.server.net.HttpReplies.error;

import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.server.room.Room;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * {@code GET /rooms/{code}/ws}: lets a WebSocket upgrade through to a live room, from an allowed
 * page, within the address's budget of unknown codes (else 403, 400/426, 404 or 429); then moves
 * the connection to its room's loop and hands the request to the handshake, after which the request
 * handler leaves the pipeline.
 */
final class UpgradeGate {

    private static final Logger log = LoggerFactory.getLogger(UpgradeGate.class);

    private final OriginPolicy origins;
    private final RoomLookup lookup;
    private final IdleSweeps sweeps;

    UpgradeGate(OriginPolicy origins, RoomLookup lookup, IdleSweeps sweeps) {
        this.origins = origins;
        this.lookup = lookup;
        this.sweeps = sweeps;
    }

    /** Refuses the upgrade or lets it through; completes once the connection has left. */
    CompletionStage<?> open(
            ChannelHandlerContext ctx, FullHttpRequest request, String address, String code) {
        FullHttpResponse refusal = refusal(request);
        if (refusal == null) {
            switch (lookup.find(address, code)) {
                case RoomLookup.Found.Refused refused -> refusal = refused.response();
                case RoomLookup.Found.Live live -> {
                    return handshake(ctx, request, live.room());
                }
            }
        }
        HttpReplies.send(ctx, refusal, false);
        return InOrder.WRITTEN;
    }

    /** Why the request may not upgrade whatever room it names. */
    private @Nullable FullHttpResponse refusal(FullHttpRequest request) {
        String origin = request.headers().get(HttpHeaderNames.ORIGIN);
        String host = request.headers().get(HttpHeaderNames.HOST);
        if (!origins.allows(origin, host)) {
            log.info("refused a socket from origin {} (host {})", origin, host);
            return HttpReplies.refusal(
                    HttpResponseStatus.FORBIDDEN,
                    ErrorCode.ORIGIN_NOT_ALLOWED,
                    "pages from " + origin + " may not open a room socket on this server");
        }
        String problem = Handshakes.problem(request);
        if (problem == null) {
            return null;
        }
        boolean version = problem.startsWith(Handshakes.VERSION_PROBLEM);
        FullHttpResponse response =
                HttpReplies.json(
                        version
                                ? HttpResponseStatus.UPGRADE_REQUIRED
                                : HttpResponseStatus.BAD_REQUEST,
                        error(ErrorCode.BAD_MESSAGE, problem),
                        false);
        if (version) {
            response.headers().set(HttpHeaderNames.SEC_WEBSOCKET_VERSION, Handshakes.VERSION);
        }
        return response;
    }

    private CompletionStage<?> handshake(
            ChannelHandlerContext ctx, FullHttpRequest request, Room room) {
        ctx.channel().attr(SessionHandler.ROOM).set(room);
        EventLoop home = room.loop();
        if (!LoopMove.needed(ctx.channel(), home)) {
            handOn(ctx, request.retain());
            return InOrder.WRITTEN;
        }
        request.retain();
        LoopMove.to(
                ctx.channel(),
                home,
                loop -> sweeps.watch(loop, false),
                () -> handOn(ctx, request),
                request::release);
        return new CompletableFuture<Void>();
    }

    /** The handshake, then frames, go past the request handler from now on. */
    private static void handOn(ChannelHandlerContext ctx, FullHttpRequest request) {
        IdleSweep.requestReceived(ctx.pipeline(), false);
        ctx.pipeline().remove(ctx.handler());
        ctx.fireChannelRead(request);
    }
}
