package dev.tictactoe.server.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;

/** One process owns a data directory: a lock on {@code <dir>/lock}, with the holder's pid. */
final class DataDir {

    static final String LOCK = "lock";

    static final String DATABASE = "rooms.db";

    /** What an older server kept there, a directory each: refused, never converted. */
    private static final String[] OLD_FORMAT = {"journal", "games"};

    private DataDir() {}

    /** Creates {@code dir} if missing (owner only: it holds seat tokens), checks and locks it. */
    static FileChannel lock(Path dir) throws IOException {
        try {
            Files.createDirectories(
                    dir,
                    PosixFilePermissions.asFileAttribute(
                            PosixFilePermissions.fromString("rwx------")));
        } catch (UnsupportedOperationException e) {
            Files.createDirectories(dir); // not a POSIX file system
        }
        for (String old : OLD_FORMAT) {
            if (Files.isDirectory(dir.resolve(old))) {
                throw new DataDirException(
                        ("data directory %s holds an older server's %s/ format, which this server"
                                        + " does not read; move it aside to start empty")
                                .formatted(dir, old));
            }
        }
        FileChannel channel =
                FileChannel.open(
                        dir.resolve(LOCK),
                        StandardOpenOption.CREATE,
                        StandardOpenOption.READ,
                        StandardOpenOption.WRITE);
        try {
            FileLock lock;
            try {
                lock = channel.tryLock();
            } catch (OverlappingFileLockException e) {
                lock = null; // this very process holds it already (a second server in one JVM)
            }
            if (lock == null) {
                throw new DataDirException(
                        ("data directory %s is in use by another server (pid %s); stop it or choose"
                                        + " another --data-dir")
                                .formatted(dir, holder(channel)));
            }
            channel.truncate(0);
            channel.write(
                    ByteBuffer.wrap(
                            (ProcessHandle.current().pid() + "\n")
                                    .getBytes(StandardCharsets.US_ASCII)),
                    0);
            channel.force(false);
            return channel; // locked until it is closed
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /** The process id the holder wrote, or "unknown" before it has written it. */
    private static String holder(FileChannel channel) throws IOException {
        ByteBuffer buf = ByteBuffer.allocate(32);
        channel.read(buf, 0);
        String pid = new String(buf.array(), 0, buf.position(), StandardCharsets.US_ASCII).strip();
        return pid.isEmpty() ? "unknown" : pid;
    }
}
