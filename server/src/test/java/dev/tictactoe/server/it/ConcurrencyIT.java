package dev.tictactoe.server.it;

import static dev.tictactoe.server.it.TestServer.WAIT;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.client.GameClient;
import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.NewRoom;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.protocol.Snapshot;
import dev.tictactoe.server.ServerConfig;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Both players firing moves at the same instant, many times over: never an out-of-turn move. */
class ConcurrencyIT {

    @Test
    void simultaneousMovesNeverApplyOutOfTurn() throws Exception {
        SplittableRandom random = new SplittableRandom(42);
        ExecutorService senders = Executors.newFixedThreadPool(2);
        try (TestServer server = new TestServer()) {
            for (int round = 0; round < 40; round++) {
                GameClient[] p =
                        server.pair(new NewRoom(5, 4, "X", "X", true, true, null, null, null));
                CyclicBarrier start = new CyclicBarrier(2);
                int xCell = random.nextInt(25);
                int oCell = random.nextInt(25);
                long version = p[0].version();
                Future<?> x = senders.submit(() -> fire(start, p[0], "x", version, xCell));
                Future<?> o = senders.submit(() -> fire(start, p[1], "o", version, oCell));
                x.get();
                o.get();
                // X's move is the only one that may land. O hears not_your_turn if it came first,
                // stale_version if X's move came first, cell_taken if both chose the same cell.
                Snapshot after = p[0].awaitSnapshot(s -> s.moves().size() == 1, WAIT);
                assertThat(after.moves())
                        .singleElement()
                        .satisfies(
                                m -> {
                                    assertThat(m.seat()).isEqualTo(Seat.X);
                                    assertThat(m.cell()).isEqualTo(xCell);
                                });
                ServerMessage.ErrorMessage refused =
                        p[1].await(ServerMessage.ErrorMessage.class, WAIT);
                assertThat(refused.ref()).isEqualTo("o");
                assertThat(refused.code())
                        .isIn(
                                ErrorCode.NOT_YOUR_TURN,
                                ErrorCode.STALE_VERSION,
                                ErrorCode.CELL_TAKEN);
                p[1].send(new ClientMessage.Sync(null));
                assertThat(p[1].await(ServerMessage.SnapshotMessage.class, WAIT).snapshot().moves())
                        .hasSize(1);
            }
        } finally {
            senders.shutdownNow();
        }
    }

    @Test
    void aBarrageOfMovesFromBothSidesKeepsStrictAlternation() throws Exception {
        ExecutorService senders = Executors.newFixedThreadPool(2);
        try (TestServer server = new TestServer(ServerConfig.local("--message-burst=400"))) {
            GameClient[] p =
                    server.pair(new NewRoom(15, 5, "X", "X", false, true, null, null, null));
            CyclicBarrier start = new CyclicBarrier(2);
            // Each side sends every cell, as fast as it can, against a stale version 0 ... and
            // current ones.
            Future<?> x = senders.submit(() -> barrage(start, p[0], "x"));
            Future<?> o = senders.submit(() -> barrage(start, p[1], "o"));
            x.get();
            o.get();
            p[0].send(new ClientMessage.Sync(null));
            Snapshot end = p[0].await(ServerMessage.SnapshotMessage.class, WAIT).snapshot();
            for (int i = 0; i < end.moves().size(); i++) {
                assertThat(end.moves().get(i).seat()).isEqualTo(i % 2 == 0 ? Seat.X : Seat.O);
            }
        } finally {
            senders.shutdownNow();
        }
    }

    private static void fire(
            CyclicBarrier start, GameClient client, String id, long version, int cell) {
        try {
            start.await();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        client.send(new ClientMessage.Move(id, version, cell));
    }

    private static void barrage(CyclicBarrier start, GameClient client, String prefix) {
        try {
            start.await();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        for (int cell = 0; cell < 225; cell++) {
            client.send(new ClientMessage.Move(prefix + cell, client.version(), cell));
        }
    }
}
