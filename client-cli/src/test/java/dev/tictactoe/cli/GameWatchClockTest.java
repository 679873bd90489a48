package dev.tictactoe.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.protocol.PlayerKind;
import dev.tictactoe.protocol.QuickPhrase;
import dev.tictactoe.protocol.RoomStatus;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.protocol.Snapshot;

import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import java.util.List;

class GameWatchClockTest {

    private static Snapshot.Clock running(Seat seat, long turnStartedAt) {
        return new Snapshot.Clock(
                "3m+2s", 180_000L, 180_000L, seat, turnStartedAt, turnStartedAt + 180_000, null);
    }

    /** {@code message} took the room from {@code before} to {@code now}. */
    private static void received(
            GameWatch clock,
            ServerMessage message,
            @Nullable Snapshot before,
            @Nullable Snapshot now,
            long arrived) {
        clock.passed(before);
        clock.received(message, now, arrived);
    }

    @Test
    void theServersTimeComesFromAWelcomeOrSnapshot() {
        GameWatch clock = new GameWatch();
        assertThat(clock.now(1_000)).as("the local clock until told").isEqualTo(1_000);
        Snapshot s = Snapshots.playing(Seat.X, "...", "...", "...");
        received(clock, new ServerMessage.SnapshotMessage(50_000L, s), null, s, 40_000);
        assertThat(clock.now(41_000)).isEqualTo(51_000);
        received(clock, new ServerMessage.Diff(3, List.of(), null), s, s, 90_000);
        received(clock, new ServerMessage.SnapshotMessage(null, s), s, s, 90_000);
        assertThat(clock.now(41_000)).as("nothing else moves it").isEqualTo(51_000);
        received(
                clock,
                new ServerMessage.Welcome(1, "ABC234", null, null, 90_000L, s),
                s,
                s,
                90_000);
        assertThat(clock.now(91_000)).isEqualTo(91_000);
    }

    @Test
    void aDiffThatStartsATurnSetsTheClockOnlyWhenTheTurnIsNew() {
        Snapshot before =
                Snapshots.timed(
                        Snapshots.playing(Seat.X, "...", "...", "..."),
                        running(Seat.X, 57_000),
                        null);
        Snapshot next =
                Snapshots.timed(
                        Snapshots.playing(Seat.O, "X..", "...", "..."),
                        running(Seat.O, 70_000),
                        null);
        GameWatch clock = new GameWatch();
        ServerMessage diff = new ServerMessage.Diff(2, List.of(), null);
        received(clock, diff, before, before, 10_000);
        assertThat(clock.now(10_000)).as("the same turn").isEqualTo(10_000);
        received(clock, new ServerMessage.Phrase(Seat.O, QuickPhrase.OOPS), before, next, 60_000);
        assertThat(clock.now(60_000)).as("not a diff").isEqualTo(60_000);
        received(clock, diff, before, next, 60_000);
        assertThat(clock.now(60_000)).isEqualTo(70_000);
        assertThat(GameWatch.newTurn(null, next)).isNotNull();
        assertThat(GameWatch.newTurn(before, Snapshots.playing(Seat.O, "X..", "...", "...")))
                .as("no clock")
                .isNull();
    }

    @Test
    void aDisconnectedSeatCountsDownToItsGraceEnd() {
        Snapshot.Player gone = new Snapshot.Player("ben", PlayerKind.HUMAN, null, false, 90_000L);
        boolean counting =
                GameWatch.countingDown(
                        Snapshots.of(
                                RoomStatus.PLAYING,
                                Seat.X,
                                List.of("...", "...", "..."),
                                null,
                                null,
                                Snapshots.ANA,
                                gone));
        assertThat(counting).isTrue();
    }

    @Test
    void aRunningClockOrAPendingClaimCountsDownAndNothingElseDoes() {
        Snapshot quiet = Snapshots.playing(Seat.X, "...", "...", "...");
        assertThat(GameWatch.countingDown(null)).isFalse();
        assertThat(GameWatch.countingDown(quiet)).isFalse();
        assertThat(GameWatch.countingDown(Snapshots.timed(quiet, running(Seat.X, 1_000), null)))
                .isTrue();
        assertThat(GameWatch.countingDown(Snapshots.timed(quiet, null, 60_000L))).isTrue();
        Snapshot over = Snapshots.xWonTopRow();
        assertThat(GameWatch.countingDown(Snapshots.timed(over, null, 60_000L)))
                .as("no claims once the game is over")
                .isFalse();
    }

    @Test
    void trustsTheLocalClockUntilTheServerSaysOtherwise() {
        assertThat(new GameWatch().now(1_000)).isEqualTo(1_000);
    }

    /** What a diff that starts {@code seat}'s turn at {@code at} by the server's clock leaves. */
    private static Snapshot turn(Seat seat, long at) {
        return Snapshots.timed(
                Snapshots.playing(seat, "...", "...", "..."), running(seat, at), null);
    }

    @Test
    void aTurnsStartIsTakenAsTheArrivalOfItsDiff() {
        GameWatch clock = new GameWatch();
        ServerMessage diff = new ServerMessage.Diff(2, List.of(), null);
        // The server is 7 s ahead: the turn started at 57,000 by its clock, 50,000 by ours.
        received(clock, diff, null, turn(Seat.X, 57_000), 50_000);
        assertThat(clock.now(53_000)).isEqualTo(60_000);
        received(clock, diff, turn(Seat.X, 57_000), turn(Seat.O, 70_100), 63_000);
        assertThat(clock.now(63_000)).isEqualTo(70_100);
    }

    @Test
    void serverTimeWinsOverTurnStarts() {
        GameWatch clock = new GameWatch();
        Snapshot s = Snapshots.playing(Seat.X, "...", "...", "...");
        received(clock, new ServerMessage.SnapshotMessage(10_000L, s), null, s, 12_500);
        assertThat(clock.now(13_000)).isEqualTo(10_500);
        ServerMessage diff = new ServerMessage.Diff(2, List.of(), null);
        received(clock, diff, s, turn(Seat.X, 99_000), 13_000);
        assertThat(clock.now(13_000)).as("a measured offset is kept").isEqualTo(10_500);
        received(clock, new ServerMessage.SnapshotMessage(20_000L, s), s, s, 20_000);
        assertThat(clock.now(21_000)).isEqualTo(21_000);
    }
}
