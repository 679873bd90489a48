package dev.tictactoe.server.store;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * A store whose disk fills up on demand, for tests of what uses a {@link Store}: while full, every
 * commit fails as SQLite's does on a full disk, and is retried.
 */
public final class FailingDisk {

    private volatile boolean full;

    /** Opens a store in {@code dataDir} under {@code fsync} whose commits go through this disk. */
    public Store open(Path dataDir) throws IOException {
        Store store =
                Store.open(
                        new StoreSettings(dataDir, "fsync", StoreSettings.DEFAULT_GAME_RETENTION));
        store.beforeCommit(
                db -> {
                    if (full) {
                        throw new SQLException("[SQLITE_FULL] database or disk is full");
                    }
                    return null;
                });
        return store;
    }

    /** While full, every commit fails. */
    public void full(boolean full) {
        this.full = full;
    }

    /** Waits, at most ten seconds, until the store's health is {@code healthy}. */
    public static void awaitHealthy(Store store, boolean healthy) {
        awaitCondition(() -> (store.problem() == null) == healthy);
    }

    /** Waits for {@code condition}, polling, at most ten seconds. */
    static void awaitCondition(BooleanSupplier condition) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("condition not met in 10 s");
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
        }
    }
}
