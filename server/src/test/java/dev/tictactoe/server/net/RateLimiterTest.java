package dev.tictactoe.server.net;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.server.net.RateLimiter.Verdict;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

class RateLimiterTest {

    private long now = 1_000_000_000L;
    private final RateLimiter limiter = new RateLimiter(20, 40, 3, () -> now);

    @Test
    void allowsTheBurstThenRefusesAndSaysSoOncePerSecond() {
        for (int i = 0; i < 40; i++) {
            assertThat(limiter.acquire()).isEqualTo(Verdict.ALLOW);
        }
        assertThat(limiter.acquire()).isEqualTo(Verdict.LIMIT);
        assertThat(limiter.acquire()).isEqualTo(Verdict.DROP);
        assertThat(limiter.acquire()).isEqualTo(Verdict.DROP);
    }

    @Test
    void refillsAtTheSustainedRate() {
        for (int i = 0; i < 40; i++) {
            limiter.acquire();
        }
        now += 50_000_000L; // 50 ms at 20/s is one message
        assertThat(limiter.acquire()).isEqualTo(Verdict.ALLOW);
        assertThat(limiter.acquire()).isNotEqualTo(Verdict.ALLOW);
    }

    @Test
    void aClientWithinTheRateIsNeverRefused() {
        for (int i = 0; i < 10_000; i++) {
            now += 50_000_000L;
            assertThat(limiter.acquire()).isEqualTo(Verdict.ALLOW);
        }
    }

    @Test
    void overTheLimitInThreeSecondsOfOneMinuteIsAbuse() {
        List<Verdict> verdicts = new ArrayList<>();
        for (int second = 0; second < 3; second++) {
            for (int i = 0; i < 100; i++) {
                verdicts.add(limiter.acquire());
            }
            now += 1_000_000_000L;
        }
        assertThat(verdicts).contains(Verdict.LIMIT).last().isEqualTo(Verdict.DROP);
        assertThat(verdicts.stream().filter(v -> v == Verdict.ABUSE).count()).isEqualTo(1);
    }

    @Test
    void strikesSpreadOverMoreThanAMinuteAreForgiven() {
        for (int round = 0; round < 5; round++) {
            for (int i = 0; i < 100; i++) {
                assertThat(limiter.acquire()).isNotEqualTo(Verdict.ABUSE);
            }
            now += 40_000_000_000L;
        }
    }
}
