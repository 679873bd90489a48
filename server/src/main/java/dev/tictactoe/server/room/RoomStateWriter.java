package dev.tictactoe.server.room;

import com.fasterxml.jackson.core.JsonGenerator;

import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.Snapshot;
import dev.tictactoe.server.clock.GameClock;
import dev.tictactoe.server.game.Mark;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * Writes a {@link RoomState} with the streaming generator, field by field in the records' order:
 * the JSON data binding would write, without its reflective calls per field on the journal's
 * thread. A test holds the two to the same bytes; reading stays with data binding.
 */
final class RoomStateWriter {

    /**
     * A buffer each thread reuses: checkpoints of every room are written one after another on the
     * journal's thread, and a fresh one grew from 4 KiB through three copies for each.
     */
    private static final ThreadLocal<Buffer> BUFFER = ThreadLocal.withInitial(Buffer::new);

    /** The largest buffer a thread keeps for the next checkpoint. */
    private static final int KEPT_BYTES = 256 * 1024;

    private RoomStateWriter() {}

    /** Writes one non-null value: an object's fields inside its braces, or an array's element. */
    private interface ValueWriter<T> {
        void write(JsonGenerator g, T value) throws IOException;
    }

    static byte[] write(RoomState state) {
        return write(state, null, null);
    }

    /**
     * The same, the held diffs written from {@code rawDiffs}, the UTF-8 bytes they are, in place of
     * the state's own list (not read): no {@code String} is made for each; and the shown snapshot
     * streamed from {@code shown} in place of the state's tree (not read): no tree is built for it.
     * Null: the state's own.
     */
    static byte[] write(RoomState state, List<byte[]> rawDiffs, Snapshot shown) {
        Buffer out = BUFFER.get();
        out.reset();
        try (JsonGenerator g = MessageCodec.mapper().getFactory().createGenerator(out)) {
            g.setCodec(MessageCodec.mapper()); // for the snapshot tree
            object(g, state, (json, s) -> room(json, s, rawDiffs, shown));
        } catch (IOException e) {
            throw new UncheckedIOException("room " + state.code() + " cannot be written", e);
        } finally {
            if (out.capacity() > KEPT_BYTES) {
                BUFFER.remove(); // a rare large room does not pin its buffer
            }
        }
        return out.toByteArray();
    }

    private static void room(JsonGenerator g, RoomState s, List<byte[]> rawDiffs, Snapshot shown)
            throws IOException {
        g.writeStringField("code", s.code());
        g.writeFieldName("settings");
        object(g, s.settings(), RoomStateWriter::settings);
        g.writeNumberField("botSeed", s.botSeed());
        g.writeNumberField("version", s.version());
        g.writeNumberField("boardVersion", s.boardVersion());
        g.writeFieldName("shown");
        if (shown == null) {
            g.writeTree(s.shown());
        } else {
            MessageCodec.writeSnapshot(g, shown);
        }
        g.writeFieldName("diffs");
        if (rawDiffs == null) {
            array(g, s.diffs(), JsonGenerator::writeString);
        } else {
            array(g, rawDiffs, (json, diff) -> json.writeUTF8String(diff, 0, diff.length));
        }
        g.writeFieldName("seats");
        object(
                g,
                s.seats(),
                (out, seats) -> {
                    for (var seat : seats.entrySet()) {
                        out.writeFieldName(seat.getKey().name());
                        object(out, seat.getValue(), RoomStateWriter::seat);
                    }
                });
        g.writeFieldName("match");
        object(g, s.match(), RoomStateWriter::match);
        number(g, "atNanos", s.atNanos());
        number(g, "atMillis", s.atMillis());
        number(g, "emptySince", s.emptySince());
        number(g, "createdAt", s.createdAt());
    }

    private static void settings(JsonGenerator g, RoomSettings s) throws IOException {
        g.writeObjectFieldStart("rules");
        g.writeNumberField("size", s.rules().size());
        g.writeNumberField("winLength", s.rules().winLength());
        g.writeEndObject();
        g.writeStringField("creatorSeat", name(s.creatorSeat()));
        g.writeStringField("first", name(s.first()));
        g.writeBooleanField("earlyDraw", s.earlyDraw());
        g.writeBooleanField("spectators", s.spectators());
        g.writeStringField("bot", s.bot() == null ? null : s.bot().name());
        g.writeStringField("clock", s.clock() == null ? null : s.clock().toString());
    }

