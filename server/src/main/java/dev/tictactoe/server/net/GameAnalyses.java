package dev.tictactoe.server.net;

import static dev.tictactoe.server.net.HttpReplies.JSON;

import com.fasterxml.jackson.databind.JsonNode;

import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.server.bot.Analysis;
import dev.tictactoe.server.bot.Bot;
import dev.tictactoe.server.game.Rules;

import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;

import org.jspecify.annotations.Nullable;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;

/** Finished games' analyses, made one at a time on a thread of their own, and kept. */
final class GameAnalyses implements AutoCloseable {

    /** Analyses waiting for the thread or being made at most; beyond, 503. */
    static final int MAX_WAITING = 8;

    /** Finished analyses kept (a 15×15 game's is about 8 KB). */
    static final int KEPT = 256;

    private static final Thresholds THRESHOLDS =
            new Thresholds(
                    Analysis.INACCURACY, Analysis.MISTAKE, Analysis.BLUNDER, Analysis.DECIDED);

    private final Bot bot = new Bot();
    private final long nodes;
    private final ExecutorService thread;

    /** Analyses kept or in the making, by game; guards {@code addresses} too. */
    private final Map<String, CompletableFuture<JsonNode>> games =
            new LinkedHashMap<>(64, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(
                        Map.Entry<String, CompletableFuture<JsonNode>> eldest) {
                    return size() > KEPT;
                }
            };

    /** The addresses whose analysis is in the making, one each. */
    private final Set<String> addresses = new HashSet<>();

    GameAnalyses(long nodesPerPosition) {
        this(
                nodesPerPosition,
                Executors.newSingleThreadExecutor(
                        Thread.ofPlatform().name("game-analysis").daemon().factory()));
    }

    /** Tests run the analyses by hand. */
    GameAnalyses(long nodesPerPosition, ExecutorService thread) {
        this.nodes = nodesPerPosition;
        this.thread = thread;
    }

    /** The analysis, or 429 or 503; a game that is not legal completes exceptionally. */
    CompletableFuture<FullHttpResponse> analyse(String address, JsonNode game) {
        String key = game.path("room").asText() + '/' + game.path("game").asInt();
        CompletableFuture<JsonNode> made;
        synchronized (games) {
            CompletableFuture<JsonNode> known = games.get(key);
            if (known != null) {
                return known.thenApply(HttpReplies::ok);
            }
            if (addresses.contains(address)) {
                return busy(
                        HttpResponseStatus.TOO_MANY_REQUESTS,
                        ErrorCode.RATE_LIMITED,
                        "an analysis for this address is still being made; try again when it is"
                                + " done",
                        2);
            }
            if (addresses.size() >= MAX_WAITING) {
                return busy(
                        HttpResponseStatus.SERVICE_UNAVAILABLE,
                        ErrorCode.SERVER_FULL,
                        "too many games are being analysed; try again in a few seconds",
                        5);
            }
            try {
                made = CompletableFuture.supplyAsync(() -> body(game), thread);
            } catch (RejectedExecutionException e) { // the server is stopping
                return CompletableFuture.failedFuture(e);
            }
            games.put(key, made);
            addresses.add(address);
        }
        made.whenComplete(
                (body, failure) -> {
                    synchronized (games) {
                        addresses.remove(address);
                        if (failure != null) {
                            games.remove(key, made);
                        }
                    }
                });
        return made.thenApply(HttpReplies::ok);
    }

    private static CompletableFuture<FullHttpResponse> busy(
            HttpResponseStatus status, ErrorCode code, String message, int retryAfter) {
        FullHttpResponse response = HttpReplies.refusal(status, code, message);
        response.headers().setInt(HttpHeaderNames.RETRY_AFTER, retryAfter);
        return CompletableFuture.completedFuture(response);
    }

    private JsonNode body(JsonNode game) {
        JsonNode settings = game.required("settings");
        Rules rules =
                new Rules(
                        settings.required("size").asInt(), settings.required("winLength").asInt());
        Seat first = Seat.valueOf(game.required("first").asText());
        int[] moves = JSON.convertValue(game.required("moves"), int[].class);
        Analysis analysis = Analysis.of(rules, first, moves, bot, nodes);
        return JSON.valueToTree(
                new Body(
                        game.path("room").asText(),
                        game.path("game").asInt(),
                        THRESHOLDS,
                        analysis.positions().stream().map(Position::new).toList(),
                        analysis.moves().stream().map(Move::new).toList()));
    }

    /** The answer's document, as Jackson writes it. */
    record Body(
            String room,
            int game,
            Thresholds thresholds,
            List<Position> positions,
            List<Move> moves) {}

    record Thresholds(int inaccuracy, int mistake, int blunder, int decided) {}

    /** {@code best} is null once the game is over. */
    record Position(@Nullable Seat toMove, boolean exact, int score, @Nullable Integer best) {
        Position(Analysis.Step step) {
            this(step.toMove(), step.exact(), step.score(), step.best() < 0 ? null : step.best());
        }
    }

    record Move(int cell, Seat seat, String verdict, int loss) {
        Move(Analysis.Judged move) {
            this(
                    move.cell(),
                    move.mark(),
                    move.verdict().name().toLowerCase(Locale.ROOT),
                    move.loss());
        }
    }

    @Override
    public void close() {
        thread.shutdownNow();
    }
}
