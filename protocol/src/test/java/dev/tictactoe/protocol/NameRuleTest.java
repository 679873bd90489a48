package dev.tictactoe.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The one rule for player names: {@link Protocol#normalizeName}. */
class NameRuleTest {

    private static final int MAX = 32;

    @ParameterizedTest
    @ValueSource(strings = {"ana", "  ana  ", "\tana\n", "Zoë", "李小龍", "a b", "🙂", "é"})
    void acceptsPrintableNamesAndTrimsTheEnds(String name) {
        assertThat(Protocol.normalizeName(name, MAX)).isEqualTo(name.strip());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "   ",
                "a\u0000b",
                "a\u0007",
                "\u202Eevil",
                "zero\u200Bwidth",
                "a\u200Db",
                "\u2066x\u2069",
                "\uFEFFbom",
                "line\u2028sep",
                "\uD800lone"
            })
    void refusesEmptyControlAndFormatCharacters(String name) {
        assertThat(Protocol.normalizeName(name, MAX)).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"x", "é", "🙂"})
    void countsCodePointsNotUtf16Units(String unit) {
        assertThat(Protocol.normalizeName(unit.repeat(MAX), MAX)).isEqualTo(unit.repeat(MAX));
        assertThat(Protocol.normalizeName(unit.repeat(MAX + 1), MAX)).isNull();
    }

    @Test
    void refusesAMissingName() {
        assertThat(Protocol.normalizeName(null, MAX)).isNull();
    }
}
