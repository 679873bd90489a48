package dev.tictactoe.server.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * Rewrites the live rooms' histories into one fresh segment and deletes the old ones: write to a
 * temporary file, force it, rename it into place, delete the old segments. A crash at any step
 * leaves either the old segments (and a temporary file that recovery deletes) or a compacted
 * segment that recovery recognises by its header flag and prefers to everything before it.
 */
final class Compaction {

    private static final int FLUSH_BYTES = 256 * 1024;

    /** The compacted segment: its number, its size and where each live room now starts. */
    record Result(long seq, long size, LiveIndex index) {}

    private final Path dir;
    private final LogFile.Opener opener;
    private final LiveIndex live;
    private final long seq;
    private final Path temp;
    private final LiveIndex fresh = new LiveIndex();
    private final CRC32C crc = new CRC32C();
    private ByteBuffer buf = ByteBuffer.allocate(FLUSH_BYTES * 2);
    private LogFile out;
    private long size;

    Compaction(Path dir, LogFile.Opener opener, LiveIndex live, long seq) {
        this.dir = dir;
        this.opener = opener;
        this.live = live;
        this.seq = seq;
        this.temp = dir.resolve(String.format("%012d", seq) + JournalFormat.TEMP_SUFFIX);
    }

    /** Compacts the segments numbered {@code old}, all lower than this compaction's number. */
    Result run(Collection<Long> old) throws IOException {
        List<Long> segments = new ArrayList<>(old);
        out = opener.open(temp);
        out.truncate(0);
        out.write(JournalFormat.header(true));
        size = JournalFormat.HEADER_BYTES;
        for (long s : segments) {
            Path file = JournalFormat.segment(dir, s);
            SegmentReader.Scan scan =
                    SegmentReader.scan(file, (r, offset) -> copy(r, new LiveIndex.Pos(s, offset)));
            if (!scan.clean()) {
                throw new IOException(file + " no longer reads whole: " + scan.problem());
            }
        }
        drain();
        out.force();
        out.close();
        out = null;
        Path target = JournalFormat.segment(dir, seq);
        Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
        syncDirectory(dir);
        for (long s : segments) {
            Files.deleteIfExists(JournalFormat.segment(dir, s));
        }
        syncDirectory(dir);
        return new Result(seq, size, fresh);
    }

    /** Cleans up after a failed run; the old segments are untouched. */
    void abandon() {
        try {
            if (out != null) {
                out.close();
            }
            Files.deleteIfExists(temp);
        } catch (IOException e) {
            // recovery deletes temporary files on the next start
        }
    }

    private void copy(JournalRecord r, LiveIndex.Pos pos) throws IOException {
        if (!live.keeps(r.room(), pos)) {
            return;
        }
        int need = JournalFormat.recordBytes(r);
        if (buf.remaining() < need) {
            drain();
            if (buf.capacity() < need) {
                buf = ByteBuffer.allocate(need);
            }
        }
        fresh.apply(r.room(), r.kind(), seq, size + buf.position());
        JournalFormat.encode(r, buf, crc);
        if (buf.position() >= FLUSH_BYTES) {
            drain();
        }
    }

    private void drain() throws IOException {
        int n = buf.position();
        if (n > 0) {
            out.write(buf.flip());
            size += n;
        }
        buf.clear();
    }

    /** Makes a rename or delete durable; some platforms cannot open a directory, and need not. */
    static void syncDirectory(Path dir) {
        try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
            d.force(true);
        } catch (IOException e) {
            // nothing more can be done for the directory entry there
        }
    }
}
