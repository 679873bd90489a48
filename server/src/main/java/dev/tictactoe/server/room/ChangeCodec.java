package dev.tictactoe.server.room;

import dev.tictactoe.server.bot.Level;
import dev.tictactoe.server.game.Mark;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
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

    /** A change read back with the instant it was made. */
    record Decoded(Change change, long nanos, long millis) {}

    private ChangeCodec() {}

    static byte[] encode(Change change, long nanos, long millis) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(48);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeByte(FORMAT);
            out.writeByte(change.kind().code());
            out.writeLong(nanos);
            out.writeLong(millis);
            switch (change) {
                case Change.Seated c -> {
                    seat(out, c.seat());
                    out.writeUTF(c.name());
                    out.writeUTF(c.token());
                }
                case Change.Spectators c -> out.writeInt(c.count());
                case Change.Dropped c -> {
                    seat(out, c.seat());
                    out.writeLong(c.graceUntil());
                }
                case Change.Returned c -> seat(out, c.seat());
                case Change.Freed c -> seat(out, c.seat());
                case Change.Moved c -> {
                    seat(out, c.seat());
                    out.writeInt(c.cell());
                    out.writeUTF(c.id());
                }
                case Change.Undo c -> seat(out, c.seat());
                case Change.UndoAnswer c -> {
                    seat(out, c.seat());
                    out.writeBoolean(c.accept());
                }
                case Change.Resigned c -> seat(out, c.seat());
                case Change.Claimed c -> seat(out, c.seat());
                case Change.Rematch c -> seat(out, c.seat());
                case Change.BotSeated c -> {
                    seat(out, c.seat());
                    out.writeUTF(c.level().name().toLowerCase(Locale.ROOT));
                }
                case Change.TimedOut c -> {}
                case Change.Resumed c -> out.writeLong(c.pausedMillis());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array does not fail
        }
        return bytes.toByteArray();
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

    private static void seat(DataOutputStream out, Mark seat) throws IOException {
        out.writeByte(seat.ordinal());
    }

    private static Mark seat(DataInputStream in) throws IOException {
        int seat = in.readByte();
        if (seat < 0 || seat >= Mark.values().length) {
            throw new IllegalArgumentException("seat " + seat + " is neither X nor O");
        }
        return Mark.values()[seat];
    }
}
