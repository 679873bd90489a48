package dev.tictactoe.server.it;

import static dev.tictactoe.server.it.TestServer.WAIT;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.tictactoe.client.GameClient;
import dev.tictactoe.protocol.NewRoom;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.Snapshot;
import dev.tictactoe.server.ServerConfig;

import io.netty.channel.epoll.Epoll;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The same game over each socket transport the server can run on. */
class TransportIT {

    @ParameterizedTest
    @ValueSource(strings = {"nio", "epoll"})
    void aWholeGameIsPlayedOnTheTransport(String transport) {
        assumeThat(transport.equals("nio") || Epoll.isAvailable())
                .as("native epoll loads here")
                .isTrue();
        try (TestServer server = new TestServer(ServerConfig.local("--transport=" + transport))) {
            GameClient[] p = server.pair(NewRoom.DEFAULT);
            int[] cells = {0, 3, 1, 4, 2};
            for (int i = 0; i < cells.length; i++) {
                int moves = i + 1;
                p[i % 2].move(cells[i]);
                p[(i + 1) % 2].awaitSnapshot(s -> s.moves().size() == moves, WAIT);
            }
            Snapshot end = p[0].awaitSnapshot(s -> s.result() != null, WAIT);
            assertThat(end.result().winner()).isEqualTo(Seat.X);
            assertThat(p[1].awaitSnapshot(s -> s.result() != null, WAIT)).isEqualTo(end);
        }
    }
}
