package dev.tictactoe.server.clock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.Snapshot;

import org.junit.jupiter.api.Test;

import java.time.Duration;

class GameClockTest {

    /**
     * An arbitrary origin, near the top of the range, so differences are exercised across overflow.
     */
    private static final long T0 = Long.MAX_VALUE - 10_000_000_000L;

    private static final long EPOCH0 = 1_795_000_000_000L;
    private static final long SECOND = 1_000_000_000L;
    private static final long MILLI = 1_000_000L;

    private static GameClock started(String control) {
        GameClock clock = new GameClock(TimeControl.parse(control));
        clock.start(Seat.X, T0, EPOCH0);
        return clock;
    }

    @Test
    void aGameClockRunsOutOnTheExactTick() {
        GameClock clock = started("10s");
        assertThat(clock.deadline()).hasValue(T0 + 10 * SECOND);
        assertThat(clock.flag(T0 + 10 * SECOND - 1)).isNull();
        assertThat(clock.flag(T0 + 10 * SECOND)).isEqualTo(Seat.X);
        assertThat(clock.turn()).isNull();
        assertThat(clock.view().flagged()).isEqualTo(Seat.X);
        assertThat(clock.view().x()).isZero();
        assertThat(clock.deadline()).isEmpty();
    }

    @Test
    void aMoveOneNanosecondBeforeTheDeadlineIsInTimeAndOneAtItIsNot() {
        GameClock inTime = started("10s");
        assertThat(inTime.moved(Seat.X, T0 + 10 * SECOND - 1))
                .isEqualTo(Duration.ofNanos(10 * SECOND - 1));
        assertThat(inTime.turn()).isEqualTo(Seat.O);

        GameClock late = started("10s");
        assertThat(late.moved(Seat.X, T0 + 10 * SECOND)).isNull();
        assertThat(late.view().flagged()).isEqualTo(Seat.X);
        assertThat(late.turn()).isNull();
    }

    @Test
    void aMoveArrivingAfterTheFlagIsRefused() {
        GameClock clock = started("10s");
        assertThat(clock.flag(T0 + 10 * SECOND)).isEqualTo(Seat.X);
        assertThat(clock.moved(Seat.X, T0 + 10 * SECOND + 1)).isNull();
        assertThat(clock.undone(Seat.X, T0 + 11 * SECOND)).isNull();
        assertThat(clock.view().flagged()).isEqualTo(Seat.X);
        assertThat(clock.flag(T0 + 12 * SECOND)).isNull();
    }

    @Test
    void theIncrementIsAddedAfterEachMoveInTime() {
        GameClock clock = started("1m+2s");
        clock.moved(Seat.X, T0 + 5 * SECOND);
        assertThat(clock.deadline()).hasValue(T0 + 65 * SECOND);
        clock.moved(Seat.O, T0 + 65 * SECOND - 1);
        assertThat(clock.deadline()).hasValue(T0 + 65 * SECOND - 1 + 57 * SECOND);
        Snapshot.Clock view = clock.view();
        assertThat(view.x()).isEqualTo(57_000);
        assertThat(view.o()).isEqualTo(2_001); // rounded up: not out yet
    }

    @Test
    void theOtherSidesTimeDoesNotRun() {
        GameClock clock = started("1m");
        clock.moved(Seat.X, T0 + 20 * SECOND);
        assertThat(clock.view().x()).isEqualTo(40_000);
        assertThat(clock.view().o()).isEqualTo(60_000);
        assertThat(clock.deadline()).hasValue(T0 + 80 * SECOND);
    }

    @Test
    void theLimitPerMoveResetsEveryTurn() {
        GameClock clock = started("20s/move");
        for (int turn = 0; turn < 10; turn++) {
            long start = T0 + turn * 19 * SECOND;
            Seat mover = turn % 2 == 0 ? Seat.X : Seat.O;
            assertThat(clock.deadline()).hasValue(start + 20 * SECOND);
            assertThat(clock.flag(start + 20 * SECOND - 1)).isNull();
            assertThat(clock.moved(mover, start + 19 * SECOND)).isNotNull();
        }
        assertThat(clock.view().x()).isNull();
        long start = T0 + 190 * SECOND;
        assertThat(clock.flag(start + 20 * SECOND)).isEqualTo(Seat.X);
    }

    @Test
    void theShorterOfGameClockAndLimitPerMoveDecides() {
        GameClock clock = started("30s,20s/move");
        assertThat(clock.deadline()).hasValue(T0 + 20 * SECOND);
        clock.moved(Seat.X, T0 + 19 * SECOND); // X has 11s left, less than the limit per move
        clock.moved(Seat.O, T0 + 20 * SECOND);
        assertThat(clock.deadline()).hasValue(T0 + 31 * SECOND);
        assertThat(clock.flag(T0 + 31 * SECOND)).isEqualTo(Seat.X);
        assertThat(clock.view().x()).isZero();
        assertThat(clock.view().o()).isEqualTo(29_000);
    }

    @Test
    void aFlagOnTheLimitPerMoveChargesOnlyThatLimit() {
        GameClock clock = started("1m,20s/move");
        assertThat(clock.flag(T0 + 25 * SECOND)).isEqualTo(Seat.X);
        assertThat(clock.view().x()).isEqualTo(40_000);
    }

