package dev.tictactoe.bench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

class LatencySummaryTest {

    @Test
    void percentilesOfAUniformSpreadAreWhereTheyShouldBe() {
        Histogram h = new Histogram(LoadStats.HIGHEST_NANOS, 3);
        // 1 µs .. 10,000 µs, one of each: p50 = 5,000 µs, p99 = 9,900 µs, max = 10,000 µs.
        for (int us = 1; us <= 10_000; us++) {
            h.recordValue(us * 1_000L);
        }
        LatencySummary s = LatencySummary.of(h);
        assertThat(s.count()).isEqualTo(10_000);
        // Three significant digits: each value within 0.1 %.
        assertThat(s.p50()).isCloseTo(5_000, within(5.0));
        assertThat(s.p90()).isCloseTo(9_000, within(9.0));
        assertThat(s.p99()).isCloseTo(9_900, within(10.0));
        assertThat(s.p999()).isCloseTo(9_990, within(10.0));
        assertThat(s.max()).isCloseTo(10_000, within(10.0));
        assertThat(s.mean()).isCloseTo(5_000.5, within(5.0));
    }

    @Test
    void aFewSlowMovesShowInTheTailOnly() {
        Histogram h = new Histogram(LoadStats.HIGHEST_NANOS, 3);
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 9_990; i++) {
            h.recordValue(100_000 + random.nextInt(10_000)); // 100..110 µs
        }
        for (int i = 0; i < 10; i++) {
            h.recordValue(50_000_000); // 50 ms
        }
        LatencySummary s = LatencySummary.of(h);
        assertThat(s.p50()).isBetween(100.0, 110.2);
        assertThat(s.p99()).isBetween(100.0, 110.2);
        assertThat(s.p999()).isBetween(100.0, 110.2);
        assertThat(s.max()).isCloseTo(50_000, within(50.0));
    }

    @Test
    void anEmptyHistogramHasNoPercentiles() {
        LatencySummary s = LatencySummary.of(new Histogram(LoadStats.HIGHEST_NANOS, 3));
        assertThat(s.count()).isZero();
        assertThat(s.p50()).isNaN();
        assertThat(s.max()).isNaN();
    }
}
