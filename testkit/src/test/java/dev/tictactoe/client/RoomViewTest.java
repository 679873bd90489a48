package dev.tictactoe.client;

import static org.assertj.core.api.Assertions.assertThat;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.PatchOp;
import dev.tictactoe.protocol.PlayerKind;
import dev.tictactoe.protocol.QuickPhrase;
import dev.tictactoe.protocol.RoomStatus;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.protocol.Snapshot;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

class RoomViewTest {

    /** A snapshot of a 3×3 room at {@code version} after {@code cells} were played, X first. */
    static Snapshot state(long version, List<Integer> cells) {
        char[] board = ".........".toCharArray();
        List<Snapshot.MoveEntry> moves = new ArrayList<>();
        for (int i = 0; i < cells.size(); i++) {
            Seat seat = i % 2 == 0 ? Seat.X : Seat.O;
            board[cells.get(i)] = seat.wire().charAt(0);
            moves.add(new Snapshot.MoveEntry(seat, cells.get(i), "m" + (i / 2 + 1)));
        }
        String rows = new String(board);
        return new Snapshot(
                version,
                "ABC234",
                new Snapshot.Settings(3, 3, Seat.X, true, true, null),
                1,
                RoomStatus.PLAYING,
                cells.size() % 2 == 0 ? Seat.X : Seat.O,
                List.of(rows.substring(0, 3), rows.substring(3, 6), rows.substring(6, 9)),
                moves,
                cells.isEmpty() ? null : cells.get(cells.size() - 1),
                null,
                new Snapshot.Players(
                        new Snapshot.Player("ana", PlayerKind.HUMAN, null, true, null),
                        new Snapshot.Player("bo", PlayerKind.HUMAN, null, true, null)),
                0,
                new Snapshot.Score(0, 0, 0),
                null,
                List.of(),
                null,
                null);
    }

    static ServerMessage.Diff diff(Snapshot from, Snapshot to) {
        String[] diff = new String[1];
        MessageCodec.encodeDiff(
                to.version(),
                from,
                to,
                null,
                (bytes, n) -> diff[0] = new String(bytes, 0, n, UTF_8));
        return (ServerMessage.Diff) MessageCodec.decodeServer(diff[0]);
    }

    @Test
    void startsEmptyAndAsksForStateOnAnEarlyDiff() {
        RoomView view = new RoomView();
        assertThat(view.snapshot()).isNull();
        assertThat(view.lastVersion()).isNull();
        assertThat(view.apply(diff(state(1, List.of()), state(2, List.of(4)))))
                .isEqualTo(RoomView.Update.NEED_SYNC);
    }

    @Test
    void welcomeAndSnapshotReplaceTheState() {
        RoomView view = new RoomView();
        Snapshot s1 = state(1, List.of());
        assertThat(view.apply(new ServerMessage.Welcome(1, "ABC234", Seat.X, "t", null, s1)))
                .isEqualTo(RoomView.Update.APPLIED);
        assertThat(view.snapshot()).isEqualTo(s1);
        Snapshot s5 = state(5, List.of(4, 0));
        assertThat(view.apply(new ServerMessage.SnapshotMessage(null, s5)))
                .isEqualTo(RoomView.Update.APPLIED);
        assertThat(view.lastVersion()).isEqualTo(5L);
        assertThat(view.snapshot()).isEqualTo(s5);
    }

    @Test
    void aPhraseLeavesTheStateAndItsVersionAlone() {
        RoomView view = new RoomView();
        Snapshot s1 = state(1, List.of());
        view.apply(new ServerMessage.Welcome(1, "ABC234", Seat.X, "t", null, s1));
        assertThat(view.apply(new ServerMessage.Phrase(Seat.O, QuickPhrase.GOOD_GAME)))
                .isEqualTo(RoomView.Update.UNCHANGED);
        assertThat(view.lastVersion()).isEqualTo(1L);
        assertThat(view.apply(diff(s1, state(2, List.of(4))))).isEqualTo(RoomView.Update.APPLIED);
    }

