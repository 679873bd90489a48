package dev.tictactoe.server.clock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import java.time.Duration;

class IdleClaimTest {

    private static final long T0 = -5_000_000_000L;
    private static final long SECOND = 1_000_000_000L;

    @Test
    void aClaimIsAllowedFromTheExactInstantTheIdleTimeHasPassed() {
        IdleClaim idle = new IdleClaim(T0, 1_795_000_000_000L, IdleClaim.DEFAULT_AFTER);
        assertThat(idle.untilClaimable(T0 + 60 * SECOND - 1)).isPositive();
        assertThat(idle.untilClaimable(T0 + 60 * SECOND - 1)).isEqualTo(Duration.ofNanos(1));
        assertThat(idle.untilClaimable(T0 + 60 * SECOND)).isZero();
        assertThat(idle.untilClaimable(T0 + 61 * SECOND)).isZero();
        assertThat(idle.untilClaimable(T0)).isEqualTo(Duration.ofSeconds(60));
        assertThat(idle.claimableAt()).isEqualTo(1_795_000_060_000L);
    }

    @Test
    void theDefaultIsAMinute() {
        assertThat(IdleClaim.DEFAULT_AFTER).isEqualTo(Duration.ofSeconds(60));
    }

    @Test
    void theIdleTimeHasLimits() {
        assertThat(IdleClaim.validate(IdleClaim.MIN_AFTER)).isEqualTo(Duration.ofSeconds(10));
        assertThat(IdleClaim.validate(IdleClaim.MAX_AFTER)).isEqualTo(Duration.ofHours(1));
        assertThatThrownBy(() -> new IdleClaim(0, 0, Duration.ofSeconds(9)))
                .hasMessage("idle claim time must be 10s..1h, was 9s");
        assertThatThrownBy(() -> IdleClaim.validate(Duration.ofMinutes(61)))
                .hasMessage("idle claim time must be 10s..1h, was 1h1m");
        assertThatThrownBy(() -> IdleClaim.validate(null)).hasMessageContaining("was nothing");
    }
}
