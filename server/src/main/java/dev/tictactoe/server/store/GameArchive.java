package dev.tictactoe.server.store;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
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
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * Finished games, kept per room in one append-only file, {@code <dir>/<CODE>/games.log}: a line per
 * game, its number, a space and its JSON document, the last line of a number standing for it. A
 * room's games stay a retention period after its last activity once the room is gone.
 *
 * <p>One file per room, not per game, because forcing a new file costs the disk a few hundred
 * microseconds of CPU, as much as a whole game of moves: when {@code forceEachGame} is off, a game
 * is appended and the room's file is forced when the room closes, when {@link #forceAll} runs
 * (shutdown) and when it is rewritten. A line a power loss cut short is not a game: readers skip it
 * and the next append cuts it off. These calls block on the disk: {@link ArchiveRunner} runs them
 * on a thread of its own. The documents are the room's bytes; the archive never parses them. It
 * stays one file: writing, cutting off a torn line, trimming and reading all follow one line
 * format.
 */
public final class GameArchive {

    private static final Logger log = LoggerFactory.getLogger(GameArchive.class);

    /** How long a gone room's games stay fetchable. */
    public static final Duration DEFAULT_RETENTION = Duration.ofDays(7);

    /** The most games kept per room; older ones go as new ones arrive. */
    public static final int DEFAULT_MAX_GAMES_PER_ROOM = 1_000;

    /**
     * Past the limit, a room's file is rewritten without its oldest games every this many games, or
     * every limit's worth if that is more, not after every game (readers see the newest games up to
     * the limit meanwhile). A rewrite reads, writes and forces the whole file: a room that plays a
     * game every few milliseconds would otherwise rewrite its file many times a second.
     */
    static final int TRIM_SLACK = 100;

    /**
     * The most rooms' files kept open between games, least recently written closed first: enough
     * for a thousand busy rooms, and a small share of the process's file descriptors.
     */
    static final int MAX_OPEN_FILES = 1_024;

    /** A marker whose time says when the room was last seen going. */
    static final String CLOSED = "closed";

    static final String LOG = "games.log";

    /** How a game's own file was named before the file per room. */
    private static final String EARLIER_SUFFIX = ".json";

    private static final String TEMP_SUFFIX = ".tmp";
    private static final byte NEWLINE = '\n';

    /**
     * Codes become directory names: letters, digits, '-' and '_' only, so no code can name a path.
     */
    private static final Pattern CODE = Pattern.compile("[A-Za-z0-9_-]{1,64}");

    private final Path dir;
    private final Duration retention;
    private final int maxGamesPerRoom;
    private final Clock clock;
    private final boolean forceEachGame;
    private final StoreHealth health;

    /** Rooms whose file has lines the disk was not asked to keep yet. */
    private final Set<String> unforced = new HashSet<>();

