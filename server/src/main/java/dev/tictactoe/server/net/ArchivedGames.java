package dev.tictactoe.server.net;

import static dev.tictactoe.server.net.HttpReplies.JSON;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.tictactoe.protocol.GameRecord;
import dev.tictactoe.server.store.Store;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The answers of {@code GET /api/rooms/{code}/games[/{n}]} and the games of the {@code history}
 * message, both read from the store off the event loop.
 */
final class ArchivedGames {

    /** The games a {@code history} message lists at most: as many as a room keeps in memory. */
    static final int HISTORY_GAMES = 100;

    private static final Logger log = LoggerFactory.getLogger(ArchivedGames.class);

    /** An archived document as a {@code history} entry: its other fields are the archive's. */
    private static final ObjectReader RECORD =
            JSON.readerFor(GameRecord.class)
                    .without(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private ArchivedGames() {}

    /** The newest archived games, oldest first; one that does not read is left out, warned. */
    static CompletableFuture<List<GameRecord>> history(Store games, String code) {
        return games.latestGames(code, HISTORY_GAMES)
                .thenApply(
                        documents -> {
                            List<GameRecord> records = new ArrayList<>(documents.size());
                            for (byte[] document : documents) {
                                try {
                                    records.add(RECORD.readValue(document));
                                } catch (IOException | RuntimeException e) {
                                    log.warn(
                                            "room {}: an archived game does not read: {}",
                                            code,
                                            e.toString());
                                }
                            }
                            return records;
                        });
    }

    /** A room's kept game numbers ({@code game} null) or one game; null when it has none. */
    static CompletableFuture<JsonNode> lookup(Store games, String code, @Nullable Integer game) {
        if (game != null) {
            return games.game(code, game)
                    .thenApply(json -> json.map(ArchivedGames::parse).orElse(null));
        }
        return games.gameNumbers(code).thenApply(kept -> kept.isEmpty() ? null : list(code, kept));
    }

    private static JsonNode list(String code, List<Integer> games) {
        ObjectNode body = JSON.createObjectNode().put("room", code);
        games.forEach(body.putArray("games")::add);
        return body;
    }

    private static JsonNode parse(byte[] json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
