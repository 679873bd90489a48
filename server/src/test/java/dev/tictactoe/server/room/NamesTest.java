package dev.tictactoe.server.room;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tictactoe.protocol.ErrorCode;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The one rule for player names. */
class NamesTest {

    private static final int MAX = 32;

    @ParameterizedTest
    @ValueSource(strings = {"ana", "  ana  ", "\tana\n", "Zoë", "李小龍", "a b", "🙂", "é"})
    void acceptsPrintableNamesAndTrimsTheEnds(String name) {
        assertThat(Names.check(name, MAX)).isEqualTo(name.strip());
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
        assertThatThrownBy(() -> Names.check(name, MAX))
                .isInstanceOfSatisfying(
                        Rejection.class, r -> assertThat(r.code).isEqualTo(ErrorCode.NAME_INVALID));
    }

    @ParameterizedTest
    @ValueSource(strings = {"x", "é", "🙂"})
    void countsCodePointsNotUtf16Units(String unit) {
        assertThat(Names.check(unit.repeat(MAX), MAX)).isEqualTo(unit.repeat(MAX));
        assertThatThrownBy(() -> Names.check(unit.repeat(MAX + 1), MAX))
                .isInstanceOf(Rejection.class);
    }

    @Test
    void refusesAMissingName() {
        assertThatThrownBy(() -> Names.check(null, MAX)).isInstanceOf(Rejection.class);
    }
}
