package dev.tictactoe.server.net;

import static dev.tictactoe.server.net.HttpReplies.JSON;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.tictactoe.server.bot.Analysis;
import dev.tictactoe.server.bot.Bot;
import dev.tictactoe.server.game.Mark;
import dev.tictactoe.server.game.Rules;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The analyses of finished games: made one at a time on a thread of their own (never a bot's thread
 * or an event loop) and kept, so a game is analysed once. An address has one in the making at a
 * time, and the server a bounded queue of them; beyond either the request is refused as a value.
 */
final class GameAnalyses implements AutoCloseable {

    /** Analyses waiting for the thread or being made at most; beyond, {@link Refused#BUSY}. */
    static final int MAX_WAITING = 8;

    /** Finished analyses kept (a 15×15 game's is about 8 KB). */
    static final int KEPT = 256;

    /** What {@link #analyse} answers: the endpoint's JSON body, or why none was made. */
    sealed interface Outcome {}

    record Analysed(JsonNode body) implements Outcome {}

    enum Refused implements Outcome {
        BUSY,
        ADDRESS_BUSY
    }

    private final Bot bot = new Bot();
    private final long nodes;
    private final ExecutorService thread;
    private final AtomicInteger waiting = new AtomicInteger();
    private final Map<String, CompletableFuture<JsonNode>> making = new ConcurrentHashMap<>();
    private final Map<String, Boolean> waitingAddresses = new ConcurrentHashMap<>();
    private final Map<String, JsonNode> kept =
            new LinkedHashMap<>(64, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, JsonNode> eldest) {
                    return size() > KEPT;
                }
            };

    /** Analyses on a thread of their own, searching each position for {@code nodesPerPosition}. */
    GameAnalyses(long nodesPerPosition) {
        this(
                nodesPerPosition,
                Executors.newSingleThreadExecutor(
                        Thread.ofPlatform().name("game-analysis").daemon().factory()));
    }

    /** Analyses run by {@code thread} (tests run them by hand). */
    GameAnalyses(long nodesPerPosition, ExecutorService thread) {
        this.nodes = nodesPerPosition;
        this.thread = thread;
    }

    /**
     * The analysis of a finished game's archived document, asked for by {@code address}: at once
     * when kept, else when made. A document that is not a legal game completes exceptionally.
     */
    CompletableFuture<Outcome> analyse(String address, JsonNode game) {
        String key = game.path("room").asText() + '/' + game.path("game").asInt();
        synchronized (kept) {
            JsonNode done = kept.get(key);
            if (done != null) {
                return CompletableFuture.completedFuture(new Analysed(done));
            }
        }
        CompletableFuture<JsonNode> pending = making.get(key);
        if (pending != null) {
            return pending.thenApply(Analysed::new);
        }
        if (waitingAddresses.putIfAbsent(address, Boolean.TRUE) != null) {
            return CompletableFuture.completedFuture(Refused.ADDRESS_BUSY);
        }
        Runnable release =
                () -> {
                    waiting.decrementAndGet();
                    waitingAddresses.remove(address);
                };
        if (waiting.incrementAndGet() > MAX_WAITING) {
            release.run();
            return CompletableFuture.completedFuture(Refused.BUSY);
        }
        CompletableFuture<JsonNode> made = new CompletableFuture<>();
        CompletableFuture<JsonNode> raced = making.putIfAbsent(key, made);
        if (raced != null) {
            release.run();
            return raced.thenApply(Analysed::new);
        }
        try {
            thread.execute(
                    () -> {
                        try {
                            JsonNode body = body(game);
                            synchronized (kept) {
                                kept.put(key, body);
                            }
                            made.complete(body);
                        } catch (RuntimeException e) {
                            made.completeExceptionally(e);
                        } finally {
                            making.remove(key);
                            release.run();
                        }
                    });
        } catch (RejectedExecutionException e) { // the server is stopping
            made.completeExceptionally(e);
            making.remove(key);
            release.run();
        }
        return made.thenApply(Analysed::new);
    }

    private JsonNode body(JsonNode game) {
        JsonNode settings = game.required("settings");
        Rules rules =
                new Rules(
                        settings.required("size").asInt(), settings.required("winLength").asInt());
        Mark first = Mark.valueOf(game.required("first").asText());
        JsonNode played = game.required("moves");
        int[] moves = new int[played.size()];
        for (int i = 0; i < moves.length; i++) {
            moves[i] = played.get(i).asInt();
        }
        Analysis analysis = Analysis.of(rules, first, moves, bot, nodes);

        ObjectNode body =
                JSON.createObjectNode()
                        .put("room", game.path("room").asText())
                        .put("game", game.path("game").asInt());
        body.putObject("thresholds")
                .put("inaccuracy", Analysis.INACCURACY)
                .put("mistake", Analysis.MISTAKE)
                .put("blunder", Analysis.BLUNDER)
                .put("decided", Analysis.DECIDED);
        ArrayNode positions = body.putArray("positions");
        for (Analysis.Step step : analysis.positions()) {
            ObjectNode p = positions.addObject();
            p.put("toMove", step.toMove() == null ? null : step.toMove().name());
            p.put("exact", step.exact());
            p.put("score", step.score());
            if (step.best() < 0) {
                p.putNull("best");
            } else {
                p.put("best", step.best());
            }
        }
        ArrayNode judged = body.putArray("moves");
        for (Analysis.Judged move : analysis.moves()) {
            judged.addObject()
                    .put("cell", move.cell())
                    .put("seat", move.mark().name())
                    .put("verdict", move.verdict().name().toLowerCase(Locale.ROOT))
                    .put("loss", move.loss());
        }
        return body;
    }

    @Override
    public void close() {
        thread.shutdownNow();
    }
}
