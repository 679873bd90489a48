package dev.tictactoe.server.net;

import dev.tictactoe.protocol.ErrorCode;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Quick match over HTTP: {@code POST /api/match} waits for its pairing as a pending answer (no
 * thread is parked), and {@code GET}/{@code DELETE /api/match/{ticket}} look a waiting request up
 * or cancel it. {@link MatchApi} says what each answer is.
 */
final class MatchEndpoint {

    private final MatchApi matches;

    MatchEndpoint(MatchApi matches) {
        this.matches = matches;
    }

    /** Answered at once or when paired, timed out or cancelled; a closed channel leaves. */
    CompletionStage<FullHttpResponse> submit(Channel channel, String body) {
        CompletableFuture<MatchApi.Reply> answer = new CompletableFuture<>();
        switch (matches.submit(body, answer::complete)) {
            case MatchApi.Submitted.Answered answered -> answer.complete(answered.reply());
            case MatchApi.Submitted.Waiting waiting -> {
                ChannelFutureListener leave = closed -> matches.leave(waiting.ticket());
                channel.closeFuture().addListener(leave);
                answer.whenComplete(
                        (reply, failure) -> channel.closeFuture().removeListener(leave));
            }
        }
        return answer.thenApply(MatchEndpoint::response);
    }

    CompletionStage<FullHttpResponse> status(String ticket) {
        return reached(matches.status(ticket));
    }

    CompletionStage<FullHttpResponse> cancel(String ticket) {
        return reached(matches.cancel(ticket));
    }

    /** An answer that may come from Redis, or a 503 when Redis could not be reached. */
    private static CompletionStage<FullHttpResponse> reached(
            CompletionStage<MatchApi.Reply> reply) {
        return reply.handle(
                (answer, failure) ->
                        failure == null
                                ? response(answer)
                                : HttpReplies.refusal(
                                        HttpResponseStatus.SERVICE_UNAVAILABLE,
                                        ErrorCode.SERVER_FULL,
                                        "quick match could not be reached; try again"));
    }

    private static FullHttpResponse response(MatchApi.Reply reply) {
        return reply.body() == null
                ? HttpReplies.empty(reply.status())
                : HttpReplies.json(reply.status(), reply.body(), false);
    }
}
