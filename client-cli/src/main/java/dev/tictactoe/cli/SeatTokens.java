package dev.tictactoe.cli;

import dev.tictactoe.client.ServerAddress;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/** Seat tokens and the quick-match player id, in a state directory only the user may read. */
final class SeatTokens {
    private static final Logger log = LoggerFactory.getLogger(SeatTokens.class);

    /** Overrides where tokens are kept (tests point it at a temporary directory). */
    static final String DIR_ENV = "TTT_STATE_DIR";

    /** Longest token accepted from a file; anything longer is not ours. */
    static final int MAX_TOKEN_LENGTH = 256;

    static final String PLAYER_FILE = "player-id";

    /** What a player id may be: the protocol's 1..64 letters, digits, '-' and '_'. */
    private static final Pattern PLAYER_ID = Pattern.compile("[A-Za-z0-9_-]{1,64}");

    private static final FileAttribute<?>[] OWNER_ONLY = {
        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"))
    };

    private final Path dir;

    /** This client's claim on one room's token, held while it plays there. */
    private @Nullable FileChannel claim;

    SeatTokens(Path dir) {
        this.dir = dir;
    }

    /** The state directory: $TTT_STATE_DIR, $XDG_STATE_HOME/ttt or ~/.local/state/ttt. */
    static SeatTokens fromEnvironment(Map<String, String> env) {
        String own = env.get(DIR_ENV);
        if (own != null && !own.isBlank()) {
            return new SeatTokens(Path.of(own));
        }
        String xdg = env.get("XDG_STATE_HOME");
        Path base =
                xdg != null && !xdg.isBlank()
                        ? Path.of(xdg)
                        : Path.of(System.getProperty("user.home"), ".local", "state");
        return new SeatTokens(base.resolve("ttt"));
    }

    /** The file of one room on one server, named so it needs no escaping. */
    Path file(ServerAddress server, String room) {
        String key = server.toString().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_");
        return dir.resolve("seat-" + key + "-" + room.toUpperCase(Locale.ROOT));
    }

    /** The saved token, or null when there is none (or it cannot be read). */
    @Nullable String load(ServerAddress server, String room) {
        String token = read(file(server, room));
        return token == null || token.isEmpty() || token.length() > MAX_TOKEN_LENGTH ? null : token;
    }

    private static @Nullable String read(Path file) {
        try {
            return Files.isRegularFile(file)
                    ? Files.readString(file, StandardCharsets.UTF_8).strip()
                    : null;
        } catch (IOException e) {
            log.debug("cannot read {}: {}", file, e.toString());
            return null;
        }
    }

    /** Saves a token, readable by the user only; a failure only costs the seat on a restart. */
    void save(ServerAddress server, String room, String token) {
        writePrivate(file(server, room), token, "seat token");
    }

    /** The id quick match asks with, one per user (a player waits once at a time), kept here. */
    synchronized String playerId(Supplier<String> fresh) {
        Path file = dir.resolve(PLAYER_FILE);
        String kept = read(file);
        if (kept != null && PLAYER_ID.matcher(kept).matches()) {
            return kept;
        }
        String id = fresh.get();
        writePrivate(file, id, "player id");
        return id;
    }

    /** Replaces {@code file} with {@code text} at once, readable by the user only, or warns. */
    private void writePrivate(Path file, String text, String what) {
        try {
            createPrivateDir();
            // On POSIX, the JDK makes a temporary file readable by its owner only.
            Path temp = Files.createTempFile(dir, ".seat", ".tmp");
            Files.writeString(temp, text + "\n", StandardCharsets.UTF_8);
            Files.move(
                    temp,
                    file,
                    StandardCopyOption.REPLACE_EXISTING,
                    StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            log.warn("cannot keep the {} in {}: {}", what, file, e.toString());
        }
    }

    /** Claims the room's token until {@link #release}: false while another client holds it. */
    synchronized boolean claim(ServerAddress server, String room) {
        Path lock = file(server, room).resolveSibling(file(server, room).getFileName() + ".lock");
        try {
            createPrivateDir();
            FileChannel channel =
                    FileChannel.open(lock, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            try {
                if (channel.tryLock() != null) {
                    claim = channel;
                    return true;
                }
            } catch (OverlappingFileLockException e) {
                // Held in this process, by another session's claim.
            }
            channel.close();
            return false;
        } catch (IOException e) {
            log.debug("cannot claim {}: {}", lock, e.toString());
            return false;
        }
    }

    /** Gives up the claim, if any, so a later run can take the seat back. */
    synchronized void release() {
        if (claim != null) {
            try {
                claim.close();
            } catch (IOException e) {
                log.debug("cannot release the seat claim: {}", e.toString());
            }
            claim = null;
        }
    }

    /** Forgets a token (the seat was given up, refused or the room is gone). */
    void forget(ServerAddress server, String room) {
        try {
            Files.deleteIfExists(file(server, room));
        } catch (IOException e) {
            log.debug("cannot delete the seat token of {}: {}", room, e.toString());
        }
    }

    private void createPrivateDir() throws IOException {
        if (Files.isDirectory(dir)) {
            return;
        }
        Files.createDirectories(dir.getParent() == null ? dir : dir.getParent());
        boolean posix = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
        Files.createDirectory(dir, posix ? OWNER_ONLY : new FileAttribute<?>[0]);
    }
}
