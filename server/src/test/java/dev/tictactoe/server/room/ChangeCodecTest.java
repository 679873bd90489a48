package dev.tictactoe.server.room;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tictactoe.server.bot.Level;
import dev.tictactoe.server.game.Mark;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;

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
