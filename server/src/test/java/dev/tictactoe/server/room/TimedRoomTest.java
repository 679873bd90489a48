package dev.tictactoe.server.room;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.Event;
import dev.tictactoe.protocol.NewRoom;
import dev.tictactoe.protocol.ProtocolException;
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
import java.util.SplittableRandom;

/** Timed rooms on the embedded loop with frozen time: the clock runs out on the exact tick. */
class TimedRoomTest {

    private static final Duration MILLI = Duration.ofMillis(1);
    private static final long START = RoomDriver.START_MILLIS;

    private RoomDriver driver;

    @AfterEach
    void close() {
        driver.close();
    }

    private Client[] pair(String control) {
        driver =
                new RoomDriver(
                        new RoomSettings(
                                new Rules(3, 3),
                                Seat.X,
                                Seat.X,
                                true,
                                true,
                                null,
                                TimeControl.parse(control)));
        return new Client[] {driver.join("ana"), driver.join("bo")};
    }

    private static Event event(Client client) {
        return client.lastOf(ServerMessage.Diff.class).event();
    }

    @Test
    void theClockStartsWithTheGameAndIsShownInTheSnapshot() {
        Client[] p = pair("10s+2s");
        Snapshot s = p[0].view();
        assertThat(s.settings().clock()).isEqualTo("10s+2s");
        assertThat(s.clock())
                .isEqualTo(
                        new Snapshot.Clock(
                                "10s+2s", 10_000L, 10_000L, Seat.X, START, START + 10_000, null));
        assertThat(s.claimableAt()).isNull();
    }

    @Test
    void theSideToMoveRunsOutOnTheExactTick() {
        Client[] p = pair("10s");
        driver.advance(Duration.ofSeconds(10).minus(MILLI));
        assertThat(driver.snapshot().status()).isEqualTo(RoomStatus.PLAYING);

        driver.advance(MILLI);
        Snapshot s = driver.snapshot();
        assertThat(s.status()).isEqualTo(RoomStatus.OVER);
        assertThat(s.result())
                .isEqualTo(new Snapshot.Result(Seat.O, ResultReason.TIMEOUT, java.util.List.of()));
        assertThat(s.score().o()).isEqualTo(1);
        assertThat(s.clock())
                .isEqualTo(new Snapshot.Clock("10s", 0L, 10_000L, null, START, null, Seat.X));
        assertThat(event(p[1])).isEqualTo(new Event.GameOver(Seat.O, ResultReason.TIMEOUT));
        assertThat(p[0].view()).isEqualTo(s);
    }

    @Test
    void aMoveEndsTheTurnAndEarnsTheIncrement() {
        Client[] p = pair("10s+2s");
        driver.advance(Duration.ofSeconds(3));
        p[0].move(4);
        Snapshot.Clock c = p[1].view().clock();
        assertThat(c)
                .isEqualTo(
                        new Snapshot.Clock(
                                "10s+2s",
                                9_000L,
                                10_000L,
                                Seat.O,
                                START + 3_000,
                                START + 13_000,
                                null));

        // O's deadline moved with the turn: 10 s from its start, not from the game's.
        driver.advance(Duration.ofSeconds(10).minus(MILLI));
        assertThat(driver.snapshot().status()).isEqualTo(RoomStatus.PLAYING);
        driver.advance(MILLI);
        assertThat(driver.snapshot().result().winner()).isEqualTo(Seat.X);
    }

    @Test
    void aMoveAfterTheFlagIsRefused() {
        Client[] p = pair("5s/move");
        driver.advance(Duration.ofSeconds(5));
        p[0].move(4);
        assertThat(p[0].lastError()).isEqualTo(ErrorCode.GAME_OVER);
        assertThat(driver.snapshot().board()).containsExactly("...", "...", "...");
    }

    @Test
    void aMoveArrivingAtTheDeadlineLosesEvenBeforeTheTimerRuns() {
        Client[] p = pair("5s/move");
        // Time reaches the deadline but the timer has not run yet: the move is checked first.
        driver.nowNanos += Duration.ofSeconds(5).toNanos();
        p[0].move(4);
        assertThat(p[0].lastError()).isEqualTo(ErrorCode.GAME_OVER);
        assertThat(driver.snapshot().result())
                .isEqualTo(new Snapshot.Result(Seat.O, ResultReason.TIMEOUT, java.util.List.of()));
    }

    @Test
    void aLimitPerMoveStartsAfreshEveryTurn() {
        Client[] p = pair("5s/move");
        driver.advance(Duration.ofSeconds(4));
        p[0].move(4);
        driver.advance(Duration.ofSeconds(4));
        p[1].move(0);
        assertThat(driver.snapshot().clock())
                .isEqualTo(
                        new Snapshot.Clock(
                                "5s/move",
                                null,
                                null,
                                Seat.X,
                                START + 8_000,
                                START + 13_000,
                                null));
    }

    @Test
    void aTakebackGivesNoTimeBackAndStartsAFreshTurn() {
        Client[] p = pair("10s+2s");
        driver.advance(Duration.ofSeconds(1));
        p[0].move(4);
        driver.advance(Duration.ofSeconds(2));
        p[0].send(new ClientMessage.Undo());
        p[1].send(new ClientMessage.UndoReply(true));
        // X had 11 s after its move; O was charged 2 s; X's fresh turn starts now, without an
        // increment.
        assertThat(driver.snapshot().clock())
                .isEqualTo(
                        new Snapshot.Clock(
                                "10s+2s",
                                11_000L,
                                8_000L,
                                Seat.X,
                                START + 3_000,
                                START + 14_000,
                                null));
    }

    @Test
    void resigningStopsTheClockAndARematchStartsBothFull() {
        Client[] p = pair("10s+2s");
        driver.advance(Duration.ofSeconds(4));
        p[0].send(new ClientMessage.Resign());
        assertThat(driver.snapshot().clock())
                .isEqualTo(new Snapshot.Clock("10s+2s", 6_000L, 10_000L, null, START, null, null));
        // A stopped clock has no timer: nothing happens at the old deadline.
        driver.advance(Duration.ofSeconds(30));
        assertThat(driver.snapshot().result().reason()).isEqualTo(ResultReason.RESIGN);

        p[0].send(new ClientMessage.Rematch());
        p[1].send(new ClientMessage.Rematch());
        assertThat(driver.snapshot().clock())
                .isEqualTo(
                        new Snapshot.Clock(
                                "10s+2s",
                                10_000L,
                                10_000L,
                                Seat.O,
                                START + 34_000,
                                START + 44_000,
                                null));
    }

    @Test
    void aTimeControlThatDoesNotReadIsRefusedNamingTheField() {
        driver = new RoomDriver(RoomDriver.classic());
        assertThatThrownBy(
                        () ->
                                RoomSettings.resolve(
                                        new NewRoom(3, 3, "X", "X", true, true, null, "5s", null),
                                        new SplittableRandom(1)))
                .isInstanceOf(ProtocolException.class)
                .hasMessage("settings.clock: base time must be 10s..3h, was 5s")
                .extracting(e -> ((ProtocolException) e).code())
                .isEqualTo(ErrorCode.INVALID_SETTINGS);
        assertThat(
                        RoomSettings.resolve(
                                        new NewRoom(
                                                3,
                                                3,
                                                "X",
                                                "X",
                                                true,
                                                true,
                                                null,
                                                "180s+2000ms",
                                                null),
                                        new SplittableRandom(1))
                                .clock())
                .hasToString("3m+2s");
    }
}
