package dev.tictactoe.server.store;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A data directory on real files whose disk fills up on demand, for tests of what uses a {@link
 * Store}.
 */
public final class FailingDisk {

    private final TestFiles files = new TestFiles();

    /**
     * Opens a store in {@code dataDir} whose journal writes through this disk; retries come
     * quickly.
     */
    public Store open(Path dataDir) throws IOException {
        return Store.open(
                dataDir,
                JournalTest.options(DurabilityPolicy.FSYNC_EACH),
                GameArchive.DEFAULT_RETENTION,
                code -> false,
                files);
    }

    /** While full, every journal write fails as a full disk does ("No space left on device"). */
    public void full(boolean full) {
        files.diskFull = full;
    }

    /** Waits, at most ten seconds, until the store's health is {@code healthy}. */
    public static void awaitHealthy(Store store, boolean healthy) throws IOException {
        JournalTest.awaitCondition(() -> store.healthy() == healthy);
    }
}
