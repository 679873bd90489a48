package dev.tictactoe.server.net;

import static dev.tictactoe.server.net.HttpReplies.JSON;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tictactoe.server.store.ArchiveRunner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/** The answers of {@code GET /api/rooms/{code}/games[/{n}]}, read from the archive off the event loop. */
final class ArchivedGames {

    private ArchivedGames() {}

    /**
     * The list of a room's kept game numbers ({@code game} null) or one game's record; completes
     * with null when the room has no kept games or not that one.
     */
    static CompletableFuture<JsonNode> lookup(ArchiveRunner games, String code, Integer game) {
        return games.list(code).thenCompose(kept -> {
            if (kept.isEmpty() || game == null) {
                return CompletableFuture.completedFuture(kept.isEmpty() ? null : list(code, kept));
            }
            return games.read(code, game).thenApply(json -> json.map(ArchivedGames::parse).orElse(null));
        });
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
