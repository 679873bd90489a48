package dev.tictactoe.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import java.time.Duration;

class DurationsTest {

    @Test
    void readsShortFormsBareSecondsAndIso() {
        assertThat(Durations.parse("500ms")).isEqualTo(Duration.ofMillis(500));
        assertThat(Durations.parse("30s")).isEqualTo(Duration.ofSeconds(30));
        assertThat(Durations.parse("1.5s")).isEqualTo(Duration.ofMillis(1500));
        assertThat(Durations.parse("2m")).isEqualTo(Duration.ofMinutes(2));
        assertThat(Durations.parse("1h")).isEqualTo(Duration.ofHours(1));
        assertThat(Durations.parse(" 30 ")).isEqualTo(Duration.ofSeconds(30));
        assertThat(Durations.parse("PT30S")).isEqualTo(Duration.ofSeconds(30));
        assertThat(Durations.parse("pt0.2s")).isEqualTo(Duration.ofMillis(200));
        assertThat(Durations.parse("0")).isEqualTo(Duration.ZERO);
    }

    @Test
    void refusesWhatIsNotADurationNamingIt() {
        for (String bad :
                new String[] {"soon", "", "s", "-5s", "PT-1S", "1.2.3s", "30 x", "1e3s"}) {
            assertThatThrownBy(() -> Durations.parse(bad))
                    .as(bad)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("\"" + bad + "\"")
                    .hasMessageContaining("PT30S");
        }
    }
}
