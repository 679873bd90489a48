package dev.tictactoe.server.it;

import static dev.tictactoe.server.it.TestServer.WAIT;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.client.GameClient;
import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.Event;
import dev.tictactoe.protocol.NewRoom;
import dev.tictactoe.protocol.ResultReason;
import dev.tictactoe.protocol.RoomStatus;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.protocol.Snapshot;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URI;
import java.util.Locale;

/** Whole games over real WebSockets: wins, losses, draws, spectators, undo, rematch, history. */
class GamePlayIT {

    private final TestServer server = new TestServer();

    @AfterEach
    void stop() {
        server.close();
    }

    /** Plays cells alternately starting with {@code first}, waiting for each move to reach both. */
    private static Snapshot play(GameClient first, GameClient second, int... cells) {
        GameClient mover = first;
        Snapshot last = null;
        for (int cell : cells) {
            int moves = mover.snapshot().moves().size();
            mover.move(cell);
            last = mover.awaitSnapshot(s -> s.moves().size() == moves + 1, WAIT);
            GameClient other = mover == first ? second : first;
            other.awaitSnapshot(s -> s.moves().size() == moves + 1, WAIT);
            mover = other;
        }
        return last;
    }

    @Test
    void xWinsAClassicGameAndBothSeeTheLine() {
        GameClient[] p = server.pair(NewRoom.DEFAULT);
        Snapshot end = play(p[0], p[1], 0, 3, 1, 4, 2);
        assertThat(end.status()).isEqualTo(RoomStatus.OVER);
        assertThat(end.result().winner()).isEqualTo(Seat.X);
        assertThat(end.result().reason()).isEqualTo(ResultReason.LINE);
        assertThat(end.result().line()).containsExactly(0, 1, 2);
        assertThat(end.score().x()).isEqualTo(1);
        assertThat(p[1].awaitSnapshot(s -> s.result() != null, WAIT)).isEqualTo(end);
    }

    @Test
    void oWinsOnALargerBoard() {
        GameClient[] p = server.pair(new NewRoom(7, 4, "X", "X", true, true, null, null, null));
        // X scatters, O builds the column of cells 3, 10, 17, 24.
        Snapshot end = play(p[0], p[1], 0, 3, 6, 10, 42, 17, 48, 24);
        assertThat(end.result().winner()).isEqualTo(Seat.O);
        assertThat(end.result().line()).containsExactly(3, 10, 17, 24);
        assertThat(end.board()).hasSize(7).allSatisfy(row -> assertThat(row).hasSize(7));
    }

    @Test
    void aFullBoardWithoutALineIsADraw() {
        GameClient[] p = server.pair(new NewRoom(3, 3, "X", "X", false, true, null, null, null));
        Snapshot end = play(p[0], p[1], 0, 1, 2, 4, 3, 5, 7, 6, 8);
        assertThat(end.result().winner()).isNull();
        assertThat(end.result().reason()).isEqualTo(ResultReason.DRAW);
        assertThat(end.score().draws()).isEqualTo(1);
    }

    @Test
    void aDeadPositionEndsEarlyWhenTheRoomSaysSo() {
        GameClient[] p = server.pair(NewRoom.DEFAULT);
        Snapshot end = play(p[0], p[1], 0, 1, 2, 4, 3, 5, 7, 6);
        assertThat(end.result().reason()).isEqualTo(ResultReason.DEAD_DRAW);
        assertThat(end.board()).containsExactly("XOX", "XOO", "OX.");
    }

    @Test
    void aCodeTypedInLowerCaseFindsTheRoom() {
        String code = server.create();
        URI typed =
                URI.create(
                        "ws://127.0.0.1:"
                                + server.server.port()
                                + "/rooms/"
                                + code.toLowerCase(Locale.ROOT)
                                + "/ws");
        GameClient x = server.connect(typed);
        x.join("ana");
        assertThat(x.snapshot().room()).isEqualTo(code);
        assertThat(x.seat()).isEqualTo(Seat.X);
    }

    @Test
    void theCreatorCanTakeOAndLetOStart() {
        String code = server.create(new NewRoom(3, 3, "O", "O", true, true, null, null, null));
        GameClient creator = server.player(code, "ana");
        GameClient guest = server.player(code, "bob");
        assertThat(creator.seat()).isEqualTo(Seat.O);
        assertThat(guest.seat()).isEqualTo(Seat.X);
        assertThat(creator.awaitSnapshot(s -> s.turn() == Seat.O, WAIT).settings().first())
                .isEqualTo(Seat.O);
    }

    @Test
    void spectatorsWatchEveryMoveButCannotPlay() {
        GameClient[] p = server.pair(NewRoom.DEFAULT);
        String code = p[0].snapshot().room();
        GameClient third = server.player(code, "carol");
        assertThat(third.seat()).isNull();
        p[0].awaitSnapshot(s -> s.spectators() == 1, WAIT);
        play(p[0], p[1], 4, 0);
        assertThat(third.awaitSnapshot(s -> s.moves().size() == 2, WAIT).board())
                .containsExactly("O..", ".X.", "...");
        third.move(8);
        assertThat(third.awaitError(dev.tictactoe.protocol.ErrorCode.NOT_A_PLAYER, WAIT).message())
                .contains("spectators");
        assertThat(p[0].snapshot().moves()).hasSize(2);
    }

