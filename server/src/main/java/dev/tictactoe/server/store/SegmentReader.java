package dev.tictactoe.server.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;

/**
 * Reads one segment front to back and stops at the first record that does not check (cut short,
 * impossible length, wrong checksum): what comes after it cannot be trusted to be records at all.
 */
final class SegmentReader {

    private static final int WINDOW = 64 * 1024;

    /** Receives each whole record with its offset in the file. */
    interface Visitor {
        void record(JournalRecord record, long offset) throws IOException;
    }

    /**
     * What a scan found: the header's format version (0 when there is no header) and flag, where
     * the whole records end, the file's size, and what stopped the scan early (null when every byte
     * was a whole record).
     */
    record Scan(int version, boolean compacted, long goodEnd, long size, String problem) {
        boolean clean() {
            return problem == null;
        }
    }

    private SegmentReader() {}

    /** Checks the header only; null when the file is too short to hold one. */
    static Boolean compacted(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer header = ByteBuffer.allocate(JournalFormat.HEADER_BYTES);
            while (header.hasRemaining() && ch.read(header) >= 0) {
                // reads until full or end of file
            }
            if (header.hasRemaining()) {
                return null;
            }
            return checkHeader(header.flip(), file).compacted();
        }
    }

    static Scan scan(Path file, Visitor visitor) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            ByteBuffer win = ByteBuffer.allocate(WINDOW).limit(0);
            if (!fill(ch, win, JournalFormat.HEADER_BYTES)) {
                return new Scan(0, false, 0, size, "the header is cut short (" + size + " bytes)");
            }
            Header header = checkHeader(win, file);
            int version = header.version();
            boolean compacted = header.compacted();
            long pos = JournalFormat.HEADER_BYTES;
            CRC32C crc = new CRC32C();
            while (pos < size) {
                if (!fill(ch, win, JournalFormat.RECORD_OVERHEAD)) {
                    return new Scan(
                            version,
                            compacted,
                            pos,
                            size,
                            "a record header is cut short at offset " + pos);
                }
                int length = win.getInt(win.position());
                int sum = win.getInt(win.position() + 4);
                if (length < JournalFormat.MIN_BODY_BYTES
                        || length > JournalFormat.MAX_BODY_BYTES) {
                    return new Scan(
                            version,
                            compacted,
                            pos,
                            size,
                            "impossible record length " + length + " at offset " + pos);
                }
                int total = JournalFormat.RECORD_OVERHEAD + length;
                if (win.capacity() < total) {
                    win = ByteBuffer.allocate(total).put(win).flip();
                }
                if (!fill(ch, win, total)) {
                    return new Scan(
                            version,
                            compacted,
                            pos,
                            size,
                            "the record at offset " + pos + " is cut short");
                }
                int start = win.position();
                if (JournalFormat.checksum(win, start, length, crc) != sum) {
                    return new Scan(
                            version,
                            compacted,
                            pos,
                            size,
                            "checksum mismatch in the record at offset " + pos);
                }
                JournalRecord record =
                        JournalFormat.decodeBody(
                                win.slice(start + JournalFormat.RECORD_OVERHEAD, length),
                                file,
                                pos);
                visitor.record(record, pos);
                win.position(start + total);
                pos += total;
            }
            return new Scan(version, compacted, pos, size, null);
        }
    }

    /** A segment's header: the format it was written in and whether compaction wrote it. */
    private record Header(int version, boolean compacted) {}

    private static Header checkHeader(ByteBuffer win, Path file) throws JournalFormatException {
        int magic = win.getInt();
        int version = win.getInt();
        byte flags = win.get();
        if (magic != JournalFormat.MAGIC) {
            throw new JournalFormatException(
                    file
                            + " is not a journal segment (magic 0x"
                            + Integer.toHexString(magic)
                            + ", expected 0x"
                            + Integer.toHexString(JournalFormat.MAGIC)
                            + "); move it out of the journal directory");
        }
        if (version > JournalFormat.VERSION || version < 1) {
            throw new JournalFormatException(
                    file
                            + " has journal format version "
                            + version
                            + "; this server reads "
                            + "versions 1 to "
                            + JournalFormat.VERSION
                            + (version > JournalFormat.VERSION
                                    ? ": it was written by a newer server, run that one or move the"
                                            + " journal aside"
                                    : ""));
        }
        return new Header(version, (flags & JournalFormat.FLAG_COMPACTED) != 0);
    }

    /** Makes {@code n} bytes readable at the window's position; false at the end of the file. */
    private static boolean fill(FileChannel ch, ByteBuffer win, int n) throws IOException {
        if (win.remaining() >= n) {
            return true;
        }
        win.compact();
        try {
            while (win.position() < n) {
                if (ch.read(win) < 0) {
                    return false;
                }
            }
        } finally {
            win.flip();
        }
        return true;
    }
}
