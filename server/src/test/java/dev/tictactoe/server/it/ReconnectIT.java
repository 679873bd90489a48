package dev.tictactoe.server.it;

import static dev.tictactoe.server.it.TestServer.WAIT;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.client.GameClient;
import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.CloseCodes;
import dev.tictactoe.protocol.Event;
import dev.tictactoe.protocol.NewRoom;
import dev.tictactoe.protocol.PlayerKind;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.protocol.Snapshot;
import dev.tictactoe.server.ServerConfig;

import org.junit.jupiter.api.Test;

/** Dropped connections over real sockets; the timers themselves are tested in {@code RoomTest}. */
class ReconnectIT {

    @Test
    void aPlayerWhoDropsGetsTheSeatBackWithTheToken() {
        try (TestServer server = new TestServer()) {
            GameClient[] p = server.pair(NewRoom.DEFAULT);
            p[0].move(4);
            p[1].awaitSnapshot(s -> s.moves().size() == 1, WAIT);
            p[1].drop();
            p[0].await(
                    ServerMessage.Diff.class, d -> d.event() instanceof Event.Disconnected, WAIT);
            assertThat(p[0].snapshot().players().o().connected()).isFalse();

            ServerMessage.Welcome back = p[1].reconnect();
            assertThat(back.seat()).isEqualTo(Seat.O);
            assertThat(back.snapshot().moves()).hasSize(1);
            p[0].await(ServerMessage.Diff.class, d -> d.event() instanceof Event.Reconnected, WAIT);
            assertThat(p[0].snapshot().players().o().connected()).isTrue();

            p[1].move(0);
            assertThat(p[0].awaitSnapshot(s -> s.moves().size() == 2, WAIT).board())
                    .containsExactly("O..", ".X.", "...");
        }
    }

    @Test
    void aSecondConnectionWithTheSameTokenReplacesTheFirst() {
        try (TestServer server = new TestServer()) {
            GameClient[] p = server.pair(NewRoom.DEFAULT);
            String code = p[0].snapshot().room();
            GameClient twin = server.connect(code);
            ServerMessage.Welcome welcome =
                    twin.join(new ClientMessage.Join(1, "ana", p[0].token(), false, null));
            assertThat(welcome.seat()).isEqualTo(Seat.X);
            assertThat(p[0].awaitClose(WAIT).code()).isEqualTo(CloseCodes.REPLACED);
            twin.move(4);
            p[1].awaitSnapshot(s -> s.moves().size() == 1, WAIT);
        }
    }

    @Test
    void theRemainingPlayerCanInviteTheBotIntoTheFreedSeat() {
        try (TestServer server = new TestServer(ServerConfig.local("--seat-grace=200ms"))) {
            GameClient[] p = server.pair(NewRoom.DEFAULT);
            p[1].leave();
            p[0].awaitSnapshot(s -> s.players().o() == null, WAIT);
            p[0].send(new ClientMessage.InviteBot(BotLevel.PERFECT, null));
            Snapshot withBot = p[0].awaitSnapshot(s -> s.players().o() != null, WAIT);
            assertThat(withBot.players().o().kind()).isEqualTo(PlayerKind.BOT);
            assertThat(withBot.players().o().level()).isEqualTo(BotLevel.PERFECT);
        }
    }

    @Test
    void aMemberWhoMissedDiffsGetsThemReplayedOnSync() {
        try (TestServer server = new TestServer()) {
            GameClient[] p = server.pair(NewRoom.DEFAULT);
            long before = p[1].version();
            p[0].move(4);
            p[1].awaitSnapshot(s -> s.moves().size() == 1, WAIT);
            p[1].move(0);
            p[0].awaitSnapshot(s -> s.moves().size() == 2, WAIT);
            p[1].awaitSnapshot(s -> s.moves().size() == 2, WAIT);
            p[1].send(new ClientMessage.Sync(before));
            ServerMessage.Diff first = p[1].await(ServerMessage.Diff.class, WAIT);
            ServerMessage.Diff second = p[1].await(ServerMessage.Diff.class, WAIT);
            assertThat(first.version()).isEqualTo(before + 1);
            assertThat(second.version()).isEqualTo(before + 2);

            p[1].send(new ClientMessage.Sync(null));
            assertThat(p[1].await(ServerMessage.SnapshotMessage.class, WAIT).snapshot().version())
                    .isEqualTo(before + 2);
        }
    }

    @Test
    void aMemberTooFarBehindGetsASnapshotInstead() {
        try (TestServer server = new TestServer(ServerConfig.local("--diff-history=1"))) {
            GameClient[] p = server.pair(NewRoom.DEFAULT);
            long before = p[1].version();
            p[0].move(4);
            p[1].awaitSnapshot(s -> s.moves().size() == 1, WAIT);
            p[1].move(0);
            p[1].awaitSnapshot(s -> s.moves().size() == 2, WAIT);
            p[1].send(new ClientMessage.Sync(before));
            ServerMessage.SnapshotMessage answer =
                    p[1].await(ServerMessage.SnapshotMessage.class, WAIT);
            assertThat(answer.snapshot().moves()).hasSize(2);
        }
    }
}
