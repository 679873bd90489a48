package dev.tictactoe.server.net;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicLong;

class LogLimiterTest {

    @Test
    void oneLinePerAddressPerIntervalAndTheNextSaysHowManyWereHeldBack() {
        AtomicLong now = new AtomicLong();
        LogLimiter limiter = new LogLimiter(now::get);
        assertThat(limiter.admit("a")).isZero();
        for (int i = 0; i < 1000; i++) {
            assertThat(limiter.admit("a")).isEqualTo(-1);
        }
        assertThat(limiter.admit("b")).isZero();
        now.addAndGet(LogLimiter.INTERVAL_NANOS);
        assertThat(limiter.admit("a")).isEqualTo(1000);
        assertThat(limiter.admit("a")).isEqualTo(-1);
    }

    @Test
    void keysRememberedAreBounded() {
        LogLimiter limiter = new LogLimiter(() -> 0);
        for (int i = 0; i <= LogLimiter.MAX_KEYS; i++) {
            limiter.admit("k" + i);
        }
        // The first key was forgotten, so it may log again; a recent one may not.
        assertThat(limiter.admit("k0")).isZero();
        assertThat(limiter.admit("k" + LogLimiter.MAX_KEYS)).isEqualTo(-1);
    }
}
