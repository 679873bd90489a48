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
 * A {@link Change} and its instant as a journal record, written by {@link DataOutputStream}:
 *
 * <pre>
 * format (byte, 1) | kind (byte, {@link ChangeKind#code}) | room nanos (long) | epoch ms (long) | fields
 * </pre>
 *
 * Fields in record order: a seat a byte (0 X, 1 O), a string {@code writeUTF}, a flag a byte, a
 * count an int, times longs, a bot level its name.
 */
final class ChangeCodec {

    /** The layout this code writes and reads; a record of another is refused, never guessed at. */
    static final byte FORMAT = 1;

    record Decoded(Change change, long nanos, long millis) {}

    private ChangeCodec() {}

    static byte[] encode(Change change, long nanos, long millis) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(64);
        DataOutputStream out = new DataOutputStream(bytes);
        try {
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
                    out.writeBoolean(c.accept());
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
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a string too long for writeUTF
        }
        return bytes.toByteArray();
    }

    /** Reads a record; throws {@link IllegalArgumentException} saying what is wrong with it. */
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
