package dev.tictactoe.server.room;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tictactoe.server.bot.Level;
import dev.tictactoe.server.game.Mark;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UTFDataFormatException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;

/**
 * Every kind of change goes to bytes and back unchanged, and a damaged record is refused, never
 * guessed at.
 */
class ChangeCodecTest {

    private static final long NANOS = 7_123_456_789_012L;
    private static final long MILLIS = 1_800_000_123_456L;

    /** One change of every kind, with values at the edges of what a room writes. */
    static final List<Change> ONE_OF_EACH =
            List.of(
                    new Change.Seated(
                            Mark.X, "ana \u00e9\u4e2d\ud83d\ude00", "Qx3-_tokenAAAAAAAAAAAA"),
                    new Change.Spectators(63),
                    new Change.Dropped(Mark.O, MILLIS + 60_000),
                    new Change.Returned(Mark.O),
                    new Change.Freed(Mark.X),
                    new Change.Moved(Mark.O, 360, "m".repeat(64)),
                    new Change.Undo(Mark.X),
                    new Change.UndoAnswer(Mark.O, true),
                    new Change.UndoAnswer(Mark.O, false),
                    new Change.Resigned(Mark.O),
                    new Change.Claimed(Mark.X),
                    new Change.Rematch(Mark.O),
                    new Change.BotSeated(Mark.O, Level.PERFECT),
                    new Change.TimedOut(),
                    new Change.Resumed(86_400_000L));

    @Test
    void everyKindRoundTrips() {
        EnumSet<ChangeKind> kinds = EnumSet.noneOf(ChangeKind.class);
        for (Change change : ONE_OF_EACH) {
            ChangeCodec.Decoded back =
                    ChangeCodec.decode(ChangeCodec.encode(change, NANOS, MILLIS));
            assertThat(back).isEqualTo(new ChangeCodec.Decoded(change, NANOS, MILLIS));
            kinds.add(change.kind());
        }
        assertThat(kinds).containsExactlyInAnyOrder(ChangeKind.values());
    }

    /**
     * The bytes are the journal's format, written by {@link DataOutputStream} until the codec wrote
     * them itself: the same bytes for every kind, and for strings at each width of modified UTF-8
     * (NUL in two bytes, surrogates in three each).
     */
    @Test
    void theBytesAreDataOutputStreams() throws IOException {
        List<Change> changes = new ArrayList<>(ONE_OF_EACH);
        for (String text :
                List.of(
                        "",
                        "\u0000",
                        "\u007f\u0080",
                        "\u07ff\u0800",
                        "\uffff",
                        "\ud83d\ude00",
                        "x".repeat(1000))) {
            changes.add(new Change.Moved(Mark.X, 4, text));
            changes.add(new Change.Seated(Mark.O, text, text));
        }
        for (Change change : changes) {
            assertThat(ChangeCodec.encode(change, NANOS, MILLIS))
                    .as("%s", change)
                    .isEqualTo(byDataOutputStream(change));
        }
        assertThatThrownBy(
                        () ->
                                ChangeCodec.encode(
                                        new Change.Moved(Mark.X, 4, "\u0800".repeat(21_846)),
                                        NANOS,
                                        MILLIS))
                .hasCauseInstanceOf(UTFDataFormatException.class);
    }

    /** The format written field by field with {@link DataOutputStream}, as the codec documents. */
    private static byte[] byDataOutputStream(Change change) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeByte(ChangeCodec.FORMAT);
        out.writeByte(change.kind().code());
        out.writeLong(NANOS);
        out.writeLong(MILLIS);
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
            case Change.Moved c -> {
                out.writeByte(c.seat().ordinal());
                out.writeInt(c.cell());
                out.writeUTF(c.id());
            }
            case Change.UndoAnswer c -> {
                out.writeByte(c.seat().ordinal());
                out.writeBoolean(c.accept());
            }
            case Change.BotSeated c -> {
                out.writeByte(c.seat().ordinal());
                out.writeUTF(c.level().name().toLowerCase(Locale.ROOT));
            }
            case Change.TimedOut c -> {}
            case Change.Resumed c -> out.writeLong(c.pausedMillis());
            case Change.Returned c -> out.writeByte(c.seat().ordinal());
            case Change.Freed c -> out.writeByte(c.seat().ordinal());
            case Change.Undo c -> out.writeByte(c.seat().ordinal());
            case Change.Resigned c -> out.writeByte(c.seat().ordinal());
            case Change.Claimed c -> out.writeByte(c.seat().ordinal());
            case Change.Rematch c -> out.writeByte(c.seat().ordinal());
        }
        return bytes.toByteArray();
    }

    @Test
    void aChangeIsAFewDozenBytes() {
        assertThat(ChangeCodec.encode(new Change.Moved(Mark.X, 112, "m-000123"), NANOS, MILLIS))
                .hasSizeLessThan(40);
    }

    @Test
    void kindCodesAreFixedAndDistinct() {
        assertThat(Arrays.stream(ChangeKind.values()).map(ChangeKind::code).distinct())
                .hasSize(ChangeKind.values().length);
        assertThat(ChangeKind.SEATED.code()).isEqualTo((byte) 1);
        assertThat(ChangeKind.RESUMED.code()).isEqualTo((byte) 14);
        assertThat(ChangeKind.ofCode((byte) 99)).isNull();
    }

    @Test
    void aRecordCutShortAnywhereIsRefused() {
        for (Change change : ONE_OF_EACH) {
            byte[] whole = ChangeCodec.encode(change, NANOS, MILLIS);
            for (int cut = 0; cut < whole.length; cut++) {
                byte[] part = Arrays.copyOf(whole, cut);
                assertThatThrownBy(() -> ChangeCodec.decode(part))
                        .as("%s cut at %d", change, cut)
                        .isInstanceOf(IllegalArgumentException.class);
            }
        }
    }

    @Test
    void anUnknownFormatKindOrSeatOrLeftoverBytesAreRefused() {
        byte[] move = ChangeCodec.encode(new Change.Moved(Mark.X, 4, "m1"), NANOS, MILLIS);
        byte[] format = move.clone();
        format[0] = 2;
        assertThatThrownBy(() -> ChangeCodec.decode(format))
                .hasMessageContaining("change format 2");
        byte[] kind = move.clone();
        kind[1] = (byte) 200;
        assertThatThrownBy(() -> ChangeCodec.decode(kind))
                .hasMessageContaining("unknown change kind 200");
        byte[] seat = move.clone();
        seat[18] = 2;
        assertThatThrownBy(() -> ChangeCodec.decode(seat)).hasMessageContaining("neither X nor O");
        byte[] longer = Arrays.copyOf(move, move.length + 1);
        assertThatThrownBy(() -> ChangeCodec.decode(longer))
                .hasMessageContaining("1 bytes left over");
    }
}
