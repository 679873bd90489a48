package dev.tictactoe.server.net;

import static dev.tictactoe.server.net.HttpReplies.abbreviate;

import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.RoomCode;
import dev.tictactoe.server.store.Store;

import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;

import org.jspecify.annotations.Nullable;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * A room's finished games: {@code GET /api/rooms/{code}/games} (their numbers), {@code .../{n}}
 * (one game) and {@code .../{n}/analysis}. Read, and analysed, off the event loop; a room with no
 * kept games counts against the address's budget of unknown codes like a room lookup.
 */
final class GamesEndpoint {

    private final @Nullable Store games;
    private final GameAnalyses analyses;
    private final RoomLookup lookup;

    /** {@code games} is where finished games are kept, null when the server keeps none. */
    GamesEndpoint(@Nullable Store games, GameAnalyses analyses, RoomLookup lookup) {
        this.games = games;
        this.analyses = analyses;
        this.lookup = lookup;
    }

    CompletionStage<FullHttpResponse> list(String address, String typedCode) {
        return answer(address, typedCode, null, false);
    }

    CompletionStage<FullHttpResponse> game(String address, String typedCode, int game) {
        return answer(address, typedCode, game, false);
    }

    CompletionStage<FullHttpResponse> analysis(String address, String typedCode, int game) {
        return answer(address, typedCode, game, true);
    }

    private CompletionStage<FullHttpResponse> answer(
            String address, String typedCode, @Nullable Integer game, boolean analysis) {
        Optional<FullHttpResponse> throttled = lookup.take(address);
        if (throttled.isPresent()) {
            return CompletableFuture.completedFuture(throttled.get());
        }
        String code = RoomCode.normalize(typedCode).orElse(null);
        if (code == null || games == null) {
            return CompletableFuture.completedFuture(
                    notFound("no games kept for room " + abbreviate(typedCode)));
        }
        String notFound =
                game == null
                        ? "no games kept for room " + code
                        : "room " + code + " has no game " + game;
        return ArchivedGames.lookup(games, code, game)
                .thenCompose(
                        body ->
                                body == null
                                        ? CompletableFuture.<GameAnalyses.Outcome>completedFuture(
                                                null)
                                        : analysis
                                                ? analyses.analyse(address, body)
                                                : CompletableFuture.completedFuture(
                                                        new GameAnalyses.Analysed(body)))
                .handle(
                        (outcome, failure) -> {
                            if (outcome != null || failure != null) {
                                // The room has games (or the archive failed, no fault of the
                                // client's): no miss.
                                lookup.found(address);
                            }
                            return failure != null
                                    ? HttpReplies.internalError("games unavailable")
                                    : response(outcome, notFound);
                        });
    }

    private static FullHttpResponse response(GameAnalyses.Outcome outcome, String notFound) {
        return switch (outcome) {
            case null -> notFound(notFound);
            case GameAnalyses.Analysed found ->
                    HttpReplies.json(HttpResponseStatus.OK, found.body(), false);
            case GameAnalyses.Refused refused -> {
                boolean busy = refused == GameAnalyses.Refused.BUSY;
                FullHttpResponse response =
                        busy
                                ? HttpReplies.refusal(
                                        HttpResponseStatus.SERVICE_UNAVAILABLE,
                                        ErrorCode.SERVER_FULL,
                                        "too many games are being analysed; try again in a few"
                                                + " seconds")
                                : HttpReplies.refusal(
                                        HttpResponseStatus.TOO_MANY_REQUESTS,
                                        ErrorCode.RATE_LIMITED,
                                        "an analysis for this address is still being made; try"
                                                + " again when it is done");
                response.headers().setInt(HttpHeaderNames.RETRY_AFTER, busy ? 5 : 2);
                yield response;
            }
        };
    }

    private static FullHttpResponse notFound(String message) {
        return HttpReplies.refusal(HttpResponseStatus.NOT_FOUND, ErrorCode.UNKNOWN_ROOM, message);
    }
}
