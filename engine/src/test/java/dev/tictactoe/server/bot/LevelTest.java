package dev.tictactoe.server.bot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Boards;
import dev.tictactoe.server.game.Mark;
import dev.tictactoe.server.game.Rules;

import org.junit.jupiter.api.Test;

class LevelTest {

    @Test
    void parsesNamesIgnoringCase() {
        assertThat(Level.parse("easy")).isEqualTo(Level.EASY);
        assertThat(Level.parse(" Perfect ")).isEqualTo(Level.PERFECT);
        assertThat(Level.parse("HARD")).isEqualTo(Level.HARD);
    }

    @Test
    void rejectsUnknownNamesListingTheValidOnes() {
        assertThatThrownBy(() -> Level.parse("godlike"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "unknown bot level 'godlike', expected one of easy, medium, hard, perfect");
        assertThatThrownBy(() -> Level.parse(null)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void refusesAFinishedGame() {
        Board won = Boards.replay(Rules.CLASSIC, Mark.X, 0, 3, 1, 4, 2);
        for (Level level : Level.values()) {
            assertThatThrownBy(() -> new Bot().choose(won, level, Bot.DEFAULT_BUDGET, 0))
                    .isInstanceOf(IllegalStateException.class);
        }
    }
}
