package dev.tictactoe.server.room;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.protocol.NewRoom;
import dev.tictactoe.protocol.PatchOp;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.protocol.Snapshot;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.List;

/**
 * A render shares what did not change with the snapshot before it, so long games diff as cheaply as
 * short ones.
 */
class SnapshotsTest {

    private final RoomDriver driver =
            new RoomDriver(
                    RoomSettings.resolve(
                            new NewRoom(15, 5, "X", "X", true, true, null, null, null), null));

    @AfterEach
    void close() {
        driver.close();
    }

    @Test
    void aMoveLateInALongGameRendersOneNewRowAndOneNewEntry() {
        Client x = driver.join("ana");
        Client o = driver.join("bo");
        // 40 scattered moves that make no five: X on even rows, O on odd rows, every third column.
        for (int i = 0; i < 40; i++) {
            int row = (i % 2 == 0 ? 0 : 1) + 2 * (i / 10 % 7);
            int cell = row * 15 + (i / 2 % 5) * 3;
            (i % 2 == 0 ? x : o).move(cell);
        }
        Snapshot before = driver.room.feed.shown;
        assertThat(before.moves()).hasSize(40);

        x.move(14 * 15 + 14);
        Snapshot after = driver.room.feed.shown;

        for (int ply = 0; ply < 40; ply++) {
            assertThat(after.moves().get(ply)).isSameAs(before.moves().get(ply));
        }
        for (int r = 0; r < 14; r++) {
            assertThat(after.board().get(r)).isSameAs(before.board().get(r));
        }
        assertThat(after.board().get(14)).isNotSameAs(before.board().get(14)).endsWith("X");
        List<PatchOp> ops = o.lastOf(ServerMessage.Diff.class).ops();
        assertThat(ops)
                .extracting(PatchOp::path)
                .contains("/board/14", "/moves/40")
                .noneMatch(path -> path.startsWith("/moves/") && !path.equals("/moves/40"))
                .noneMatch(path -> path.startsWith("/board/") && !path.equals("/board/14"));
    }

    /**
     * What a change leaves as it was is the previous snapshot's own object: the settings, the
     * players, the score, the rematch offers after a move; the board and the moves after a change
     * off the board.
     */
    @Test
    void aRenderKeepsThePreviousObjectsOfWhatDidNotChange() {
        Client x = driver.join("ana");
        Client o = driver.join("bo");
        x.move(0);
        Snapshot before = driver.room.feed.shown;

        o.move(20);
        Snapshot afterMove = driver.room.feed.shown;
        assertThat(afterMove.settings()).isSameAs(before.settings());
        assertThat(afterMove.players()).isSameAs(before.players());
        assertThat(afterMove.score()).isSameAs(before.score());
        assertThat(afterMove.rematch()).isSameAs(before.rematch());
        assertThat(afterMove.board()).isNotSameAs(before.board());

        driver.join("spectator");
        Snapshot afterJoin = driver.room.feed.shown;
        assertThat(afterJoin.spectators()).isEqualTo(afterMove.spectators() + 1);
        assertThat(afterJoin.board()).isSameAs(afterMove.board());
        assertThat(afterJoin.moves()).isSameAs(afterMove.moves());
        assertThat(afterJoin.players()).isSameAs(afterMove.players());
    }

    /**
     * An empty row is one string for every room of its size, so an idle room's board costs little.
     */
    @Test
    void emptyRowsAreSharedBetweenRooms() {
        try (RoomDriver other =
                new RoomDriver(
                        RoomSettings.resolve(
                                new NewRoom(15, 5, "X", "X", true, true, null, null, null),
                                null))) {
            Client x = driver.join("ana");
            driver.join("bo");
            other.join("cy");
            x.move(7);
            List<String> played = driver.room.feed.shown.board();
            List<String> empty = other.room.feed.shown.board();

            assertThat(played.get(0)).isEqualTo(".".repeat(7) + "X" + ".".repeat(7));
            for (int r = 0; r < 15; r++) {
                assertThat(empty.get(r)).isSameAs(empty.get(0)).isEqualTo(".".repeat(15));
                if (r > 0) {
                    assertThat(played.get(r)).isSameAs(empty.get(0));
                }
            }
        }
    }
}
