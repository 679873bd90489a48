package dev.tictactoe.server.room;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.Event;
import dev.tictactoe.protocol.ResultReason;
import dev.tictactoe.protocol.RoomStatus;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.protocol.Snapshot;
import dev.tictactoe.server.clock.IdleClaim;
import dev.tictactoe.server.clock.TimeControl;
import dev.tictactoe.server.game.Rules;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

/** Claiming an untimed game from an idle opponent, with time frozen on the embedded loop. */
class IdleClaimRoomTest {

    private static final Duration AFTER = IdleClaim.DEFAULT_AFTER;
    private static final Duration MILLI = Duration.ofMillis(1);
    private static final long START = RoomDriver.START_MILLIS;

    private RoomDriver driver = new RoomDriver(RoomDriver.classic());

    @AfterEach
    void close() {
        driver.close();
    }

    private Client[] pair() {
        return new Client[] {driver.join("ana"), driver.join("bo")};
    }

    @Test
    void theSnapshotSaysWhenTheSideToMoveCanBeClaimed() {
        Client[] p = pair();
        assertThat(p[1].view().claimableAt()).isEqualTo(START + AFTER.toMillis());
        driver.advance(Duration.ofSeconds(5));
        p[0].move(4);
        assertThat(p[1].view().claimableAt()).isEqualTo(START + 5_000 + AFTER.toMillis());
        p[0].send(new ClientMessage.Resign());
        assertThat(p[1].view().claimableAt()).isNull();
    }

    @Test
    void theOpponentClaimsFromTheInstantTheIdleTimeIsUp() {
        Client[] p = pair();
        driver.advance(AFTER.minus(MILLI));
        p[1].send(new ClientMessage.Claim());
        assertThat(p[1].lastError()).isEqualTo(ErrorCode.CLAIM_TOO_EARLY);
        assertThat(p[1].lastOf(ServerMessage.ErrorMessage.class).message())
                .isEqualTo("the game can be claimed in 1s");
        assertThat(driver.snapshot().status()).isEqualTo(RoomStatus.PLAYING);

        driver.advance(MILLI);
        p[1].send(new ClientMessage.Claim());
        Snapshot s = driver.snapshot();
        assertThat(s.result())
                .isEqualTo(new Snapshot.Result(Seat.O, ResultReason.ABANDONED, List.of()));
        assertThat(s.score().o()).isEqualTo(1);
        assertThat(p[0].lastOf(ServerMessage.Diff.class).event())
                .isEqualTo(new Event.GameOver(Seat.O, ResultReason.ABANDONED));
        assertThat(p[0].view()).isEqualTo(s);
    }

    @Test
    void nobodyClaimsOnTheirOwnTurnNorASpectator() {
        Client[] p = pair();
        Client eve = driver.join("eve");
        driver.advance(AFTER);
        p[0].send(new ClientMessage.Claim());
        assertThat(p[0].lastError()).isEqualTo(ErrorCode.CLAIM_NOT_ALLOWED);
        eve.send(new ClientMessage.Claim());
        assertThat(eve.lastError()).isEqualTo(ErrorCode.NOT_A_PLAYER);
        p[0].send(new ClientMessage.Resign());
        p[1].send(new ClientMessage.Claim());
        assertThat(p[1].lastError()).isEqualTo(ErrorCode.GAME_OVER);
    }

    @Test
    void aTimedGameOrABotCannotBeClaimed() {
        driver.close();
        driver =
                new RoomDriver(
                        new RoomSettings(
                                Rules.CLASSIC,
                                Seat.X,
                                Seat.X,
                                true,
                                true,
                                null,
                                TimeControl.parse("5m")));
        Client[] p = pair();
        assertThat(p[1].view().claimableAt()).isNull();
        driver.advance(AFTER);
        p[1].send(new ClientMessage.Claim());
        assertThat(p[1].lastError()).isEqualTo(ErrorCode.CLAIM_NOT_ALLOWED);

        driver.close();
        driver =
                new RoomDriver(
                        new RoomSettings(
                                Rules.CLASSIC, Seat.O, Seat.X, true, true, BotLevel.EASY, null));
        Client ana = driver.join("ana");
        driver.advance(AFTER);
        ana.send(new ClientMessage.Claim());
        assertThat(ana.lastError()).isEqualTo(ErrorCode.CLAIM_NOT_ALLOWED);
    }
}
