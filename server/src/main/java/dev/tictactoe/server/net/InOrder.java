package dev.tictactoe.server.net;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.FullHttpRequest;

import org.jspecify.annotations.Nullable;

import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** A connection's pipelined requests answered one at a time, in order; the rest wait here. */
final class InOrder {

    /** Its stage completes, on the connection's loop, once the answer is written. */
    @FunctionalInterface
    interface Answerer {
        CompletionStage<?> answer(ChannelHandlerContext ctx, FullHttpRequest request);
    }

    static final CompletionStage<Void> WRITTEN = CompletableFuture.completedFuture(null);

    private final int limit;
    private final Answerer answerer;
    private final ArrayDeque<FullHttpRequest> waiting = new ArrayDeque<>();
    private boolean answering;

    InOrder(int limit, Answerer answerer) {
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
                written = answerer.answer(ctx, request).toCompletableFuture();
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
