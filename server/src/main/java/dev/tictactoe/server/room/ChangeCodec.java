package dev.tictactoe.server.room;

import dev.tictactoe.server.bot.Level;
import dev.tictactoe.server.game.Mark;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UTFDataFormatException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Locale;

/**
 * A {@link Change} and its instant as the bytes of a journal record: a few dozen bytes, written on
 * the room's loop in well under a microsecond, where a JSON checkpoint of the whole room costs a
 * hundred times more.
 *
 * <pre>
 * format (byte, 1) | kind (byte, {@link ChangeKind#code}) | room nanos (long) | epoch ms (long) | fields
 * </pre>
 *
 * Fields by kind, in record order: a seat is a byte (0 X, 1 O), a string is modified UTF-8 with a
 * two-byte length, a flag a byte, a count an int, times longs, a bot level its name. Numbers are
 * big-endian.
 */
final class ChangeCodec {

    /** The layout this code writes and reads; a record of another is refused, never guessed at. */
    static final byte FORMAT = 1;

    /** Each thread's buffer for {@link #encode}: one exact copy a change, nothing else. */
    private static final ThreadLocal<Out> OUT = ThreadLocal.withInitial(Out::new);

    /** A change read back with the instant it was made. */
    record Decoded(Change change, long nanos, long millis) {}

    private ChangeCodec() {}

    static byte[] encode(Change change, long nanos, long millis) {
        Out out = OUT.get();
        out.length = 0;
        out.writeByte(FORMAT);
        out.writeByte(change.kind().code());
        out.writeLong(nanos);
        out.writeLong(millis);
        switch (change) {
            case Change.Seated c -> {
                out.writeByte(c.seat().ordinal());
                out.writeUTF(c.name());
                out.writeUTF(c.token());
            }
            case Change.Spectators c -> out.writeInt(c.count());
            case Change.Dropped c -> {
                out.writeByte(c.seat().ordinal());
                out.writeLong(c.graceUntil());
            }
            case Change.Returned c -> out.writeByte(c.seat().ordinal());
            case Change.Freed c -> out.writeByte(c.seat().ordinal());
            case Change.Moved c -> {
                out.writeByte(c.seat().ordinal());
                out.writeInt(c.cell());
                out.writeUTF(c.id());
            }
            case Change.Undo c -> out.writeByte(c.seat().ordinal());
            case Change.UndoAnswer c -> {
                out.writeByte(c.seat().ordinal());
                out.writeByte(c.accept() ? 1 : 0);
            }
            case Change.Resigned c -> out.writeByte(c.seat().ordinal());
            case Change.Claimed c -> out.writeByte(c.seat().ordinal());
            case Change.Rematch c -> out.writeByte(c.seat().ordinal());
            case Change.BotSeated c -> {
                out.writeByte(c.seat().ordinal());
                out.writeUTF(c.level().name().toLowerCase(Locale.ROOT));
            }
            case Change.TimedOut c -> {}
            case Change.Resumed c -> out.writeLong(c.pausedMillis());
        }
        return Arrays.copyOf(out.bytes, out.length);
    }

    /** Writes what {@link DataOutputStream} writes, into a buffer that is reused. */
    private static final class Out {
        byte[] bytes = new byte[64];
        int length;

        private void room(int more) {
            if (length + more > bytes.length) {
                bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + more));
            }
        }

        void writeByte(int b) {
            room(1);
            bytes[length++] = (byte) b;
        }

        void writeInt(int v) {
            room(4);
            for (int shift = 24; shift >= 0; shift -= 8) {
                bytes[length++] = (byte) (v >>> shift);
            }
        }

        void writeLong(long v) {
            room(8);
            for (int shift = 56; shift >= 0; shift -= 8) {
                bytes[length++] = (byte) (v >>> shift);
            }
        }

        /** Modified UTF-8 with a two-byte length, as {@link DataOutputStream#writeUTF}. */
        void writeUTF(String s) {
            int encoded = 0;
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                encoded += c >= 0x0001 && c <= 0x007F ? 1 : c <= 0x07FF ? 2 : 3;
            }
            if (encoded > 0xFFFF) {
                throw new UncheckedIOException(
                        new UTFDataFormatException(
                                "a string of " + encoded + " bytes is too long for a record"));
            }
            room(2 + encoded);
            bytes[length++] = (byte) (encoded >>> 8);
            bytes[length++] = (byte) encoded;
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (c >= 0x0001 && c <= 0x007F) {
                    bytes[length++] = (byte) c;
                } else if (c <= 0x07FF) {
                    bytes[length++] = (byte) (0xC0 | (c >> 6) & 0x1F);
                    bytes[length++] = (byte) (0x80 | c & 0x3F);
                } else {
                    bytes[length++] = (byte) (0xE0 | (c >> 12) & 0x0F);
                    bytes[length++] = (byte) (0x80 | (c >> 6) & 0x3F);
                    bytes[length++] = (byte) (0x80 | c & 0x3F);
                }
            }
        }
    }

    /**
     * Reads a record's payload. Throws {@link IllegalArgumentException} saying what is wrong with
     * it.
     */
    static Decoded decode(byte[] payload) {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(payload));
        try {
            byte format = in.readByte();
            if (format != FORMAT) {
                throw new IllegalArgumentException(
                        "change format " + format + ", this server reads " + FORMAT);
            }
            byte code = in.readByte();
            ChangeKind kind = ChangeKind.ofCode(code);
            if (kind == null) {
                throw new IllegalArgumentException("unknown change kind " + (code & 0xff));
            }
            long nanos = in.readLong();
            long millis = in.readLong();
            Change change =
                    switch (kind) {
                        case SEATED -> new Change.Seated(seat(in), in.readUTF(), in.readUTF());
                        case SPECTATORS -> new Change.Spectators(in.readInt());
                        case DROPPED -> new Change.Dropped(seat(in), in.readLong());
                        case RETURNED -> new Change.Returned(seat(in));
                        case FREED -> new Change.Freed(seat(in));
                        case MOVED -> new Change.Moved(seat(in), in.readInt(), in.readUTF());
                        case UNDO -> new Change.Undo(seat(in));
                        case UNDO_ANSWER -> new Change.UndoAnswer(seat(in), in.readBoolean());
                        case RESIGNED -> new Change.Resigned(seat(in));
                        case CLAIMED -> new Change.Claimed(seat(in));
                        case REMATCH -> new Change.Rematch(seat(in));
                        case BOT_SEATED ->
                                new Change.BotSeated(seat(in), Level.parse(in.readUTF()));
                        case TIMED_OUT -> new Change.TimedOut();
                        case RESUMED -> new Change.Resumed(in.readLong());
                    };
            if (in.available() > 0) {
                throw new IllegalArgumentException(
                        in.available() + " bytes left over after a " + kind + " change");
            }
            return new Decoded(change, nanos, millis);
        } catch (IOException e) {
            throw new IllegalArgumentException(
                    "a change record is cut short (" + payload.length + " bytes)", e);
        }
    }

    private static Mark seat(DataInputStream in) throws IOException {
        int seat = in.readByte();
        if (seat < 0 || seat >= Mark.values().length) {
            throw new IllegalArgumentException("seat " + seat + " is neither X nor O");
        }
        return Mark.values()[seat];
    }
}
