package dev.tictactoe.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.Snapshot;

import org.junit.jupiter.api.Test;

class ClockFaceTest {
    private static final long START = 1_795_000_010_500L;

    @Test
    void theRunningSideCountsDownFromItsClockAtTheTurnsStart() {
        Snapshot.Clock clock =
                new Snapshot.Clock(
                        "3m+2s", 171_500L, 180_000L, Seat.O, START, START + 180_000, null);
        ClockFace now = ClockFace.at(clock, START);
        assertThat(now.x()).isEqualTo(171_500);
        assertThat(now.o()).isEqualTo(180_000);
        ClockFace later = ClockFace.at(clock, START + 12_300);
        assertThat(later.x()).as("the waiting side keeps its time").isEqualTo(171_500);
        assertThat(later.o()).isEqualTo(167_700);
        assertThat(later.running()).isEqualTo(Seat.O);
        assertThat(later.moveLeft()).as("no limit per move").isNull();
        assertThat(ClockFace.at(clock, START + 500_000).o()).as("never below zero").isZero();
        // A clock behind the server's turn start (a skewed machine) does not add time.
        assertThat(ClockFace.at(clock, START - 5_000).o()).isEqualTo(180_000);
    }

    @Test
    void aLimitPerMoveCountsDownToTheDeadline() {
        Snapshot.Clock clock =
                new Snapshot.Clock("20s/move", null, null, Seat.X, START, START + 20_000, null);
        ClockFace face = ClockFace.at(clock, START + 6_000);
        assertThat(face.left(Seat.X)).as("no game clock").isNull();
        assertThat(face.left(Seat.O)).isNull();
        assertThat(face.moveLeft()).isEqualTo(14_000);
        // Both: the deadline is whichever comes first, here the game clock.
        Snapshot.Clock both =
                new Snapshot.Clock(
                        "5m+3s,30s/move", 12_000L, 200_000L, Seat.X, START, START + 12_000, null);
        assertThat(ClockFace.at(both, START + 2_000).moveLeft()).isEqualTo(10_000);
        assertThat(ClockFace.at(both, START + 2_000).x()).isEqualTo(10_000);
    }

    @Test
    void aStoppedOrFlaggedClockStandsStill() {
        Snapshot.Clock flagged = new Snapshot.Clock("1m", 0L, 41_000L, null, START, null, Seat.X);
        ClockFace face = ClockFace.at(flagged, START + 99_000);
        assertThat(face.x()).isZero();
        assertThat(face.o()).isEqualTo(41_000);
        assertThat(face.moveLeft()).isNull();
        assertThat(face.flagged()).isEqualTo(Seat.X);
        Snapshot.Clock notStarted =
                new Snapshot.Clock("3m+2s,20s/move", 180_000L, 180_000L, null, null, null, null);
        assertThat(ClockFace.at(notStarted, START))
                .isEqualTo(new ClockFace("3m+2s,20s/move", 180_000L, 180_000L, null, null, null));
        assertThat(ClockFace.at(null, START)).isNull();
    }

    @Test
    void readingsRoundUpToTheSecondAndShowHoursFromAnHour() {
        assertThat(ClockFace.format(180_000)).isEqualTo("3:00");
        assertThat(ClockFace.format(179_001)).isEqualTo("3:00");
        assertThat(ClockFace.format(179_000)).isEqualTo("2:59");
        assertThat(ClockFace.format(1)).isEqualTo("0:01");
        assertThat(ClockFace.format(0)).isEqualTo("0:00");
        assertThat(ClockFace.format(-20)).isEqualTo("0:00");
        assertThat(ClockFace.format(3_599_000)).isEqualTo("59:59");
        assertThat(ClockFace.format(3_600_000)).isEqualTo("1:00:00");
        assertThat(ClockFace.format(10_800_000)).isEqualTo("3:00:00");
        assertThat(ClockFace.format(3_725_000)).isEqualTo("1:02:05");
    }
}
