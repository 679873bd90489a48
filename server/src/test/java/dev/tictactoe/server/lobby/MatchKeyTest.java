package dev.tictactoe.server.lobby;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.server.clock.TimeControl;
import dev.tictactoe.server.game.Rules;

import org.junit.jupiter.api.Test;

import java.time.Duration;

class MatchKeyTest {

    @Test
    void keysWithTheSameMeaningAreEqual() {
        assertThat(MatchKey.of(15, 5, "3m+2s")).isEqualTo(MatchKey.of(15, 5, "180s+2000ms"));
        assertThat(MatchKey.of(15, 5, "3m+2s")).hasToString("15x15/5 3m+2s");
        assertThat(MatchKey.of(3, 3, null)).hasToString("3x3/3");
        assertThat(MatchKey.of(3, 3, "20s/move").timeControl())
                .isEqualTo(new TimeControl(Duration.ZERO, Duration.ZERO, Duration.ofSeconds(20)));
        assertThat(MatchKey.of(3, 3, null).timeControl()).isNull();
        assertThat(MatchKey.of(15, 5, " ")).isEqualTo(new MatchKey(Rules.GOMOKU, null));
    }

    @Test
    void errorsNameTheField() {
        assertThatThrownBy(() -> MatchKey.of(3, 3, "fast"))
                .hasMessageStartingWith("clock: \"fast\" is not a duration");
    }

    private static final String T = "0123456789abcdef";

    @Test
    void ticketsAreChecked() {
        MatchKey key = MatchKey.of(3, 3, null);
        assertThat(Ticket.of(T, "p", "ana", key).bot()).isNull();
        assertThat(new Ticket(T, "p", "ana", key, BotLevel.HARD, Ticket.MIN_BOT_AFTER).bot())
                .isEqualTo(BotLevel.HARD);
        assertThatThrownBy(() -> Ticket.of("", "p", "ana", key))
                .hasMessageContaining("ticket id must be 16..64");
        assertThatThrownBy(() -> Ticket.of(T.substring(1), "p", "ana", key))
                .hasMessageContaining("ticket id must be 16..64");
        assertThatThrownBy(() -> Ticket.of(T.repeat(5), "p", "ana", key))
                .hasMessageContaining("ticket id must be 16..64");
        assertThatThrownBy(() -> Ticket.of(T, "", "ana", key))
                .hasMessageContaining("player id must be 1..64");
        assertThatThrownBy(() -> Ticket.of(T, "p".repeat(65), "ana", key))
                .hasMessageContaining("player id must be 1..64");
        assertThat(Ticket.of(T, "p".repeat(64), "ana", key).player()).hasSize(Ticket.MAX_ID_LENGTH);
        assertThatThrownBy(() -> Ticket.of(T, "a b", "ana", key))
                .hasMessageContaining("only letters, digits");
        assertThatThrownBy(() -> new Ticket(T, "p", "ana", key, BotLevel.HARD, null))
                .hasMessageContaining("go together");
    }
}
