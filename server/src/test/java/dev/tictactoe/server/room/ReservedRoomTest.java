package dev.tictactoe.server.room;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.Event;
import dev.tictactoe.protocol.PlayerKind;
import dev.tictactoe.protocol.Protocol;
import dev.tictactoe.protocol.ResultReason;
import dev.tictactoe.protocol.RoomStatus;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.protocol.Snapshot;
import dev.tictactoe.server.clock.TimeControl;
import dev.tictactoe.server.game.Rules;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

/**
 * A room opened for a quick match: both seats held for the players promised them, on frozen time.
 */
class ReservedRoomTest {

    private static final long GRACE_MILLIS = RoomDriver.LIMITS.seatGrace().toMillis();
    private static final Map<Seat, Reservation> ANA_AND_BO =
            Map.of(
                    Seat.X,
                    new Reservation("ana", "tok-ana"),
                    Seat.O,
                    new Reservation("bo", "tok-bo"));

    private RoomDriver driver;

    @AfterEach
    void close() {
        driver.close();
    }

    private static RoomSettings classic(TimeControl clock) {
        return new RoomSettings(new Rules(3, 3), Seat.X, Seat.X, true, true, null, clock);
    }

    private Client arrive(String name, String token) {
        Client client = driver.connect();
        client.send(new ClientMessage.Join(Protocol.VERSION, name, token, false, null));
        return client;
    }

    @Test
    void bothSeatsAreHeldAndTheGameStartsAtOnceWrittenToTheJournal() {
        driver = new RoomDriver(classic(null), ANA_AND_BO);
        Snapshot s = driver.snapshot();
        assertThat(s.status()).isEqualTo(RoomStatus.PLAYING);
        assertThat(s.turn()).isEqualTo(Seat.X);
        long until = RoomDriver.START_MILLIS + GRACE_MILLIS;
        assertThat(s.players().x())
                .isEqualTo(new Snapshot.Player("ana", PlayerKind.HUMAN, null, false, until));
        assertThat(s.players().o())
                .isEqualTo(new Snapshot.Player("bo", PlayerKind.HUMAN, null, false, until));
        // The opening is kept whole by the room's first checkpoint, before anyone can hear of it.
        assertThat(driver.journal.checkpointVersions()).containsExactly(s.version());
    }

    @Test
    void eachPromisedPlayerTakesItsSeatWithItsTokenAndIsAnnouncedAsJoined() {
        driver = new RoomDriver(classic(null), ANA_AND_BO);
        Client ana = arrive("ana", "tok-ana");
        ServerMessage.Welcome welcome = ana.lastOf(ServerMessage.Welcome.class);
        assertThat(welcome.seat()).isEqualTo(Seat.X);
        assertThat(welcome.token()).isEqualTo("tok-ana");
        assertThat(welcome.serverTime()).isEqualTo(RoomDriver.START_MILLIS);

        Client bo = arrive("bo", "tok-bo");
        assertThat(bo.seat()).isEqualTo(Seat.O);
        assertThat(ana.lastOf(ServerMessage.Diff.class).event())
                .isEqualTo(new Event.Joined(Seat.O, "bo"));
        Snapshot s = ana.view();
        assertThat(s.players().o().connected()).isTrue();
        assertThat(s.players().o().graceUntil()).isNull();

        ana.move(4);
        assertThat(bo.view().board()).containsExactly("...", ".X.", "...");
        // A second arrival is a reconnect, as for any seat.
        bo.drop();
        Client boAgain = arrive("bo", "tok-bo");
        assertThat(boAgain.seat()).isEqualTo(Seat.O);
        assertThat(ana.lastOf(ServerMessage.Diff.class).event())
                .isEqualTo(new Event.Reconnected(Seat.O));
    }

    @Test
    void someoneElseWithTheCodeOnlyWatches() {
        driver = new RoomDriver(classic(null), ANA_AND_BO);
        Client eve = driver.join("eve");
        assertThat(eve.seat()).isNull();
        assertThat(driver.snapshot().players().x().name()).isEqualTo("ana");
    }

    @Test
    void aPlayerWhoNeverComesLosesTheGameWhenTheSeatGraceEnds() {
        driver = new RoomDriver(classic(null), ANA_AND_BO);
        Client ana = arrive("ana", "tok-ana");
        driver.advance(Duration.ofMillis(GRACE_MILLIS - 1));
        assertThat(driver.snapshot().status()).isEqualTo(RoomStatus.PLAYING);

        driver.advance(Duration.ofMillis(1));
        Snapshot s = ana.view();
        assertThat(s.status()).isEqualTo(RoomStatus.OVER);
        assertThat(s.result())
                .isEqualTo(
                        new Snapshot.Result(Seat.X, ResultReason.ABANDONED, java.util.List.of()));
        assertThat(s.players().o()).isNull();
        assertThat(ana.lastOf(ServerMessage.Diff.class).event())
                .isEqualTo(new Event.GameOver(Seat.X, ResultReason.ABANDONED));
    }

    @Test
    void aBotFillOpensWithTheBotInTheOtherSeatAndItMovesFirstWhenItIsX() {
        driver =
                new RoomDriver(
                        new RoomSettings(
                                new Rules(3, 3),
                                Seat.O,
                                Seat.X,
                                true,
                                true,
                                BotLevel.PERFECT,
                                null),
                        Map.of(Seat.O, new Reservation("ana", "tok-ana")));
        assertThat(driver.runBots()).isEqualTo(1);
        Client ana = arrive("ana", "tok-ana");
        Snapshot s = ana.view();
        assertThat(ana.seat()).isEqualTo(Seat.O);
        assertThat(s.players().x().kind()).isEqualTo(PlayerKind.BOT);
        assertThat(s.moves())
                .singleElement()
                .satisfies(m -> assertThat(m.seat()).isEqualTo(Seat.X));
        assertThat(s.turn()).isEqualTo(Seat.O);
    }

    @Test
    void aTimedMatchRunsXsClockFromTheOpeningAndCountsAGameLostOnTime() {
        driver = new RoomDriver(classic(TimeControl.parse("10s")), ANA_AND_BO);
        Snapshot s = driver.snapshot();
        assertThat(s.clock().running()).isEqualTo(Seat.X);
        assertThat(s.clock().deadlineAt()).isEqualTo(RoomDriver.START_MILLIS + 10_000);

        arrive("bo", "tok-bo");
        driver.advance(Duration.ofSeconds(10));
        assertThat(driver.snapshot().result().reason()).isEqualTo(ResultReason.TIMEOUT);
        assertThat(driver.room.context.metrics().scrape())
                .contains("ttt_games_finished_total{reason=\"timeout\",result=\"o_won\"} 1.0");
    }

    @Test
    void thePromisedSeatsOutliveARestart() {
        driver = new RoomDriver(classic(null), ANA_AND_BO);
        driver.restart();
        Client bo = arrive("bo", "tok-bo");
        assertThat(bo.seat()).isEqualTo(Seat.O);
        assertThat(bo.view().players().x().name()).isEqualTo("ana");
        assertThat(bo.view().status()).isEqualTo(RoomStatus.PLAYING);
    }
}
