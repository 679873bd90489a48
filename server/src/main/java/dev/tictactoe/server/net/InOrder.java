package dev.tictactoe.server.net;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.FullHttpRequest;

import org.jspecify.annotations.Nullable;

import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.BiFunction;

/** A connection's pipelined requests answered one at a time, in order; the rest wait here. */
final class InOrder {

    static final CompletionStage<Void> WRITTEN = CompletableFuture.completedFuture(null);

    private final int limit;

    /** Its stage completes, on the connection's loop, once the answer is written. */
    private final BiFunction<ChannelHandlerContext, FullHttpRequest, CompletionStage<?>> answerer;

    private final ArrayDeque<FullHttpRequest> waiting = new ArrayDeque<>();
    private boolean answering;

    InOrder(
            int limit,
            BiFunction<ChannelHandlerContext, FullHttpRequest, CompletionStage<?>> answerer) {
        this.limit = limit;
        this.answerer = answerer;
    }

    /** Takes the request's reference. */
    void received(ChannelHandlerContext ctx, FullHttpRequest request) {
        if (!answering) {
            answerFrom(ctx, request);
        } else if (waiting.size() < limit) {
            waiting.add(request);
        } else {
            request.release();
            ctx.close();
        }
    }

    boolean answering() {
        return answering;
    }

    void clear() {
        waiting.forEach(FullHttpRequest::release);
        waiting.clear();
    }

    private void answerFrom(ChannelHandlerContext ctx, @Nullable FullHttpRequest first) {
        FullHttpRequest request = first;
        while (request != null) {
            CompletableFuture<?> written;
            try {
                written = answerer.apply(ctx, request).toCompletableFuture();
            } finally {
                request.release();
            }
            if (!written.isDone()) {
                answering = true;
                written.whenComplete(
                        (ignored, failure) -> {
                            answering = false;
                            try {
                                answerFrom(ctx, next(ctx));
                            } catch (RuntimeException e) {
                                // Thrown here, it would vanish into the stage.
                                ctx.fireExceptionCaught(e);
                            }
                        });
                return;
            }
            request = next(ctx);
        }
    }

    private @Nullable FullHttpRequest next(ChannelHandlerContext ctx) {
        return ctx.channel().isActive() ? waiting.poll() : null;
    }
}