    private static void seat(JsonGenerator g, RoomState.SeatState seat) throws IOException {
        g.writeStringField("name", seat.name());
        g.writeStringField("token", seat.token());
        g.writeStringField("bot", seat.bot());
        g.writeFieldName("connected");
        if (seat.connected() == null) {
            g.writeNull();
        } else {
            g.writeBoolean(seat.connected());
        }
        number(g, "graceUntil", seat.graceUntil());
        g.writeFieldName("moves");
        array(
                g,
                seat.moves(),
                (out, move) ->
                        object(
                                out,
                                move,
                                (fields, m) -> {
                                    fields.writeStringField("id", m.id());
                                    fields.writeNumberField("version", m.version());
                                }));
    }

    private static void match(JsonGenerator g, RoomState.MatchState m) throws IOException {
        g.writeNumberField("game", m.game());
        g.writeStringField("status", m.status() == null ? null : m.status().name());
        g.writeStringField("first", name(m.first()));
        g.writeFieldName("moves");
        cells(g, m.moves());
        g.writeFieldName("moveIds");
        array(g, m.moveIds(), JsonGenerator::writeString);
        g.writeFieldName("result");
        object(g, m.result(), RoomStateWriter::result);
        g.writeNumberField("xWins", m.xWins());
        g.writeNumberField("oWins", m.oWins());
        g.writeNumberField("draws", m.draws());
        g.writeStringField("undoRequest", name(m.undoRequest()));
        g.writeFieldName("rematchOffers");
        array(g, m.rematchOffers(), (out, mark) -> out.writeString(name(mark)));
        g.writeFieldName("finished");
        array(g, m.finished(), (out, game) -> object(out, game, RoomStateWriter::finished));
        g.writeFieldName("clock");
        object(g, m.clock(), RoomStateWriter::clock);
        g.writeFieldName("idle");
        object(
                g,
                m.idle(),
                (out, idle) -> {
                    out.writeNumberField("turnStartedNanos", idle.turnStartedNanos());
                    out.writeNumberField("turnStartedAt", idle.turnStartedAt());
                    out.writeNumberField("afterMillis", idle.afterMillis());
                });
        number(g, "idleAfterMillis", m.idleAfterMillis());
    }

    private static void finished(JsonGenerator g, Match.FinishedGame game) throws IOException {
        g.writeNumberField("game", game.game());
        g.writeStringField("first", name(game.first()));
        g.writeFieldName("moves");
        cells(g, game.moves());
        g.writeFieldName("result");
        object(g, game.result(), RoomStateWriter::result);
    }

    private static void clock(JsonGenerator g, GameClock.State c) throws IOException {
        g.writeNumberField("xRemaining", c.xRemaining());
        g.writeNumberField("oRemaining", c.oRemaining());
        g.writeStringField("turn", name(c.turn()));
        g.writeNumberField("turnStarted", c.turnStarted());
        g.writeBooleanField("started", c.started());
        g.writeStringField("flagged", name(c.flagged()));
        g.writeNumberField("anchorNanos", c.anchorNanos());
        g.writeNumberField("anchorEpochMillis", c.anchorEpochMillis());
    }

    private static void result(JsonGenerator g, Match.Result r) throws IOException {
        g.writeStringField("winner", name(r.winner()));
        g.writeStringField("reason", r.reason());
        g.writeFieldName("line");
        cells(g, r.line());
    }

    /** {@code value}'s fields as an object, or null. */
    private static <T> void object(JsonGenerator g, T value, ValueWriter<T> fields)
            throws IOException {
        if (value == null) {
            g.writeNull();
            return;
        }
        g.writeStartObject();
        fields.write(g, value);
        g.writeEndObject();
    }

    /** {@code values} as an array, each by {@code element}, or null. */
    private static <T> void array(JsonGenerator g, List<T> values, ValueWriter<T> element)
            throws IOException {
        if (values == null) {
            g.writeNull();
            return;
        }
        g.writeStartArray();
        for (T value : values) {
            element.write(g, value);
        }
        g.writeEndArray();
    }

    private static void cells(JsonGenerator g, int[] cells) throws IOException {
        if (cells == null) {
            g.writeNull();
        } else {
            g.writeArray(cells, 0, cells.length);
        }
    }

    private static void number(JsonGenerator g, String field, Long value) throws IOException {
        g.writeFieldName(field);
        if (value == null) {
            g.writeNull();
        } else {
            g.writeNumber(value);
        }
    }

    private static String name(Mark mark) {
        return mark == null ? null : mark.name();
    }

    private static final class Buffer extends ByteArrayOutputStream {
        Buffer() {
            super(16 * 1024);
        }

        int capacity() {
            return buf.length;
        }
    }
}
