package dev.tictactoe.server.net;

import static dev.tictactoe.server.net.HttpReplies.JSON;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;

import dev.tictactoe.protocol.GameRecord;
import dev.tictactoe.server.cluster.NodeFile;
import dev.tictactoe.server.room.RoomJournal;
import dev.tictactoe.server.room.RoomRegistry;
import dev.tictactoe.server.store.DataDirException;
import dev.tictactoe.server.store.Store;
import dev.tictactoe.server.store.StoreSettings;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.LongConsumer;
import java.util.function.Supplier;

/** The rooms' journal in the store, and the archived games read back from it, off the loop. */
record StoredRooms(Store store) implements RoomJournal {

    private static final Logger log = LoggerFactory.getLogger(StoredRooms.class);

    /** An archived document as a {@code history} entry: its other fields are the archive's. */
    private static final ObjectReader RECORD =
            JSON.readerFor(GameRecord.class)
                    .without(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /** Before the port opens: a bad data directory stops the start. */
    static Store open(StoreSettings settings, @Nullable Character node) {
        NodeFile.claim(settings.dataDir(), node);
        try {
            return Store.open(settings);
        } catch (DataDirException e) {
            throw new UncheckedIOException(e.getMessage(), e); // it names the directory
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot open the data directory " + settings.dataDir() + ": " + e.getMessage(),
                    e);
        }
    }

    static void recover(Store store, RoomRegistry rooms) {
        store.recovered()
                .values()
                .forEach(room -> rooms.restore(room.checkpoint(), room.commands()));
    }

    @Override
    public boolean change(
            String room, long version, byte[] record, @Nullable LongConsumer onDurable) {
        return store.command(room, version, record, onDurable).accepted();
    }

    @Override
    public boolean holdsUntilDurable() {
        return store.policy().holdsUntilDurable();
    }

    @Override
    public boolean checkpoint(String room, long version, byte[] state) {
        return store.checkpoint(room, version, () -> state).accepted();
    }

    @Override
    public void gameFinished(String room, int game, Supplier<byte[]> json) {
        store.game(room, game, json);
    }

    @Override
    public void closed(String room, long version) {
        store.closeRoom(room);
    }

    @Override
    public boolean archivesGames() {
        return true;
    }

    /** The newest archived games, oldest first; one that does not read is left out, warned. */
    @Override
    public CompletableFuture<List<GameRecord>> history(String room, int count) {
        return store.latestGames(room, count)
                .thenApply(
                        documents -> {
                            List<GameRecord> records = new ArrayList<>(documents.size());
                            for (byte[] document : documents) {
                                try {
                                    records.add(RECORD.readValue(document));
                                } catch (IOException | RuntimeException e) {
                                    log.warn(
                                            "room {}: an archived game does not read: {}",
                                            room,
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
                    .thenApply(json -> json.map(StoredRooms::parse).orElse(null));
        }
        return games.gameNumbers(code)
                .thenApply(kept -> kept.isEmpty() ? null : JSON.valueToTree(new Kept(code, kept)));
    }

    private record Kept(String room, List<Integer> games) {}

    private static JsonNode parse(byte[] json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
