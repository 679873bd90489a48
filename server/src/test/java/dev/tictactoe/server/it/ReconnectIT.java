package dev.tictactoe.server.it;

import static dev.tictactoe.server.it.TestServer.WAIT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tictactoe.client.GameClient;
import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.CloseCodes;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.ProtocolException;
import dev.tictactoe.protocol.Event;
import dev.tictactoe.protocol.NewRoom;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.protocol.Snapshot;
import dev.tictactoe.server.ServerConfig;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Dropped connections: the seat waits for its token during the grace period, then is freed. */
class ReconnectIT {

    @Test
    void aPlayerWhoDropsGetsTheSeatBackWithTheToken() {
        try (TestServer server = new TestServer()) {
            GameClient[] p = server.pair(NewRoom.DEFAULT);
            p[0].move(4);
            p[1].awaitSnapshot(s -> s.moves().size() == 1, WAIT);
            p[1].drop();
            p[0].await(ServerMessage.Diff.class, d -> d.event() instanceof Event.Disconnected, WAIT);
            assertThat(p[0].snapshot().players().o().connected()).isFalse();

            ServerMessage.Welcome back = p[1].reconnect();
            assertThat(back.seat()).isEqualTo("O");
            assertThat(back.snapshot().moves()).hasSize(1);
            p[0].await(ServerMessage.Diff.class, d -> d.event() instanceof Event.Reconnected, WAIT);
            assertThat(p[0].snapshot().players().o().connected()).isTrue();

            p[1].move(0);
            assertThat(p[0].awaitSnapshot(s -> s.moves().size() == 2, WAIT).board()).containsExactly("O..", ".X.", "...");
        }
    }

    @Test
    void aSecondConnectionWithTheSameTokenReplacesTheFirst() {
        try (TestServer server = new TestServer()) {
            GameClient[] p = server.pair(NewRoom.DEFAULT);
            String code = p[0].snapshot().room();
            GameClient twin = server.connect(code);
            ServerMessage.Welcome welcome = twin.join(new ClientMessage.Join(1, "ana", p[0].token(), false, null));
            assertThat(welcome.seat()).isEqualTo("X");
            assertThat(p[0].awaitClose(WAIT).code()).isEqualTo(CloseCodes.REPLACED);
            twin.move(4);
            p[1].awaitSnapshot(s -> s.moves().size() == 1, WAIT);
        }
    }

    @Test
    void afterTheGracePeriodTheSeatIsFreedAndTheGameAbandoned() {
        try (TestServer server = new TestServer(ServerConfig.builder().seatGrace(Duration.ofMillis(300)))) {
            GameClient[] p = server.pair(NewRoom.DEFAULT);
            p[0].move(4);
            p[1].awaitSnapshot(s -> s.moves().size() == 1, WAIT);
            String token = p[1].token();
            p[1].drop();
            ServerMessage.Diff over = p[0].await(ServerMessage.Diff.class, d -> d.event() instanceof Event.GameOver, WAIT);
            assertThat(over.event()).isEqualTo(new Event.GameOver("X", "abandoned"));
            Snapshot after = p[0].awaitSnapshot(s -> s.players().o() == null, WAIT);
            assertThat(after.result().reason()).isEqualTo("abandoned");
            assertThat(after.result().winner()).isEqualTo("X");
            assertThat(after.score().x()).isEqualTo(1);

            // The old token is worthless now; a newcomer takes the seat and the next game starts.
            GameClient late = server.connect(after.room());
            assertThat(org.assertj.core.api.Assertions.catchThrowable(
                    () -> late.join(new ClientMessage.Join(1, "bob", token, false, null)))).hasMessageContaining("token");
            GameClient newcomer = server.player(after.room(), "dave");
            assertThat(newcomer.seat()).isEqualTo("O");
            Snapshot next = p[0].awaitSnapshot(s -> s.game() == 2, WAIT);
            assertThat(next.status()).isEqualTo("playing");
        }
    }

    @Test
    void theRemainingPlayerCanInviteTheBotIntoTheFreedSeat() {
        try (TestServer server = new TestServer(ServerConfig.builder().seatGrace(Duration.ofMillis(200)))) {
            GameClient[] p = server.pair(NewRoom.DEFAULT);
            p[1].leave();
            p[0].awaitSnapshot(s -> s.players().o() == null, WAIT);
            p[0].send(new ClientMessage.InviteBot("perfect", null));
            Snapshot withBot = p[0].awaitSnapshot(s -> s.players().o() != null, WAIT);
            assertThat(withBot.players().o().kind()).isEqualTo("bot");
            assertThat(withBot.players().o().level()).isEqualTo("perfect");
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
            assertThat(p[1].await(ServerMessage.SnapshotMessage.class, WAIT).snapshot().version()).isEqualTo(before + 2);
        }
    }

    @Test
    void aMemberTooFarBehindGetsASnapshotInstead() {
        try (TestServer server = new TestServer(ServerConfig.builder().diffHistory(1))) {
            GameClient[] p = server.pair(NewRoom.DEFAULT);
            long before = p[1].version();
            p[0].move(4);
            p[1].awaitSnapshot(s -> s.moves().size() == 1, WAIT);
            p[1].move(0);
            p[1].awaitSnapshot(s -> s.moves().size() == 2, WAIT);
            p[1].send(new ClientMessage.Sync(before));
            ServerMessage.SnapshotMessage answer = p[1].await(ServerMessage.SnapshotMessage.class, WAIT);
            assertThat(answer.snapshot().moves()).hasSize(2);
        }
    }

    @Test
    void aRoomNobodyIsInIsRemovedAfterItsTimeToLive() {
        try (TestServer server = new TestServer(ServerConfig.builder().emptyRoomTtl(Duration.ofMillis(200)))) {
            String code = server.create();
            GameClient visitor = server.player(code, "ana");
            visitor.leave();
            assertThat(server.server.rooms().find(code).orElseThrow().removed().awaitUninterruptibly(WAIT.toMillis())).isTrue();
            assertThatThrownBy(() -> server.api.get(code))
                    .isInstanceOfSatisfying(ProtocolException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.UNKNOWN_ROOM));
            assertThat(server.server.rooms().size()).isZero();
        }
    }
}