    @Test
    void appliesTheNextDiffIgnoresOldOnesAndReportsGaps() {
        RoomView view = new RoomView();
        Snapshot s1 = state(1, List.of());
        Snapshot s2 = state(2, List.of(4));
        Snapshot s3 = state(3, List.of(4, 0));
        Snapshot s4 = state(4, List.of(4, 0, 8));
        view.apply(new ServerMessage.SnapshotMessage(null, s1));

        assertThat(view.apply(diff(s1, s2))).isEqualTo(RoomView.Update.APPLIED);
        assertThat(view.snapshot()).isEqualTo(s2);
        assertThat(view.apply(diff(s1, s2))).isEqualTo(RoomView.Update.UNCHANGED);
        assertThat(view.apply(diff(s3, s4))).isEqualTo(RoomView.Update.NEED_SYNC);
        assertThat(view.snapshot()).isEqualTo(s2);
        assertThat(view.apply(diff(s2, s3))).isEqualTo(RoomView.Update.APPLIED);
        assertThat(view.apply(diff(s3, s4))).isEqualTo(RoomView.Update.APPLIED);
        assertThat(view.snapshot()).isEqualTo(s4);
    }

    @Test
    void aDiffThatDoesNotApplyLeavesTheStateAndAsksForSync() {
        RoomView view = new RoomView();
        Snapshot s1 = state(1, List.of());
        view.apply(new ServerMessage.SnapshotMessage(null, s1));
        var nodes = JsonNodeFactory.instance;

        var badPath =
                new ServerMessage.Diff(
                        2,
                        List.of(
                                new PatchOp(
                                        PatchOp.Op.REPLACE, "/nope", nodes.numberNode(2), null)),
                        null);
        assertThat(view.apply(badPath)).isEqualTo(RoomView.Update.NEED_SYNC);
        var noVersionBump =
                new ServerMessage.Diff(
                        2,
                        List.of(
                                new PatchOp(
                                        PatchOp.Op.REPLACE,
                                        "/spectators",
                                        nodes.numberNode(1),
                                        null)),
                        null);
        assertThat(view.apply(noVersionBump)).isEqualTo(RoomView.Update.NEED_SYNC);
        var invalidState =
                new ServerMessage.Diff(
                        2,
                        List.of(
                                new PatchOp(
                                        PatchOp.Op.REPLACE, "/version", nodes.numberNode(2), null),
                                new PatchOp(
                                        PatchOp.Op.REPLACE, "/turn", nodes.textNode("Z"), null)),
                        null);
        assertThat(view.apply(invalidState)).isEqualTo(RoomView.Update.NEED_SYNC);
        assertThat(view.snapshot()).isEqualTo(s1);
    }

    @Test
    void otherMessagesChangeNothing() {
        RoomView view = new RoomView();
        assertThat(view.apply(new ServerMessage.Ack("m1", 3))).isEqualTo(RoomView.Update.UNCHANGED);
    }

    @Test
    void snapshotPlusAllDiffsEqualsTheLastSnapshot() {
        SplittableRandom random = new SplittableRandom(7);
        for (int game = 0; game < 50; game++) {
            List<Integer> free = new ArrayList<>(List.of(0, 1, 2, 3, 4, 5, 6, 7, 8));
            List<Integer> played = new ArrayList<>();
            Snapshot previous = state(10, played);
            RoomView view = new RoomView();
            view.apply(new ServerMessage.SnapshotMessage(null, previous));
            while (!free.isEmpty()) {
                played.add(free.remove(random.nextInt(free.size())));
                Snapshot next = state(previous.version() + 1, played);
                var wire = MessageCodec.decodeServer(MessageCodec.encode(diff(previous, next)));
                assertThat(view.apply(wire)).isEqualTo(RoomView.Update.APPLIED);
                previous = next;
            }
            assertThat(view.snapshot()).isEqualTo(previous);
        }
    }
}
