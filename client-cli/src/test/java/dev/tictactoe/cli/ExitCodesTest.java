package dev.tictactoe.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.protocol.Snapshot.Result;

import org.junit.jupiter.api.Test;

import java.util.List;

class ExitCodesTest {

    @Test
    void theResultIsSeenFromTheSeat() {
        Result xWins = new Result("X", "line", List.of(0, 1, 2));
        assertThat(ExitCodes.of(xWins, "X")).isEqualTo(ExitCodes.WON).isZero();
        assertThat(ExitCodes.of(xWins, "O")).isEqualTo(ExitCodes.LOST).isEqualTo(1);
        assertThat(ExitCodes.of(new Result("O", "resign", List.of()), "O"))
                .isEqualTo(ExitCodes.WON);
        assertThat(ExitCodes.of(new Result(null, "draw", List.of()), "X"))
                .isEqualTo(ExitCodes.DRAW)
                .isEqualTo(2);
        assertThat(ExitCodes.of(new Result(null, "dead_draw", List.of()), "O"))
                .isEqualTo(ExitCodes.DRAW);
        assertThat(ExitCodes.of(new Result("X", "abandoned", List.of()), "X"))
                .isEqualTo(ExitCodes.ABORTED)
                .isEqualTo(3);
        assertThat(ExitCodes.of(null, "X")).isEqualTo(ExitCodes.ABORTED);
    }

    @Test
    void spectatorsGetZeroForADecidedGameAndTwoForADraw() {
        assertThat(ExitCodes.of(new Result("O", "line", List.of(0, 1, 2)), null))
                .isEqualTo(ExitCodes.WON);
        assertThat(ExitCodes.of(new Result(null, "draw", List.of()), null))
                .isEqualTo(ExitCodes.DRAW);
    }
}
