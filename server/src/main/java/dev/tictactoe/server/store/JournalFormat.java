package dev.tictactoe.server.store;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.zip.CRC32C;

/**
 * The bytes of a journal segment. A segment is a header, then records:
 *
 * <pre>
 * header: magic "TTTJ" (4) | format version (int) | flags (byte: 1 = written by compaction)
 * record: body length (int) | CRC32C of length and body (int) | body
 * body:   room code length (byte) | room code (UTF-8) | kind (byte) | room version (long) | payload
 * </pre>
 *
 * All numbers are big-endian. A compacted segment holds every live room whole, so segments with a
 * lower number are obsolete.
 */
final class JournalFormat {

    static final int MAGIC = 0x5454544A; // "TTTJ"

    /**
     * The format this code writes and the newest it reads. Version 2 adds a record per change of a
     * room between its checkpoints; version 1 holds checkpoints only. A version 1 server must not
     * read version 2 records (it would skip the changes after each checkpoint), hence the new
     * number.
     */
    static final int VERSION = 2;

    static final int HEADER_BYTES = 9;
    static final byte FLAG_COMPACTED = 1;

    static final int RECORD_OVERHEAD = 8;

    /** The smallest body: a one-byte room code, its length, the kind and the version. */
    static final int MIN_BODY_BYTES = 1 + 1 + 1 + 8;

    /** The largest body written or read: a longer length field means a corrupt record. */
    static final int MAX_BODY_BYTES = 1 << 20;

    static final String SUFFIX = ".log";
    static final String TEMP_SUFFIX = ".log.tmp";

    private JournalFormat() {}

    static Path segment(Path dir, long seq) {
        return dir.resolve(String.format("%012d", seq) + SUFFIX);
    }

    /** The sequence number of a segment file name, or -1 if the name is not one. */
    static long seqOf(Path file) {
        String name = file.getFileName().toString();
        if (!name.endsWith(SUFFIX)) {
            return -1;
        }
        String digits = name.substring(0, name.length() - SUFFIX.length());
        if (digits.isEmpty()
                || digits.length() > 18
                || !digits.chars().allMatch(Character::isDigit)) {
            return -1;
        }
        return Long.parseLong(digits);
    }

    static ByteBuffer header(boolean compacted) {
        ByteBuffer b = ByteBuffer.allocate(HEADER_BYTES);
        b.putInt(MAGIC).putInt(VERSION).put(compacted ? FLAG_COMPACTED : 0).flip();
        return b;
    }

    static int bodyBytes(JournalRecord record) {
        return 1 + roomBytes(record.room()) + 1 + 8 + record.payload().length;
    }

    /** The UTF-8 length of a room code; a code is ASCII, so no bytes are made to count it. */
    private static int roomBytes(String room) {
        return ascii(room) ? room.length() : room.getBytes(StandardCharsets.UTF_8).length;
    }

    private static boolean ascii(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) >= 0x80) {
                return false;
            }
        }
        return true;
    }

    /** The bytes {@code record} takes on disk. */
    static int recordBytes(JournalRecord record) {
        return RECORD_OVERHEAD + bodyBytes(record);
    }

    /** Writes {@code record} at {@code out}'s position; {@code out} has room for it. */
    static void encode(JournalRecord record, ByteBuffer out, CRC32C crc) {
        String room = record.room();
        int roomBytes = roomBytes(room);
        int length = 1 + roomBytes + 1 + 8 + record.payload().length;
        int start = out.position();
        out.putInt(length).putInt(0);
        out.put((byte) roomBytes);
        if (roomBytes == room.length()) {
            for (int i = 0; i < roomBytes; i++) {
                out.put((byte) room.charAt(i));
            }
        } else {
            out.put(room.getBytes(StandardCharsets.UTF_8));
        }
        out.put(record.kind().code()).putLong(record.version()).put(record.payload());
        out.putInt(start + 4, checksum(out, start, length, crc));
    }

    /** The CRC32C of the length field at {@code start} and the body after the checksum field. */
    static int checksum(ByteBuffer buf, int start, int bodyLength, CRC32C crc) {
        // Over two ranges of buf itself, its position and limit put back: a slice per range
        // would be two objects a record.
        int position = buf.position();
        int limit = buf.limit();
        crc.reset();
        crc.update(buf.limit(start + 4).position(start));
        crc.update(
                buf.limit(start + RECORD_OVERHEAD + bodyLength).position(start + RECORD_OVERHEAD));
        buf.limit(limit).position(position);
        return (int) crc.getValue();
    }

    /**
     * Reads a body whose checksum matched. Throws if it names a kind this version does not know:
     * the record was written by newer code, and guessing would misread the room.
     */
    static JournalRecord decodeBody(ByteBuffer body, Path file, long offset)
            throws JournalFormatException {
        int roomLength = body.get() & 0xff;
        if (roomLength == 0 || roomLength + 1 + 8 > body.remaining()) {
            throw new JournalFormatException(
                    file + ": record at offset " + offset + " has a bad room code length");
        }
        byte[] room = new byte[roomLength];
        body.get(room);
        byte code = body.get();
        RecordKind kind = RecordKind.ofCode(code);
        if (kind == null) {
            throw new JournalFormatException(
                    file
                            + ": record at offset "
                            + offset
                            + " has kind "
                            + (code & 0xff)
                            + ", unknown to format version "
                            + VERSION
                            + "; it was written by a newer server");
        }
        long version = body.getLong();
        byte[] payload = new byte[body.remaining()];
        body.get(payload);
        return new JournalRecord(new String(room, StandardCharsets.UTF_8), kind, version, payload);
    }
}
