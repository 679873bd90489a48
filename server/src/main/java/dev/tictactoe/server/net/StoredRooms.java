package dev.tictactoe.server.net;

import dev.tictactoe.protocol.GameRecord;
import dev.tictactoe.server.cluster.NodeFile;
import dev.tictactoe.server.room.RoomJournal;
import dev.tictactoe.server.room.RoomRegistry;
import dev.tictactoe.server.store.DataDirException;
import dev.tictactoe.server.store.DurabilityPolicy;
import dev.tictactoe.server.store.Store;
import dev.tictactoe.server.store.StoreOptions;

import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.LongConsumer;
import java.util.function.Supplier;

/** The rooms' journal in the store; readiness reports the store's problem while it refuses. */
final class StoredRooms implements RoomJournal {

    private final Store store;
    private final int checkpointEvery;

    /** Before the port opens: a bad data directory stops the start. */
    static Store open(
            Path dataDir, @Nullable Character node, String durability, Duration retention) {
        NodeFile.claim(dataDir, node);
        try {
            return Store.open(
                    dataDir, StoreOptions.of(DurabilityPolicy.parse(durability), retention));
        } catch (DataDirException e) {
            throw new UncheckedIOException(e.getMessage(), e); // it names the directory
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot open the data directory " + dataDir + ": " + e.getMessage(), e);
        }
    }

    static void recover(Store store, RoomRegistry rooms) {
        store.recovered()
                .values()
                .forEach(room -> rooms.restore(room.checkpoint(), room.commands()));
    }

    StoredRooms(Store store, int checkpointEvery) {
        this.store = store;
        this.checkpointEvery = checkpointEvery;
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
    public boolean checkpoint(String room, long version, Supplier<byte[]> state) {
        return store.checkpoint(room, version, state).accepted();
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
    public int checkpointEvery() {
        return checkpointEvery;
    }

    @Override
    public boolean archivesGames() {
        return true;
    }

    @Override
    public CompletableFuture<List<GameRecord>> history(String room) {
        return ArchivedGames.history(store, room);
    }
}
