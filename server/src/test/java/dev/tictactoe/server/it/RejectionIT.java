package dev.tictactoe.server.it;

import static dev.tictactoe.server.it.TestServer.WAIT;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tictactoe.client.GameClient;
import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.NewRoom;
import dev.tictactoe.protocol.ProtocolException;
import dev.tictactoe.protocol.RoomStatus;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.protocol.Snapshot;
import dev.tictactoe.server.ServerConfig;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Every refusal: a typed error to the sender only, the room untouched, the others told nothing. */
class RejectionIT {

    private final TestServer server = new TestServer();

    @AfterEach
    void stop() {
        server.close();
    }

    /**
     * Sends {@code message} from {@code sender} and checks the error and that nothing changed for
     * anyone.
     */
    private static ServerMessage.ErrorMessage refused(
            GameClient sender, GameClient other, ClientMessage message, ErrorCode code) {
        return refused(sender, other, MessageCodec.encode(message), code);
    }

    private static ServerMessage.ErrorMessage refused(
            GameClient sender, GameClient other, String message, ErrorCode code) {
        Snapshot before = sender.snapshot();
        long otherVersion = other.version();
        sender.sendRaw(message);
        ServerMessage.ErrorMessage error = sender.await(ServerMessage.ErrorMessage.class, WAIT);
        assertThat(error.code()).isEqualTo(code);
        assertThat(error.message()).isNotBlank();
        // A round trip after the refusal: had anything changed, the sync would show it.
        sender.send(new ClientMessage.Sync(null));
        ServerMessage.SnapshotMessage now = sender.await(ServerMessage.SnapshotMessage.class, WAIT);
        assertThat(now.snapshot()).isEqualTo(before);
        assertThat(other.version()).isEqualTo(otherVersion);
        assertThat(other.seen()).noneMatch(m -> m instanceof ServerMessage.ErrorMessage);
        return error;
    }

    @Test
    void outOfTurn() {
        GameClient[] p = server.pair(NewRoom.DEFAULT);
        ServerMessage.ErrorMessage error =
                refused(
                        p[1],
                        p[0],
                        new ClientMessage.Move("o1", p[1].version(), 4),
                        ErrorCode.NOT_YOUR_TURN);
        assertThat(error.ref()).isEqualTo("o1");
    }

    @Test
    void takenCellOffTheBoardAndStaleVersion() {
        GameClient[] p = server.pair(NewRoom.DEFAULT);
        long seen = p[1].version();
        p[0].move(4);
        p[1].awaitSnapshot(s -> s.moves().size() == 1, WAIT);
        p[0].awaitSnapshot(
                s -> s.moves().size() == 1, WAIT); // refused() compares its version after
        refused(p[1], p[0], new ClientMessage.Move("a", p[1].version(), 4), ErrorCode.CELL_TAKEN);
        refused(p[1], p[0], new ClientMessage.Move("b", p[1].version(), 9), ErrorCode.OUT_OF_RANGE);
        refused(
                p[1],
                p[0],
                "{\"type\":\"move\",\"id\":\"c\",\"version\":" + p[1].version() + ",\"cell\":-1}",
                ErrorCode.OUT_OF_RANGE);
        refused(p[1], p[0], new ClientMessage.Move("d", seen, 0), ErrorCode.STALE_VERSION);
    }

    @Test
    void movesAfterTheGameIsOver() {
        GameClient[] p = server.pair(NewRoom.DEFAULT);
        p[0].send(new ClientMessage.Resign());
        p[1].awaitSnapshot(s -> s.status() == RoomStatus.OVER, WAIT);
        p[0].awaitSnapshot(s -> s.status() == RoomStatus.OVER, WAIT);
        refused(p[1], p[0], new ClientMessage.Move("late", p[1].version(), 4), ErrorCode.GAME_OVER);
        refused(p[1], p[0], new ClientMessage.Resign(), ErrorCode.GAME_OVER);
        refused(p[1], p[0], new ClientMessage.Undo(), ErrorCode.GAME_OVER);
    }

    @Test
    void requestsThatDoNotApply() {
        GameClient[] p = server.pair(NewRoom.DEFAULT);
        refused(p[0], p[1], new ClientMessage.Undo(), ErrorCode.NOTHING_TO_UNDO);
        refused(p[0], p[1], new ClientMessage.UndoReply(true), ErrorCode.NO_PENDING_REQUEST);
        refused(p[0], p[1], new ClientMessage.Rematch(), ErrorCode.GAME_NOT_OVER);
        refused(
                p[0],
                p[1],
                new ClientMessage.InviteBot(BotLevel.PERFECT, null),
                ErrorCode.SEAT_TAKEN);
        refused(
                p[0],
                p[1],
                "{\"type\":\"invite_bot\",\"level\":\"grandmaster\"}",
                ErrorCode.BAD_MESSAGE);
        refused(p[0], p[1], ClientMessage.Join.player("again"), ErrorCode.ALREADY_JOINED);
    }

