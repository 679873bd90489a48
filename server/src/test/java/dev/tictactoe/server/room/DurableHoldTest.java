package dev.tictactoe.server.room;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.Protocol;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.server.game.Rules;

import org.junit.jupiter.api.Test;

/**
 * Under {@code fsync} a room sends nothing of a change, to anybody, before the journal says it is
 * on disk; what it sends meanwhile waits behind it in order, and a refused change goes out at once.
 */
class DurableHoldTest {

    private static final RoomSettings CLASSIC =
            new RoomSettings(Rules.CLASSIC, Seat.X, Seat.X, true, false, null, null);

    private static Client joined(RoomDriver driver, String name) {
        Client client = driver.connect();
        client.send(new ClientMessage.Join(Protocol.VERSION, name, null, false, null));
        assertThat(client.received).as("the welcome waits for the disk").isEmpty();
        driver.journal.durable(driver.snapshot().version());
        driver.runTasks();
        assertThat(client.lastOf(ServerMessage.Welcome.class)).isNotNull();
        return client;
    }

    @Test
    void aMoveIsBroadcastOnlyOnceItsChangeIsOnDisk() {
        try (RoomDriver driver = RoomDriver.holdingUntilDurable(CLASSIC)) {
            Client x = joined(driver, "ana");
            Client o = joined(driver, "bo");
            int xSaw = x.received.size();
            int oSaw = o.received.size();
            long before = driver.snapshot().version();

            x.move("a", 4);
            x.move("b", 0); // not its turn now: the refusal waits behind the move it follows
            assertThat(driver.snapshot().version()).isEqualTo(before + 1);
            assertThat(x.received).hasSize(xSaw);
            assertThat(o.received).hasSize(oSaw);

            driver.journal.durable(before); // an older version on disk releases nothing newer
            driver.runTasks();
            assertThat(x.received).hasSize(xSaw);

            driver.journal.durable(before + 1);
            driver.runTasks();
            assertThat(o.received.subList(oSaw, o.received.size()))
                    .singleElement()
                    .isInstanceOfSatisfying(
                            ServerMessage.Diff.class,
                            d -> assertThat(d.version()).isEqualTo(before + 1));
            assertThat(x.received.subList(xSaw, x.received.size()))
                    .hasSize(2)
                    .first()
                    .isInstanceOf(ServerMessage.Diff.class);
            assertThat(x.lastError()).isEqualTo(ErrorCode.NOT_YOUR_TURN);
            assertThat(o.view()).isEqualTo(driver.snapshot());
            assertThat(x.gaps + o.gaps).isZero();
        }
    }

    @Test
    void aChangeTheJournalRefusedGoesOutAtOnceAndTheRoomPlaysOn() {
        try (RoomDriver driver = RoomDriver.holdingUntilDurable(CLASSIC)) {
            Client x = joined(driver, "ana");
            Client o = joined(driver, "bo");
            driver.journal.refusing = true;
            x.move(4);
            assertThat(o.view()).isEqualTo(driver.snapshot());
            assertThat(o.view().moves()).hasSize(1);
        }
    }
}
