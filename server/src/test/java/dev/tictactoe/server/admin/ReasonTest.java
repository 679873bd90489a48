package dev.tictactoe.server.admin;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ReasonTest {

    @Test
    void aReasonIsTrimmedAndFitsAWebSocketCloseFrame() {
        assertThat(Reason.read("{\"reason\": \"  abuse  \"}", null))
                .isEqualTo(new Reason.Given("abuse"));
        assertThat(Reason.MAX_BYTES).isEqualTo(123);
        String longest = "a".repeat(Reason.MAX_BYTES);
        assertThat(Reason.read("{\"reason\": \"" + longest + "\"}", null))
                .isEqualTo(new Reason.Given(longest));
        assertThat(Reason.read("{\"reason\": \"" + "é".repeat(62) + "\"}", null))
                .isEqualTo(new Reason.Bad("reason is 124 bytes in UTF-8, at most 123 fit"));
    }

    @Test
    void anEmptyBodyGivesTheFallbackOrIsRefused() {
        assertThat(Reason.read("", "cut")).isEqualTo(new Reason.Given("cut"));
        assertThat(Reason.read("{}", "cut")).isEqualTo(new Reason.Given("cut"));
        assertThat(Reason.read("", null)).isInstanceOf(Reason.Bad.class);
        assertThat(Reason.read("{}", null)).isEqualTo(new Reason.Bad("reason is required"));
    }

    @Test
    void anythingElseIsATypedRefusal() {
        for (String body :
                new String[] {
                    "not json",
                    "[]",
                    "\"abuse\"",
                    "{\"reason\": 5}",
                    "{\"reason\": \" \"}",
                    "{\"reason\": \"a\\nb\"}",
                    "{\"reason\": \"a\", \"why\": \"b\"}",
                    "{\"reason\": \"a\"} {}"
                }) {
            assertThat(Reason.read(body, "cut")).as(body).isInstanceOf(Reason.Bad.class);
        }
    }
}
