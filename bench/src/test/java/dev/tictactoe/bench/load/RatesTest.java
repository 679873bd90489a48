package dev.tictactoe.bench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class RatesTest {

    @Test
    void perSecondDividesByTheWindow() {
        assertThat(Rates.perSecond(3_000, 1_500_000_000L)).isCloseTo(2_000.0, within(1e-9));
        assertThat(Rates.perSecond(0, 1_000_000_000L)).isZero();
        assertThat(Rates.perSecond(10, 0)).isNaN();
    }

    @Test
    void cpuPerMoveIsTheDifferenceOverTheMoves() {
        // 2 ms of CPU for 100 moves: 20 µs a move.
        assertThat(Rates.cpuMicrosPerMove(5_000_000, 7_000_000, 100)).isCloseTo(20.0, within(1e-9));
    }

    @Test
    void cpuPerMoveIsUnknownWithoutMovesOrReadings() {
        assertThat(Rates.cpuMicrosPerMove(0, 1_000, 0)).isNaN();
        assertThat(Rates.cpuMicrosPerMove(-1, 1_000, 10)).isNaN();
        assertThat(Rates.cpuMicrosPerMove(2_000, 1_000, 10)).isNaN();
    }

    @Test
    void utilizationIsCpuOverWallTime() {
        assertThat(Rates.utilization(1_000_000_000L, 1_750_000_000L, 1_000_000_000L))
                .isCloseTo(0.75, within(1e-12));
        assertThat(Rates.utilization(0, 10, 0)).isNaN();
    }

    @Test
    void perConnectionIsTheGrowthShared() {
        assertThat(Rates.perConnection(100_000_000L, 138_000_000L, 19_000))
                .isCloseTo(2_000.0, within(1e-9));
        assertThat(Rates.perConnection(-1, 5, 5)).isNaN();
        assertThat(Rates.perConnection(1, 5, 0)).isNaN();
    }

    @Test
    void ratioNeedsBothSides() {
        assertThat(Rates.ratio(150, 100)).isCloseTo(1.5, within(1e-12));
        assertThat(Rates.ratio(Double.NaN, 100)).isNaN();
        assertThat(Rates.ratio(1, 0)).isNaN();
    }
}