    /** The rooms' files open for their next game, least recently written first. */
    private final LinkedHashMap<String, RoomLog> open =
            new LinkedHashMap<>(16, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, RoomLog> eldest) {
                    if (size() <= MAX_OPEN_FILES) {
                        return false;
                    }
                    eldest.getValue().close();
                    return true;
                }
            };

    /**
     * An archive in {@code dir}; {@code forceEachGame} forces every game before {@link #write}
     * returns, else a room's games are forced together (see the class comment).
     */
    public GameArchive(
            Path dir, Duration retention, int maxGamesPerRoom, Clock clock, boolean forceEachGame)
            throws IOException {
        this.dir = Files.createDirectories(dir);
        this.retention = retention;
        this.maxGamesPerRoom = maxGamesPerRoom;
        this.clock = clock;
        this.forceEachGame = forceEachGame;
        this.health = new StoreHealth("game archive " + dir);
    }

    /** A game's number and its document, one line (no newline in it). */
    public record StoredGame(int game, byte[] json) {}

    /**
     * Stores game {@code game} of room {@code code}, standing in for any earlier document of that
     * number; {@code json} is one line (no newline in it).
     */
    public void write(String code, int game, byte[] json) throws IOException {
        write(code, List.of(new StoredGame(game, json)));
    }

    /**
     * Stores the room's {@code games}, in order, with one write: a room that finished several games
     * since the last call costs one system call, not one per game.
     */
    public void write(String code, List<StoredGame> games) throws IOException {
        RoomLog log = open.get(code);
        if (log == null) {
            log = openLog(code);
        }
        ByteBuffer lines = lines(games);
        try {
            while (lines.hasRemaining()) {
                log.end += log.channel.write(lines, log.end);
            }
            log.lastWrite = clock.instant();
            if (forceEachGame) {
                log.force();
            } else {
                unforced.add(code);
            }
            if (trimDue(games)) {
                trim(code, log.file.getParent());
            }
            health.ok();
        } catch (IOException e) {
            closeLog(code);
            health.failed("writing " + log.file, e);
            throw e;
        }
    }

    // Kept out of write(), which runs once per room and gathering: its usual path stays short, so
    // the JIT compiles it early and cheaply.
    private RoomLog openLog(String code) throws IOException {
        Path room =
                room(code)
                        .orElseThrow(
                                () -> new IllegalArgumentException("not a room code: " + code));
        Path file = room.resolve(LOG);
        try {
            RoomLog log = RoomLog.open(room, file);
            open.put(code, log);
            return log;
        } catch (IOException e) {
            health.failed("writing " + file, e);
            throw e;
        }
    }

    /** Whether one of {@code games} is a trim's turn: past the limit, every step games. */
    private boolean trimDue(List<StoredGame> games) {
        int step = Math.max(TRIM_SLACK, maxGamesPerRoom);
        for (StoredGame g : games) {
            if (g.game() > maxGamesPerRoom && g.game() % step == 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * A room's file kept open between its games, with where its whole lines end, so a game costs
     * one write and not an open, a look at the tail and a close.
     */
    private static final class RoomLog {
        final Path file;
        final FileChannel channel;
        long end;
        boolean created;

        /** When the last game was written since the file was opened, by the archive's clock. */
        Instant lastWrite;

        private RoomLog(Path file, FileChannel channel, long end, boolean created) {
            this.file = file;
            this.channel = channel;
            this.end = end;
            this.created = created;
        }

        /** Forces the file and, the first time after creating it, its directory's entry. */
        void force() throws IOException {
            channel.force(false);
            if (created) {
                Compaction.syncDirectory(file.getParent());
                created = false;
            }
        }

        static RoomLog open(Path room, Path file) throws IOException {
            if (!Files.isDirectory(room)) {
                Files.createDirectories(room);
            }
            boolean created = !Files.exists(file);
            FileChannel channel =
                    FileChannel.open(
                            file,
                            StandardOpenOption.CREATE,
                            StandardOpenOption.READ,
                            StandardOpenOption.WRITE);
            try {
                return new RoomLog(file, channel, wholeLinesEnd(channel), created);
            } catch (IOException | RuntimeException e) {
                channel.close();
                throw e;
            }
        }

        /**
         * Closes the file and, if a game was written to it, gives it the time of that write by the
         * archive's clock (retention counts from a room's newest file). Set here, not per game: the
         * system's own time of the write stands in meanwhile, and a call per game was a fifth of
         * the archive thread's time.
         */
        void close() {
            try {
                channel.close();
                if (lastWrite != null) {
                    Files.setLastModifiedTime(file, FileTime.from(lastWrite));
                }
            } catch (IOException e) {
                // nothing was pending on it: writes go straight to the file; a time not set
                // leaves the system's time of the last write
            }
        }
    }

    /** Closes the room's file if it is open; the next write opens it again. */
    private void closeLog(String code) {
        RoomLog log = open.remove(code);
        if (log != null) {
            log.close();
        }
    }

    /**
     * Where the file's whole lines end; a tail without its newline (a write a power loss cut short)
     * is cut off, so the next line starts clean.
     */
    private static long wholeLinesEnd(FileChannel log) throws IOException {
        long size = log.size();
        if (size == 0) {
            return 0;
        }
        ByteBuffer last = ByteBuffer.allocate(1);
        log.read(last, size - 1);
        if (last.get(0) == NEWLINE) {
            return size;
        }
        long end = size;
        ByteBuffer chunk = ByteBuffer.allocate(4096);
        while (end > 0) {
            long from = Math.max(0, end - chunk.capacity());
            chunk.clear().limit((int) (end - from));
            log.read(chunk, from);
            for (int i = chunk.position() - 1; i >= 0; i--) {
                if (chunk.get(i) == NEWLINE) {
                    log.truncate(from + i + 1);
                    return from + i + 1;
                }
            }
            end = from;
        }
        log.truncate(0);
        return 0;
    }

    /** Rewrites the room's file with its newest games only, forced, in place of the old one. */
    private void trim(String code, Path room) throws IOException {
        closeLog(code); // the file is replaced: the next write opens the new one
        TreeMap<Integer, byte[]> games = games(code);
        Path file = room.resolve(LOG);
        Path temp = room.resolve(LOG + TEMP_SUFFIX);
        ByteBuffer lines =
                lines(
                        games.entrySet().stream()
                                .map(g -> new StoredGame(g.getKey(), g.getValue()))
                                .toList());
        try (FileChannel out =
                FileChannel.open(
                        temp,
                        StandardOpenOption.CREATE,
                        StandardOpenOption.TRUNCATE_EXISTING,
                        StandardOpenOption.WRITE)) {
            while (lines.hasRemaining()) {
                out.write(lines);
            }
            out.force(false);
        }
        Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        Files.setLastModifiedTime(file, FileTime.from(clock.instant()));
        Compaction.syncDirectory(room);
        unforced.remove(code);
    }

    /** Notes that the room is gone: its games are forced and expire a retention period from now. */
    public void roomClosed(String code) throws IOException {
        Optional<Path> room = room(code);
        if (room.isPresent() && Files.isDirectory(room.get())) {
            force(code, room.get());
            closeLog(code);
            Path marker = room.get().resolve(CLOSED);
            Files.write(marker, new byte[0]);
            Files.setLastModifiedTime(marker, FileTime.from(clock.instant()));
        }
    }

    /** Forces every room's games written since their last force and closes the files (shutdown). */
    public void forceAll() throws IOException {
        for (String code : List.copyOf(unforced)) {
            force(code, dir.resolve(code));
        }
        for (String code : List.copyOf(open.keySet())) {
            closeLog(code);
        }
    }

    private void force(String code, Path room) throws IOException {
        if (!unforced.remove(code)) {
            return;
        }
        RoomLog open = this.open.get(code);
        if (open != null) {
            open.channel.force(false);
            Compaction.syncDirectory(room);
            return;
        }
        try (FileChannel log = FileChannel.open(room.resolve(LOG), StandardOpenOption.READ)) {
            log.force(false);
        } catch (NoSuchFileException e) {
            return; // pruned meanwhile
        }
        Compaction.syncDirectory(room);
    }

    /**
     * The numbers of the stored games of room {@code code}, ascending; empty for an unknown room.
     */
    public List<Integer> list(String code) throws IOException {
        return new ArrayList<>(games(code).keySet());
    }

    /** The document of game {@code game} of room {@code code}, if stored. */
    public Optional<byte[]> read(String code, int game) throws IOException {
        return Optional.ofNullable(games(code).get(game));
    }

    /** The documents of the room's newest {@code count} stored games, oldest first. */
    public List<byte[]> latest(String code, int count) throws IOException {
        List<byte[]> all = new ArrayList<>(games(code).values());
        return all.subList(Math.max(0, all.size() - count), all.size());
    }

    /**
     * The room's games by number, the newest {@link #maxGamesPerRoom} only: the last whole line of
     * each number.
     */
    private TreeMap<Integer, byte[]> games(String code) throws IOException {
        TreeMap<Integer, byte[]> games = new TreeMap<>();
        Optional<Path> room = room(code);
        if (room.isEmpty()) {
            return games;
        }
        if (!Files.isDirectory(room.get())) {
            return games;
        }
        readEarlierFormat(room.get(), games);
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(room.get().resolve(LOG));
        } catch (NoSuchFileException e) {
            bytes = new byte[0];
        }
        int start = 0;
        for (int end = 0; end < bytes.length; end++) {
            if (bytes[end] == NEWLINE) {
                readLine(bytes, start, end, games);
                start = end + 1;
            }
        }
        while (games.size() > maxGamesPerRoom) {
            games.pollFirstEntry();
        }
        return games;
    }

    /**
     * Games stored before the file per room, a document each at {@code <n>.json}: still read, the
     * file's line for the same number standing in for them.
     */
    private static void readEarlierFormat(Path room, TreeMap<Integer, byte[]> into)
            throws IOException {
        try (DirectoryStream<Path> files = Files.newDirectoryStream(room, "*" + EARLIER_SUFFIX)) {
            for (Path file : files) {
                String name = file.getFileName().toString();
                String number = name.substring(0, name.length() - EARLIER_SUFFIX.length());
                if (!number.isEmpty()
                        && number.length() < 10
                        && number.chars().allMatch(Character::isDigit)) {
                    into.put(Integer.parseInt(number), Files.readAllBytes(file));
                }
            }
        } catch (NoSuchFileException e) {
            // pruned meanwhile
        }
    }

    /** A line is the game's number, a space and its document; anything else is skipped. */
    private static void readLine(byte[] bytes, int start, int end, TreeMap<Integer, byte[]> into) {
        int game = 0;
        int i = start;
        while (i < end && i - start < 9 && bytes[i] >= '0' && bytes[i] <= '9') {
            game = game * 10 + (bytes[i++] - '0');
        }
        if (i > start && i < end && bytes[i] == ' ') {
            into.put(game, Arrays.copyOfRange(bytes, i + 1, end));
        }
    }

    /**
     * The lines that store {@code games}, in one buffer: each the game's number, a space, its
     * document and a newline.
     */
    private static ByteBuffer lines(List<StoredGame> games) {
        int bytes = 0;
        for (StoredGame g : games) {
            for (byte b : g.json()) {
                if (b == NEWLINE) {
                    throw new IllegalArgumentException("a game document is one line");
                }
            }
            bytes += Integer.toString(g.game()).length() + g.json().length + 2;
        }
        ByteBuffer lines = ByteBuffer.allocate(bytes);
        for (StoredGame g : games) {
            lines.put(Integer.toString(g.game()).getBytes(StandardCharsets.US_ASCII))
                    .put((byte) ' ')
                    .put(g.json())
                    .put(NEWLINE);
        }
        return lines.flip();
    }

    /**
     * Deletes the games of every room that is not {@code live} and whose newest file (its games or
     * its closed marker) is older than the retention period, and any temporary file a crash left.
     * Returns how many rooms went.
     */
    public int prune(Predicate<String> live) throws IOException {
        Instant cutoff = clock.instant().minus(retention);
        int pruned = 0;
        try (DirectoryStream<Path> rooms = Files.newDirectoryStream(dir, Files::isDirectory)) {
            for (Path room : rooms) {
                String code = room.getFileName().toString();
                if (!live.test(code)) {
                    closeLog(code); // so its file has the time of its last game
                }
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
                    closeLog(code);
                    Files.deleteIfExists(room);
                    unforced.remove(code);
                    pruned++;
                }
            }
        }
        if (pruned > 0) {
            log.info("game archive: pruned {} rooms gone for over {}", pruned, retention);
        }
        return pruned;
    }

    /** How many rooms' files are open now. */
    int openFiles() {
        return open.size();
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
