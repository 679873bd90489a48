package dev.tictactoe.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.WireWord;

import org.junit.jupiter.api.Test;

import java.util.Arrays;

/** The server's own enums name the protocol's words one for one, so converting by name is safe. */
class VocabularyTest {

    @Test
    void theEnginesLevelsAreTheProtocolsBotLevels() {
        assertThat(Arrays.stream(BotLevel.values()).map(BotLevel::name))
                .containsExactlyElementsOf(
                        Arrays.stream(BotLevel.values()).map(BotLevel::name).toList());
        for (BotLevel level : BotLevel.values()) {
            assertThat(BotLevel.parse(level.wire()).name()).isEqualTo(level.name());
        }
    }

    @Test
    void marksAreSpelledAsSeats() {
        assertThat(Arrays.stream(Seat.values()).map(Seat::name))
                .containsExactlyElementsOf(WireWord.spellings(Seat.values()));
    }
}
