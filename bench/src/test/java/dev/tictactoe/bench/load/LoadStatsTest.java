package dev.tictactoe.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicInteger;

class LoadStatsTest {

    @Test
    void onlyMovesInsideTheWindowAreMeasured() {
        LoadStats stats = new LoadStats(0, () -> {});
        stats.move(100, 200); // warmup: the window is not open yet
        stats.openWindow(1_000);
        stats.move(900, 1_100); // sent before the window opened
        stats.move(1_000, 1_250);
        stats.move(2_000, 2_500);
        stats.closeWindow(3_000);
        stats.move(2_900, 3_100); // seen after the window closed
        stats.interval();

        assertThat(stats.moves()).isEqualTo(2);
        assertThat(stats.allMoves()).isEqualTo(5);
        assertThat(stats.total().getTotalCount()).isEqualTo(2);
        assertThat(stats.total().getMaxValue()).isBetween(499L, 501L);
    }

    @Test
    void theMoveLimitClosesTheWindowOnce() {
        AtomicInteger reached = new AtomicInteger();
        LoadStats stats = new LoadStats(3, reached::incrementAndGet);
        stats.openWindow(0);
        for (int i = 1; i <= 5; i++) {
            stats.move(i * 10L, i * 10L + 5);
        }
        assertThat(reached).hasValue(1);
        assertThat(stats.windowEnd()).isEqualTo(35);
        assertThat(stats.moves()).isEqualTo(3);
    }

    @Test
    void intervalsAddUpToTheTotal() {
        LoadStats stats = new LoadStats(0, () -> {});
        stats.openWindow(0);
        stats.move(0, 1_000);
        assertThat(stats.interval().getTotalCount()).isEqualTo(1);
        stats.move(0, 2_000);
        stats.move(0, 3_000);
        assertThat(stats.interval().getTotalCount()).isEqualTo(2);
        assertThat(stats.interval().getTotalCount()).isZero();
        assertThat(stats.total().getTotalCount()).isEqualTo(3);
    }

    @Test
    void closesCountAsUnexpectedUntilTheRunCloses() {
        LoadStats stats = new LoadStats(0, () -> {});
        stats.closed();
        stats.closing();
        stats.closed();
        assertThat(stats.unexpectedCloses()).isEqualTo(1);
    }

    @Test
    void errorsAreCountedByCode() {
        LoadStats stats = new LoadStats(0, () -> {});
        stats.error("not_your_turn");
        stats.error("rate_limited");
        stats.error("not_your_turn");
        assertThat(stats.errors()).isEqualTo(3);
        assertThat(stats.errorsByCode())
                .containsExactly(
                        java.util.Map.entry("not_your_turn", 2L),
                        java.util.Map.entry("rate_limited", 1L));
    }
}
