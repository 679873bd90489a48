package dev.tictactoe.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ServerClockTest {

    @Test
    void trustsTheLocalClockUntilTheServerSaysOtherwise() {
        assertThat(new ServerClock().now(1_000)).isEqualTo(1_000);
    }

    @Test
    void aTurnsStartIsTakenAsTheArrivalOfItsDiff() {
        ServerClock clock = new ServerClock();
        // The server is 7 s ahead: the turn started at 57,000 by its clock, 50,000 by ours.
        clock.turnStarted(57_000, 50_000);
        assertThat(clock.now(53_000)).isEqualTo(60_000);
        clock.turnStarted(70_100, 63_000);
        assertThat(clock.now(63_000)).isEqualTo(70_100);
    }

    @Test
    void serverTimeWinsOverTurnStarts() {
        ServerClock clock = new ServerClock();
        clock.serverTime(10_000, 12_500);
        assertThat(clock.now(13_000)).isEqualTo(10_500);
        clock.turnStarted(99_000, 13_000);
        assertThat(clock.now(13_000)).as("a measured offset is kept").isEqualTo(10_500);
        clock.serverTime(20_000, 20_000);
        assertThat(clock.now(21_000)).isEqualTo(21_000);
    }
}