    @Test
    void aTakebackChargesTheRunningSideAndRestartsTheTurnWithoutIncrement() {
        GameClock clock = started("1m+5s,20s/move");
        clock.moved(Seat.X, T0 + 10 * SECOND); // X 55s
        // X asks for a takeback and O accepts after 4s: X is to move again.
        assertThat(clock.undone(Seat.X, T0 + 14 * SECOND)).isEqualTo(Duration.ofSeconds(4));
        assertThat(clock.turn()).isEqualTo(Seat.X);
        assertThat(clock.view().x()).isEqualTo(55_000); // the increment it earned stays
        assertThat(clock.view().o()).isEqualTo(56_000);
        assertThat(clock.deadline()).hasValue(T0 + 34 * SECOND);
    }

    @Test
    void aTakebackAfterTheDeadlineIsAFlag() {
        GameClock clock = started("20s/move");
        assertThat(clock.undone(Seat.O, T0 + 20 * SECOND)).isNull();
        assertThat(clock.view().flagged()).isEqualTo(Seat.X);
    }

    @Test
    void stoppingChargesTheSideToMoveAtMostItsTime() {
        GameClock resigned = started("1m");
        resigned.stop(T0 + 7 * SECOND);
        assertThat(resigned.turn()).isNull();
        assertThat(resigned.view().flagged()).isNull();
        assertThat(resigned.view().x()).isEqualTo(53_000);
        resigned.stop(T0 + 9 * SECOND);
        assertThat(resigned.view().x()).isEqualTo(53_000);

        GameClock late = started("1m");
        late.stop(T0 + 70 * SECOND);
        assertThat(late.view().x()).isZero();
        assertThat(late.view().deadlineAt()).isNull();
    }

    @Test
    void theViewChangesOnlyWhenATurnStarts() {
        GameClock clock = started("3m+2s");
        Snapshot.Clock first = clock.view();
        assertThat(first)
                .isEqualTo(
                        new Snapshot.Clock(
                                "3m+2s",
                                180_000L,
                                180_000L,
                                Seat.X,
                                EPOCH0,
                                EPOCH0 + 180_000,
                                null));
        clock.flag(T0 + 5 * SECOND);
        assertThat(clock.view()).isEqualTo(first);
        clock.moved(Seat.X, T0 + 1_500 * MILLI);
        assertThat(clock.view())
                .isEqualTo(
                        new Snapshot.Clock(
                                "3m+2s",
                                180_500L,
                                180_000L,
                                Seat.O,
                                EPOCH0 + 1_500,
                                EPOCH0 + 181_500,
                                null));
    }

    @Test
    void theViewBeforeTheStartHasNoTimes() {
        GameClock clock = new GameClock(TimeControl.parse("20s/move"));
        assertThat(clock.view())
                .isEqualTo(new Snapshot.Clock("20s/move", null, null, null, null, null, null));
        assertThat(clock.deadline()).isEmpty();
    }

    @Test
    void theViewAfterAFlagNamesIt() {
        GameClock clock = started("20s/move");
        clock.moved(Seat.X, T0 + SECOND);
        clock.flag(T0 + 21 * SECOND);
        assertThat(clock.view())
                .isEqualTo(
                        new Snapshot.Clock(
                                "20s/move", null, null, null, EPOCH0 + 1_000, null, Seat.O));
    }

    @Test
    void aTimeFromBeforeTheTurnGivesNoTimeBack() {
        GameClock clock = started("1m");
        clock.moved(Seat.X, T0 + SECOND);
        assertThat(clock.moved(Seat.O, T0)).isEqualTo(Duration.ZERO);
        clock.stop(T0);
        assertThat(clock.view().o()).isEqualTo(60_000);
        assertThat(clock.view().x()).isEqualTo(59_000);
    }

    @Test
    void misuseIsAProgrammingError() {
        GameClock clock = new GameClock(TimeControl.parse("1m"));
        assertThatThrownBy(() -> clock.moved(Seat.X, T0)).hasMessage("the clock has not started");
        clock.start(Seat.X, T0, EPOCH0);
        assertThatThrownBy(() -> clock.start(Seat.X, T0, EPOCH0))
                .hasMessage("the clock has already started");
        assertThatThrownBy(() -> clock.moved(Seat.O, T0))
                .hasMessage("it is X's time that runs, not O's");
        clock.stop(T0 + SECOND);
        assertThatThrownBy(() -> clock.moved(Seat.X, T0 + 2 * SECOND))
                .hasMessage("the clock has stopped");
    }

    @Test
    void aFullGameAddsUp() {
        GameClock clock = started("1m+1s");
        long now = T0;
        for (int ply = 0; ply < 40; ply++) {
            now += (ply % 7 + 1) * 100 * MILLI;
            clock.moved(ply % 2 == 0 ? Seat.X : Seat.O, now);
        }
        // X spent 100+300+500+700+200+400+600+100+300+500+... ms over 20 moves; check by sum.
        long xSpent = 0;
        long oSpent = 0;
        for (int ply = 0; ply < 40; ply++) {
            long spent = (ply % 7 + 1) * 100;
            if (ply % 2 == 0) {
                xSpent += spent;
            } else {
                oSpent += spent;
            }
        }
        assertThat(clock.view().x()).isEqualTo(60_000 - xSpent + 20 * 1_000);
        assertThat(clock.view().o()).isEqualTo(60_000 - oSpent + 20 * 1_000);
    }
}
