package dev.tictactoe.server.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The server's data directory, {@code journal/} for the rooms' changes and {@code games/} for
 * finished games, opened together with no set-up: missing directories are created.
 */
public final class Store implements AutoCloseable {

    /** Where the data lives unless told otherwise: {@code ./data}. */
    public static final Path DEFAULT_DATA_DIR = Path.of("data");

    private final Journal journal;
    private final ArchiveRunner games;
    private final Map<String, List<JournalRecord>> recovered;

    private Store(
            Journal journal, ArchiveRunner games, Map<String, List<JournalRecord>> recovered) {
        this.journal = journal;
        this.games = games;
        this.recovered = recovered;
    }

    /**
     * Opens the journal (recovering its rooms) and the archive, and starts the archive's sweeps.
     * {@code live} says whether a room is open right now; the recovered rooms count as live too, so
     * the sweep at start cannot take the games of a room that is about to be rebuilt.
     */
    public static Store open(
            Path dataDir, Journal.Options options, Duration retention, Predicate<String> live)
            throws IOException {
        return open(dataDir, options, retention, live, LogFile.FILES);
    }

    /** The same, the journal's files opened by {@code files} (tests put a failing disk there). */
    static Store open(
            Path dataDir,
            Journal.Options options,
            Duration retention,
            Predicate<String> live,
            LogFile.Opener files)
            throws IOException {
        createPrivate(dataDir);
        Journal.Opened opened = Journal.open(dataDir.resolve("journal"), options, files);
        try {
            GameArchive archive =
                    new GameArchive(
                            dataDir.resolve("games"),
                            retention,
                            GameArchive.DEFAULT_MAX_GAMES_PER_ROOM,
                            Clock.systemUTC(),
                            options.policy() instanceof DurabilityPolicy.FsyncEach);
            Map<String, List<JournalRecord>> rooms = opened.rooms();
            ArchiveRunner games =
                    new ArchiveRunner(
                            archive,
                            code -> rooms.containsKey(code) || live.test(code),
                            ArchiveRunner.DEFAULT_SWEEP_INTERVAL);
            return new Store(opened.journal(), games, rooms);
        } catch (IOException | RuntimeException e) {
            closeQuietly(opened.journal());
            throw e;
        }
    }

    public Journal journal() {
        return journal;
    }

    public ArchiveRunner games() {
        return games;
    }

    /** The rooms found in the journal at start, each with its records in order (read only). */
    public Map<String, List<JournalRecord>> recovered() {
        return recovered;
    }

    /** True when the journal and the archive both wrote successfully last time. */
    public boolean healthy() {
        return journal.healthy() && games.archive().healthy();
    }

    /** What is failing, in one line for a readiness check, or null when healthy. */
    public String problem() {
        String j = journal.lastError();
        String g = games.archive().lastError();
        if (j == null && g == null) {
            return null;
        }
        return j == null
                ? "games: " + g
                : g == null ? "journal: " + j : "journal: " + j + "; games: " + g;
    }

    /** Drains the journal (written and forced) and the archive's pending writes. */
    @Override
    public void close() throws InterruptedException {
        try {
            journal.close();
        } finally {
            games.close();
        }
    }

    /** The journal holds seat tokens: a new data directory is readable by its owner only. */
    private static void createPrivate(Path dataDir) throws IOException {
        if (Files.isDirectory(dataDir)) {
            return;
        }
        try {
            Files.createDirectories(
                    dataDir,
                    PosixFilePermissions.asFileAttribute(
                            PosixFilePermissions.fromString("rwx------")));
        } catch (UnsupportedOperationException e) {
            Files.createDirectories(dataDir); // not a POSIX file system
        }
    }

    private static void closeQuietly(Journal journal) {
        try {
            journal.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
