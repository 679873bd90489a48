package dev.tictactoe.server.net;

import static dev.tictactoe.server.net.HttpReplies.JSON;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.tictactoe.server.bot.Analysis;
import dev.tictactoe.server.bot.Bot;
import dev.tictactoe.server.game.Mark;
import dev.tictactoe.server.game.Rules;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;

/** Finished games' analyses, made one at a time on a thread of their own, and kept. */
final class GameAnalyses implements AutoCloseable {

    /** Analyses waiting for the thread or being made at most; beyond, {@link Refused#BUSY}. */
    static final int MAX_WAITING = 8;

    /** Finished analyses kept (a 15×15 game's is about 8 KB). */
    static final int KEPT = 256;

    sealed interface Outcome {}

    record Analysed(JsonNode body) implements Outcome {}

    enum Refused implements Outcome {
        BUSY,
        ADDRESS_BUSY
    }

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

    /** A document that is not a legal game completes exceptionally. */
    CompletableFuture<Outcome> analyse(String address, JsonNode game) {
        String key = game.path("room").asText() + '/' + game.path("game").asInt();
        CompletableFuture<JsonNode> made;
        synchronized (games) {
            CompletableFuture<JsonNode> known = games.get(key);
            if (known != null) {
                return known.thenApply(Analysed::new);
            }
            if (addresses.contains(address)) {
                return CompletableFuture.completedFuture(Refused.ADDRESS_BUSY);
            }
            if (addresses.size() >= MAX_WAITING) {
                return CompletableFuture.completedFuture(Refused.BUSY);
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