    @Test
    void resignationGivesTheGameToTheOpponent() {
        GameClient[] p = server.pair(NewRoom.DEFAULT);
        play(p[0], p[1], 4);
        p[1].send(new ClientMessage.Resign());
        Snapshot end = p[0].awaitSnapshot(s -> s.status() == RoomStatus.OVER, WAIT);
        assertThat(end.result().winner()).isEqualTo(Seat.X);
        assertThat(end.result().reason()).isEqualTo(ResultReason.RESIGN);
    }

    @Test
    void aRematchNeedsBothAlternatesTheFirstMoveAndKeepsTheScore() {
        GameClient[] p = server.pair(NewRoom.DEFAULT);
        play(p[0], p[1], 0, 3, 1, 4, 2);
        p[1].send(new ClientMessage.Rematch());
        assertThat(p[0].awaitSnapshot(s -> s.rematch().contains(Seat.O), WAIT).status())
                .isEqualTo(RoomStatus.OVER);
        p[0].send(new ClientMessage.Rematch());
        Snapshot second = p[0].awaitSnapshot(s -> s.game() == 2, WAIT);
        assertThat(second.status()).isEqualTo(RoomStatus.PLAYING);
        assertThat(second.turn()).isEqualTo(Seat.O);
        assertThat(second.score().x()).isEqualTo(1);
        assertThat(second.moves()).isEmpty();
        p[1].awaitSnapshot(s -> s.game() == 2, WAIT);
        play(p[1], p[0], 0, 3, 1, 4, 2);
        assertThat(p[0].awaitSnapshot(s -> s.score().o() == 1, WAIT).result().winner())
                .isEqualTo(Seat.O);

        p[0].send(new ClientMessage.History());
        ServerMessage.HistoryMessage history = p[0].await(ServerMessage.HistoryMessage.class, WAIT);
        assertThat(history.games()).hasSize(2);
        assertThat(history.games().get(0).moves()).containsExactly(0, 3, 1, 4, 2);
        assertThat(history.games().get(0).winner()).isEqualTo(Seat.X);
        assertThat(history.games().get(1).first()).isEqualTo(Seat.O);
        assertThat(history.games().get(1).line()).containsExactly(0, 1, 2);
    }

    @Test
    void aTakebackIsAskedAndAnswered() {
        GameClient[] p = server.pair(NewRoom.DEFAULT);
        play(p[0], p[1], 4, 0);
        p[0].send(new ClientMessage.Undo());
        p[1].awaitSnapshot(s -> s.undoRequest() == Seat.X, WAIT);
        p[1].send(new ClientMessage.UndoReply(false));
        p[0].await(ServerMessage.Diff.class, d -> d.event() instanceof Event.UndoDeclined, WAIT);
        assertThat(p[0].snapshot().moves()).hasSize(2);
        assertThat(p[0].snapshot().undoRequest()).isNull();
        // O must see its own refusal before the next request, or it could answer the old one.
        p[1].awaitSnapshot(s -> s.undoRequest() == null, WAIT);

        p[0].send(new ClientMessage.Undo());
        p[1].awaitSnapshot(s -> s.undoRequest() == Seat.X, WAIT);
        p[1].send(new ClientMessage.UndoReply(true));
        ServerMessage.Diff undone =
                p[0].await(ServerMessage.Diff.class, d -> d.event() instanceof Event.Undone, WAIT);
        assertThat(undone.event()).isEqualTo(new Event.Undone(Seat.X, java.util.List.of(0, 4)));
        Snapshot after = p[0].awaitSnapshot(s -> s.moves().isEmpty(), WAIT);
        assertThat(after.turn()).isEqualTo(Seat.X);
        assertThat(after.board()).containsExactly("...", "...", "...");
    }

    @Test
    void aResentMoveIdIsAcknowledgedNotPlayedTwice() {
        GameClient[] p = server.pair(NewRoom.DEFAULT);
        long version = p[0].version();
        p[0].send(new ClientMessage.Move("once", version, 4));
        Snapshot after = p[0].awaitSnapshot(s -> s.moves().size() == 1, WAIT);
        p[0].send(new ClientMessage.Move("once", version, 4));
        ServerMessage.Ack ack = p[0].await(ServerMessage.Ack.class, WAIT);
        assertThat(ack.id()).isEqualTo("once");
        assertThat(ack.version()).isEqualTo(after.version());
        assertThat(p[1].awaitSnapshot(s -> s.moves().size() == 1, WAIT).moves().get(0).id())
                .isEqualTo("once");
    }

    @Test
    void theHttpApiReportsRoomsAndHealth() throws IOException {
        String code = server.create(new NewRoom(15, 5, "X", "X", true, true, null, null, null));
        assertThat(server.get("/healthz").status()).isEqualTo(200);
        assertThat(server.room(code).get("settings").get("size").asInt()).isEqualTo(15);
        assertThat(server.room(code).get("status").asText()).isEqualTo("waiting");
        assertThat(server.get("/metrics").body()).contains("\nttt_rooms 1.0\n");
    }
}
