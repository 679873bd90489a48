package dev.tictactoe.server.clock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;

class TimeControlTest {

    @Test
    void readsAGameClockWithIncrement() {
        TimeControl tc = TimeControl.parse("3m+2s");
        assertThat(tc)
                .isEqualTo(
                        new TimeControl(
                                Duration.ofMinutes(3), Duration.ofSeconds(2), Duration.ZERO));
        assertThat(tc.hasGameClock()).isTrue();
        assertThat(tc.hasMoveLimit()).isFalse();
    }

    @Test
    void readsALimitPerMove() {
        TimeControl tc = TimeControl.parse("20s/move");
        assertThat(tc)
                .isEqualTo(new TimeControl(Duration.ZERO, Duration.ZERO, Duration.ofSeconds(20)));
        assertThat(tc.hasGameClock()).isFalse();
        assertThat(tc.hasMoveLimit()).isTrue();
    }

    @Test
    void readsBothForgivingCaseAndSpaces() {
        assertThat(TimeControl.parse(" 5M + 3s , 30S/move "))
                .isEqualTo(
                        new TimeControl(
                                Duration.ofMinutes(5),
                                Duration.ofSeconds(3),
                                Duration.ofSeconds(30)));
        assertThat(TimeControl.parse("30s/move,5m"))
                .isEqualTo(
                        new TimeControl(
                                Duration.ofMinutes(5), Duration.ZERO, Duration.ofSeconds(30)));
    }

    @Test
    void readsCompoundDurations() {
        assertThat(TimeControl.parse("1m30s+500ms").base()).isEqualTo(Duration.ofSeconds(90));
        assertThat(TimeControl.parse("1m30s+500ms").increment()).isEqualTo(Duration.ofMillis(500));
        assertThat(TimeControl.parse("1h").base()).isEqualTo(Duration.ofHours(1));
        // The one duration grammar of the project reads fractions too.
        assertThat(TimeControl.parse("3.5m").base()).isEqualTo(Duration.ofSeconds(210));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "3m+2s",
                "20s/move",
                "3m+2s,20s/move",
                "1m30s",
                "10s",
                "3h+3m",
                "1s500ms/move",
                "1h/move"
            })
    void canonicalTextReadsBackToTheSameControl(String text) {
        TimeControl tc = TimeControl.parse(text);
        assertThat(tc.toString()).isEqualTo(text);
        assertThat(TimeControl.parse(tc.toString())).isEqualTo(tc);
    }

    @Test
    void aZeroIncrementIsLeftOut() {
        assertThat(TimeControl.parse("5m+0s")).hasToString("5m");
        assertThat(TimeControl.parse("90s")).hasToString("1m30s");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                " ",
                "3",
                "m",
                "3x",
                "3m+",
                "+2s",
                "3m+2s+1s",
                "20s/move,30s/move",
                "3m,5m",
                "-3m",
                "12345678s",
                "3m 2s",
                "/move",
                "٣m",
                "3m+2s,20s/move,,",
                "1m2"
            })
    void refusesWhatIsNotATimeControl(String text) {
        assertThatThrownBy(() -> TimeControl.parse(text))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "3m+2s,|an empty part in \"3m+2s,\"",
                "3m,,20s/move|an empty part in \"3m,,20s/move\"",
                ",20s/move|an empty part in \",20s/move\"",
                "3m+|missing an increment after \"+\" in \"3m+\"",
                "+2s|missing a base time before \"+\" in \"+2s\"",
                "/move|missing a limit before \"/move\" in \"/move\"",
                "3x|\"3x\" is not a duration (use 500ms, 30s, 2m, 1m30s, 1h or PT30S)"
            })
    void aMissingPartIsNamed(String text, String message) {
        assertThatThrownBy(() -> TimeControl.parse(text)).hasMessage(message);
    }

    @Test
    void refusesLongText() {
        String text = "1s" + " ".repeat(TimeControl.MAX_TEXT_LENGTH);
        assertThatThrownBy(() -> TimeControl.parse(text)).hasMessageContaining("at most 40");
    }

    @Test
    void enforcesTheLimitsOfTheGameClock() {
        assertThat(TimeControl.parse("10s").base()).isEqualTo(TimeControl.MIN_BASE);
        assertThat(TimeControl.parse("3h").base()).isEqualTo(TimeControl.MAX_BASE);
        assertThatThrownBy(() -> TimeControl.parse("9s"))
                .hasMessage("base time must be 10s..3h, was 9s");
        assertThatThrownBy(() -> TimeControl.parse("3h1ms"))
                .hasMessageContaining("base time must be 10s..3h");
        assertThat(TimeControl.parse("1m+3m").increment()).isEqualTo(TimeControl.MAX_INCREMENT);
        assertThatThrownBy(() -> TimeControl.parse("1m+3m1s"))
                .hasMessage("increment must be 0s..3m, was 3m1s");
    }

    @Test
    void enforcesTheLimitsPerMove() {
        assertThat(TimeControl.parse("1s/move").perMove()).isEqualTo(TimeControl.MIN_PER_MOVE);
        assertThat(TimeControl.parse("60m/move").perMove()).isEqualTo(TimeControl.MAX_PER_MOVE);
        assertThatThrownBy(() -> TimeControl.parse("999ms/move"))
                .hasMessage("time per move must be 1s..1h, was 999ms");
        assertThatThrownBy(() -> TimeControl.parse("61m/move"))
                .hasMessage("time per move must be 1s..1h, was 1h1m");
    }

    @Test
    void needsSomethingToTimeAndNoLoneIncrement() {
        assertThatThrownBy(() -> new TimeControl(Duration.ZERO, Duration.ZERO, Duration.ZERO))
                .hasMessageContaining("needs a game clock, a limit per move, or both");
        assertThatThrownBy(
                        () ->
                                new TimeControl(
                                        Duration.ZERO,
                                        Duration.ofSeconds(2),
                                        Duration.ofSeconds(20)))
                .hasMessage("an increment needs a game clock");
        assertThatThrownBy(
                        () ->
                                new TimeControl(
                                        Duration.ofMinutes(1),
                                        Duration.ofSeconds(-1),
                                        Duration.ZERO))
                .hasMessage("increment must be 0s..3m, was -1s");
        assertThatThrownBy(
                        () ->
                                new TimeControl(
                                        Duration.ZERO,
                                        Duration.ZERO,
                                        Duration.ofNanos(1_500_000_001L)))
                .hasMessage("times are whole milliseconds");
    }
}
