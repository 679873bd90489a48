package dev.tictactoe.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.protocol.CloseCodes;

import org.junit.jupiter.api.Test;

import java.time.Duration;

class ConnectionStatusTest {

    @Test
    void aLostConnectionCountsItsAttempts() {
        ConnectionStatus status = new ConnectionStatus();
        assertThat(status.text()).isEqualTo("connecting");
        status.connected();
        assertThat(status.text()).isEqualTo("connected");
        assertThat(
                        status.reconnecting(
                                "connection lost (connection lost)",
                                CloseCodes.ABNORMAL,
                                1,
                                10,
                                Duration.ofSeconds(2)))
                .isEqualTo("connection lost (connection lost); reconnecting...");
        assertThat(status.text()).isEqualTo("reconnecting in 2 s (attempt 1 of 10)");
        assertThat(status.attempting(1, 10)).isTrue();
        assertThat(status.text()).isEqualTo("reconnecting (attempt 1 of 10)");
        status.closed();
        assertThat(status.text()).isEqualTo("closed");
    }

    @Test
    void aRestartingServerIsSaidOnceAndKeptUntilTheNextWelcome() {
        ConnectionStatus status = new ConnectionStatus();
        status.connected();
        assertThat(status.reconnecting("going away", CloseCodes.GOING_AWAY, 1, 10, Duration.ZERO))
                .isEqualTo("server restarting \u2014 reconnecting\u2026");
        assertThat(status.text())
                .isEqualTo("server restarting \u2014 reconnecting\u2026 (attempt 1 of 10)");
        assertThat(status.attempting(1, 10)).as("the line keeps saying why").isFalse();
        assertThat(status.reconnecting("reconnect failed", 0, 2, 10, Duration.ofSeconds(1)))
                .as("no new notice for a failed attempt")
                .isNull();
        assertThat(status.text())
                .isEqualTo("server restarting \u2014 reconnecting\u2026 (attempt 2 of 10)");
        status.connected();
        status.reconnecting("lost", CloseCodes.ABNORMAL, 1, 10, Duration.ofSeconds(1));
        assertThat(status.text()).isEqualTo("reconnecting in 1 s (attempt 1 of 10)");
    }

    @Test
    void waitsAreInWholeSecondsOrTenths() {
        assertThat(ConnectionStatus.seconds(Duration.ofSeconds(8))).isEqualTo("8 s");
        assertThat(ConnectionStatus.seconds(Duration.ofMillis(500)))
                .isEqualTo(String.format("%.1f s", 0.5));
    }
}
