package dev.tictactoe.server.bot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Boards;
import dev.tictactoe.server.game.Rules;

import org.junit.jupiter.api.Test;

import java.time.Duration;

class BotLevelTest {
    private static final Duration BUDGET = Duration.ofMillis(200);

    @Test
    void parsesNamesIgnoringCase() {
        assertThat(BotLevel.parse("easy")).isEqualTo(BotLevel.EASY);
        assertThat(BotLevel.parse(" Perfect ")).isEqualTo(BotLevel.PERFECT);
        assertThat(BotLevel.parse("HARD")).isEqualTo(BotLevel.HARD);
    }

    @Test
    void rejectsUnknownNamesListingTheValidOnes() {
        assertThatThrownBy(() -> BotLevel.parse("godlike"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "unknown bot level 'godlike', expected one of easy, medium, hard, perfect");
        assertThatThrownBy(() -> BotLevel.parse(null)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void refusesAFinishedGame() {
        Board won = Boards.replay(Rules.CLASSIC, Seat.X, 0, 3, 1, 4, 2);
        for (BotLevel level : BotLevel.values()) {
            assertThatThrownBy(() -> new Bot().choose(won, level, BUDGET, 0))
                    .isInstanceOf(IllegalStateException.class);
        }
    }
}