    @Test
    void joiningIsChecked() {
        String code = server.create(new NewRoom(3, 3, "X", "X", true, false, null, null, null));
        GameClient first = server.connect(code);
        first.send(new ClientMessage.Move("m", 0, 4));
        assertThat(first.awaitError(ErrorCode.NOT_JOINED, WAIT)).isNotNull();
        assertThatThrownBy(() -> first.join(new ClientMessage.Join(2, "ana", null, false, null)))
                .isInstanceOfSatisfying(
                        ProtocolException.class,
                        e -> assertThat(e.code()).isEqualTo(ErrorCode.UNSUPPORTED_PROTOCOL));
        assertThatThrownBy(() -> first.join("x".repeat(33)))
                .isInstanceOfSatisfying(
                        ProtocolException.class,
                        e -> assertThat(e.code()).isEqualTo(ErrorCode.NAME_INVALID));
        assertThatThrownBy(() -> first.join(" "))
                .isInstanceOfSatisfying(
                        ProtocolException.class,
                        e -> assertThat(e.code()).isEqualTo(ErrorCode.NAME_INVALID));
        assertThat(first.join("x".repeat(32)).seat()).isEqualTo(Seat.X);
        server.player(code, "bob");
        GameClient third = server.connect(code);
        assertThatThrownBy(() -> third.join("carol"))
                .isInstanceOfSatisfying(
                        ProtocolException.class,
                        e -> assertThat(e.code()).isEqualTo(ErrorCode.ROOM_FULL));
        assertThatThrownBy(() -> third.join(ClientMessage.Join.spectator("carol")))
                .isInstanceOfSatisfying(
                        ProtocolException.class,
                        e -> assertThat(e.code()).isEqualTo(ErrorCode.SPECTATORS_DISABLED));
        assertThatThrownBy(
                        () ->
                                third.join(
                                        new ClientMessage.Join(
                                                1, "mallory", "forged-token", false, null)))
                .isInstanceOfSatisfying(
                        ProtocolException.class,
                        e -> assertThat(e.code()).isEqualTo(ErrorCode.NOT_A_PLAYER));
    }

    @Test
    void aFullRoomRefusesMoreMembers() {
        try (TestServer small = new TestServer(ServerConfig.local("--max-members-per-room=3"))) {
            String code = small.create();
            small.player(code, "ana");
            small.player(code, "bob");
            small.player(code, "carol");
            GameClient fourth = small.connect(code);
            assertThatThrownBy(() -> fourth.join("dave"))
                    .isInstanceOfSatisfying(
                            ProtocolException.class,
                            e -> assertThat(e.code()).isEqualTo(ErrorCode.ROOM_FULL));
        }
    }

    @Test
    void theServerRefusesRoomsPastItsLimit() {
        try (TestServer small = new TestServer(ServerConfig.local("--max-rooms=2"))) {
            small.create();
            small.create();
            assertThatThrownBy(small::create)
                    .isInstanceOfSatisfying(
                            ProtocolException.class,
                            e -> assertThat(e.code()).isEqualTo(ErrorCode.SERVER_FULL));
        }
    }

    @Test
    void invalidRoomSettingsAreRefusedWithTheReason() {
        assertThatThrownBy(
                        () ->
                                server.create(
                                        new NewRoom(20, 5, "X", "X", true, true, null, null, null)))
                .isInstanceOfSatisfying(
                        ProtocolException.class,
                        e -> {
                            assertThat(e.code()).isEqualTo(ErrorCode.INVALID_SETTINGS);
                            assertThat(e.getMessage()).contains("19");
                        });
        assertThatThrownBy(
                        () ->
                                server.create(
                                        new NewRoom(5, 6, "X", "X", true, true, null, null, null)))
                .isInstanceOfSatisfying(
                        ProtocolException.class,
                        e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_SETTINGS));
        assertThatThrownBy(
                        () ->
                                server.create(
                                        new NewRoom(
                                                3, 3, "X", "X", true, true, "genius", null, null)))
                .isInstanceOfSatisfying(
                        ProtocolException.class,
                        e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_SETTINGS));
    }
}
