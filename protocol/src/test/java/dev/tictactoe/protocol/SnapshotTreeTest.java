package dev.tictactoe.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonGenerator;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The hand-built snapshot tree says exactly what Jackson's data binding says for the record, and
 * the streamed document exactly what the tree says.
 */
class SnapshotTreeTest {

    private static void sameAsDataBinding(Snapshot snapshot) {
        assertThat(MessageCodec.toTree(snapshot).toString())
                .isEqualTo(MessageCodec.mapper().valueToTree(snapshot).toString());
        assertThat(MessageCodec.fromTree(MessageCodec.toTree(snapshot))).isEqualTo(snapshot);
        assertThat(streamed(snapshot)).isEqualTo(MessageCodec.toTree(snapshot).toString());
    }

    private static String streamed(Snapshot snapshot) {
        StringWriter out = new StringWriter();
        try (JsonGenerator json = MessageCodec.mapper().getFactory().createGenerator(out)) {
            MessageCodec.mapper().writeValue(json, snapshot);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    @Test
    void aGameInProgress() {
        sameAsDataBinding(Samples.snapshot());
    }

    @Test
    void aFinishedGameWithEveryOptionalFieldSet() {
        Snapshot s = Samples.snapshot();
        sameAsDataBinding(
                new Snapshot(
                        s.version() + 1,
                        s.room(),
                        new Snapshot.Settings(5, 4, Seat.O, false, false, null),
                        3,
                        RoomStatus.OVER,
                        null,
                        List.of("XXXX.", ".....", "OOO..", ".....", "....."),
                        s.moves(),
                        3,
                        new Snapshot.Result(Seat.X, ResultReason.LINE, List.of(0, 1, 2, 3)),
                        new Snapshot.Players(
                                null,
                                new Snapshot.Player("bo", PlayerKind.HUMAN, null, false, null)),
                        0,
                        new Snapshot.Score(2, 1, 4),
                        Seat.O,
                        List.of(Seat.X, Seat.O),
                        null,
                        null));
    }

    @Test
    void aTimedGameWithAPlayerAwayAndADrawClaimable() {
        Snapshot s = Samples.snapshot();
        sameAsDataBinding(
                new Snapshot(
                        s.version(),
                        s.room(),
                        new Snapshot.Settings(3, 3, Seat.X, true, true, "blitz 3+2"),
                        s.game(),
                        s.status(),
                        s.turn(),
                        s.board(),
                        s.moves(),
                        s.lastMove(),
                        null,
                        new Snapshot.Players(
                                new Snapshot.Player(
                                        "ann \"é\"", PlayerKind.HUMAN, null, false, 1_700L),
                                new Snapshot.Player(
                                        "bot", PlayerKind.BOT, BotLevel.HARD, true, null)),
                        2,
                        s.score(),
                        null,
                        List.of(Seat.O),
                        new Snapshot.Clock(
                                "blitz 3+2", 180_000L, 95_500L, Seat.O, 12L, 95_512L, null),
                        1_800_000_000_000L));
    }

    @Test
    void anEmptyWaitingRoom() {
        sameAsDataBinding(
                new Snapshot(
                        0,
                        "K7MQ2P",
                        new Snapshot.Settings(3, 3, Seat.X, true, true, null),
                        1,
                        RoomStatus.WAITING,
                        null,
                        List.of("...", "...", "..."),
                        List.of(),
                        null,
                        null,
                        new Snapshot.Players(null, null),
                        0,
                        new Snapshot.Score(0, 0, 0),
                        null,
                        List.of(),
                        null,
                        null));
    }
}
