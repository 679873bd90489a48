package dev.tictactoe.server.room;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.QuickPhrase;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.ServerMessage;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;

/**
 * Quick phrases on the room actor: who may say one, who hears it, how often, and what it leaves.
 */
class PhrasesTest {

    private static final ClientMessage.Phrase GG = new ClientMessage.Phrase(QuickPhrase.GOOD_GAME);

    private final RoomDriver driver = new RoomDriver(RoomDriver.classic());

    @AfterEach
    void close() {
        driver.close();
    }

    @Test
    void everyMemberHearsASeatsPhraseAndTheRoomStaysAsItWas() {
        Client ana = driver.join("ana");
        Client bo = driver.join("bo");
        Client eve = driver.join("eve");
        ana.move(4);
        long version = driver.snapshot().version();
        int records = driver.journal.entries.size();

        bo.send(GG);

        var said = new ServerMessage.Phrase(Seat.O, QuickPhrase.GOOD_GAME);
        assertThat(ana.last()).isEqualTo(said);
        assertThat(bo.last()).isEqualTo(said);
        assertThat(eve.last()).isEqualTo(said);
        assertThat(driver.snapshot().version()).isEqualTo(version);
        assertThat(driver.journal.entries).hasSize(records);
        // The next change follows on from the last diff: no gap for anyone.
        bo.move(0);
        for (Client c : new Client[] {ana, bo, eve}) {
            assertThat(c.gaps).isZero();
            assertThat(c.view()).isEqualTo(driver.snapshot());
        }
    }

    @Test
    void aSpectatorMayNotSayAPhrase() {
        Client ana = driver.join("ana");
        driver.join("bo");
        Client eve = driver.join("eve");
        int heard = ana.received.size();

        eve.send(GG);

        assertThat(eve.lastError()).isEqualTo(ErrorCode.NOT_A_PLAYER);
        assertThat(ana.received).hasSize(heard);
    }

    @Test
    void aSeatSaysItsBurstThenOnePerInterval() {
        Client ana = driver.join("ana");
        Client bo = driver.join("bo");
        for (int i = 0; i < Messages.PHRASE_BURST; i++) {
            ana.send(GG);
            assertThat(bo.last()).isInstanceOf(ServerMessage.Phrase.class);
        }
        int heard = bo.received.size();

        ana.send(GG);
        assertThat(ana.last())
                .isEqualTo(
                        new ServerMessage.ErrorMessage(
                                ErrorCode.RATE_LIMITED,
                                "too many phrases: 3 at once, then one every 2s",
                                "phrase"));
        assertThat(bo.received).hasSize(heard);

        driver.advance(Messages.PHRASE_INTERVAL.minus(Duration.ofMillis(1)));
        ana.send(GG);
        assertThat(ana.lastError()).isEqualTo(ErrorCode.RATE_LIMITED);
        driver.advance(Duration.ofMillis(1));
        ana.send(GG);
        assertThat(bo.last()).isEqualTo(new ServerMessage.Phrase(Seat.X, QuickPhrase.GOOD_GAME));
        // The other seat has a budget of its own.
        bo.send(GG);
        assertThat(ana.last()).isEqualTo(new ServerMessage.Phrase(Seat.O, QuickPhrase.GOOD_GAME));
    }

    @Test
    void aQuietSeatGetsItsWholeBurstBackAndNoMore() {
        Client ana = driver.join("ana");
        driver.join("bo");
        driver.advance(Messages.PHRASE_INTERVAL.multipliedBy(100));
        for (int i = 0; i < Messages.PHRASE_BURST; i++) {
            ana.send(GG);
            assertThat(ana.last()).isInstanceOf(ServerMessage.Phrase.class);
        }
        ana.send(GG);
        assertThat(ana.lastError()).isEqualTo(ErrorCode.RATE_LIMITED);
    }

    @Test
    void aBackedUpMemberMissesThePhraseAndOwesNothing() {
        Client ana = driver.join("ana");
        Client bo = driver.join("bo");
        bo.writable = false;
        int heard = bo.received.size();

        ana.send(GG);

        assertThat(bo.received).hasSize(heard);
        assertThat(bo.session.lagging).isFalse();
    }
}
