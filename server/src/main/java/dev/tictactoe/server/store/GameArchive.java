package dev.tictactoe.server.store;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * Finished games, one JSON document each at {@code <dir>/<CODE>/<n>.json}, kept for a retention
 * period after their room's last activity once the room is gone. Each write is atomic (a temporary
 * file, forced, then renamed), so a reader sees a whole document or none. These calls block on the
 * disk: {@link ArchiveRunner} runs them on a thread of its own, off the event loops. The documents
 * are the room's bytes; the archive never parses them.
 */
public final class GameArchive {

    private static final Logger log = LoggerFactory.getLogger(GameArchive.class);

    /** How long a gone room's games stay fetchable. */
    public static final Duration DEFAULT_RETENTION = Duration.ofDays(7);

    /** The most games kept per room; older ones go as new ones arrive. */
    public static final int DEFAULT_MAX_GAMES_PER_ROOM = 1_000;

    /** A marker whose time says when the room was last seen going. */
    static final String CLOSED = "closed";

    private static final String SUFFIX = ".json";
    private static final String TEMP_SUFFIX = ".tmp";

    /**
     * Codes become directory names: letters, digits, '-' and '_' only, so no code can name a path.
     */
    private static final Pattern CODE = Pattern.compile("[A-Za-z0-9_-]{1,64}");

    private final Path dir;
    private final Duration retention;
    private final int maxGamesPerRoom;
    private final Clock clock;
    private final StoreHealth health;

    public GameArchive(Path dir, Duration retention, int maxGamesPerRoom, Clock clock)
            throws IOException {
        this.dir = Files.createDirectories(dir);
        this.retention = retention;
        this.maxGamesPerRoom = maxGamesPerRoom;
        this.clock = clock;
        this.health = new StoreHealth("game archive " + dir);
    }

    /**
     * Stores game {@code game} of room {@code code}, replacing any earlier document of that number.
     */
    public void write(String code, int game, byte[] json) throws IOException {
        Path room =
                room(code)
                        .orElseThrow(
                                () -> new IllegalArgumentException("not a room code: " + code));
        Path target = room.resolve(game + SUFFIX);
        Path temp = room.resolve(game + SUFFIX + TEMP_SUFFIX);
        try {
            Files.createDirectories(room);
            Files.write(
                    temp,
                    json,
                    StandardOpenOption.CREATE,
                    StandardOpenOption.TRUNCATE_EXISTING,
                    StandardOpenOption.WRITE,
                    StandardOpenOption.SYNC);
            Files.move(
                    temp,
                    target,
                    StandardCopyOption.ATOMIC_MOVE,
                    StandardCopyOption.REPLACE_EXISTING);
            Files.setLastModifiedTime(target, FileTime.from(clock.instant()));
            Compaction.syncDirectory(room);
            // Games are numbered from 1 in order: a room can only be over its limit past that
            // number,
            // and listing its directory after every game would cost more than writing the game.
            if (game > maxGamesPerRoom) {
                List<Integer> games = list(code);
                for (int i = 0; i < games.size() - maxGamesPerRoom; i++) {
                    Files.deleteIfExists(room.resolve(games.get(i) + SUFFIX));
                }
            }
            health.ok();
        } catch (IOException e) {
            health.failed("writing " + target, e);
            try {
                Files.deleteIfExists(temp);
            } catch (IOException ignored) {
                // the next sweep deletes it
            }
            throw e;
        }
    }

    /** Notes that the room is gone: its games expire a retention period from now. */
    public void roomClosed(String code) throws IOException {
        Optional<Path> room = room(code);
        if (room.isPresent() && Files.isDirectory(room.get())) {
            Path marker = room.get().resolve(CLOSED);
            Files.write(marker, new byte[0]);
            Files.setLastModifiedTime(marker, FileTime.from(clock.instant()));
        }
    }

    /**
     * The numbers of the stored games of room {@code code}, ascending; empty for an unknown room.
     */
    public List<Integer> list(String code) throws IOException {
        Optional<Path> room = room(code);
        List<Integer> games = new ArrayList<>();
        if (room.isEmpty() || !Files.isDirectory(room.get())) {
            return games;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(room.get(), "*" + SUFFIX)) {
            for (Path file : files) {
                String name = file.getFileName().toString();
                String number = name.substring(0, name.length() - SUFFIX.length());
                if (!number.isEmpty()
                        && number.length() < 10
                        && number.chars().allMatch(Character::isDigit)) {
                    games.add(Integer.parseInt(number));
                }
            }
        } catch (NoSuchFileException e) {
            return games; // pruned meanwhile
        }
        games.sort(null);
        return games;
    }

    /** The document of game {@code game} of room {@code code}, if stored. */
    public Optional<byte[]> read(String code, int game) throws IOException {
        Optional<Path> room = room(code);
        if (room.isEmpty() || game < 0) {
            return Optional.empty();
        }
        try {
            return Optional.of(Files.readAllBytes(room.get().resolve(game + SUFFIX)));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
    }

    /**
     * Deletes the games of every room that is not {@code live} and whose newest file (a game or its
     * closed marker) is older than the retention period, and any temporary file a crash left.
     * Returns how many rooms went.
     */
    public int prune(Predicate<String> live) throws IOException {
        Instant cutoff = clock.instant().minus(retention);
        int pruned = 0;
        try (DirectoryStream<Path> rooms = Files.newDirectoryStream(dir, Files::isDirectory)) {
            for (Path room : rooms) {
                String code = room.getFileName().toString();
                Instant newest = Instant.MIN;
                List<Path> files = new ArrayList<>();
                try (DirectoryStream<Path> entries = Files.newDirectoryStream(room)) {
                    for (Path file : entries) {
                        if (file.getFileName().toString().endsWith(TEMP_SUFFIX)) {
                            Files.deleteIfExists(file);
                            continue;
                        }
                        files.add(file);
                        Instant modified = Files.getLastModifiedTime(file).toInstant();
                        newest = modified.isAfter(newest) ? modified : newest;
                    }
                }
                if (!live.test(code) && newest.isBefore(cutoff)) {
                    for (Path file : files) {
                        Files.deleteIfExists(file);
                    }
                    Files.deleteIfExists(room);
                    pruned++;
                }
            }
        }
        if (pruned > 0) {
            log.info("game archive: pruned {} rooms gone for over {}", pruned, retention);
        }
        return pruned;
    }

    /** False while writes fail; see {@link #lastError}. */
    public boolean healthy() {
        return health.healthy();
    }

    /** The error of the last failed write, or null when the last write succeeded. */
    public String lastError() {
        return health.lastError();
    }

    private Optional<Path> room(String code) {
        return code != null && CODE.matcher(code).matches()
                ? Optional.of(dir.resolve(code))
                : Optional.empty();
    }
}
