package dev.tictactoe.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.util.List;

/** The hand-built snapshot tree says exactly what Jackson's data binding says for the record. */
class SnapshotTreeTest {

    private static void sameAsDataBinding(Snapshot snapshot) {
        assertThat(MessageCodec.toTree(snapshot).toString())
                .isEqualTo(MessageCodec.mapper().valueToTree(snapshot).toString());
        assertThat(MessageCodec.fromTree(MessageCodec.toTree(snapshot))).isEqualTo(snapshot);
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
                        new Snapshot.Settings(5, 4, "O", false, false),
                        3,
                        RoomStatus.OVER.wire(),
                        null,
                        List.of("XXXX.", ".....", "OOO..", ".....", "....."),
                        s.moves(),
                        3,
                        new Snapshot.Result("X", "line", List.of(0, 1, 2, 3)),
                        new Snapshot.Players(null, new Snapshot.Player("bo", "human", null, false)),
                        0,
                        new Snapshot.Score(2, 1, 4),
                        "O",
                        List.of("X", "O")));
    }

    @Test
    void anEmptyWaitingRoom() {
        sameAsDataBinding(
                new Snapshot(
                        0,
                        "K7MQ2P",
                        new Snapshot.Settings(3, 3, "X", true, true),
                        1,
                        RoomStatus.WAITING.wire(),
                        null,
                        List.of("...", "...", "..."),
                        List.of(),
                        null,
                        null,
                        new Snapshot.Players(null, null),
                        0,
                        new Snapshot.Score(0, 0, 0),
                        null,
                        List.of()));
    }
}
