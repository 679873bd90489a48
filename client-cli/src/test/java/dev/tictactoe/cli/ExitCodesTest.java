package dev.tictactoe.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.protocol.ResultReason;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.Snapshot.Result;

import org.junit.jupiter.api.Test;

import java.util.List;

class ExitCodesTest {

    @Test
    void theResultIsSeenFromTheSeat() {
        Result xWins = new Result(Seat.X, ResultReason.LINE, List.of(0, 1, 2));
        assertThat(ExitCodes.of(xWins, Seat.X)).isEqualTo(ExitCodes.WON).isZero();
        assertThat(ExitCodes.of(xWins, Seat.O)).isEqualTo(ExitCodes.LOST).isEqualTo(1);
        assertThat(ExitCodes.of(new Result(Seat.O, ResultReason.RESIGN, List.of()), Seat.O))
                .isEqualTo(ExitCodes.WON);
        assertThat(ExitCodes.of(new Result(null, ResultReason.DRAW, List.of()), Seat.X))
                .isEqualTo(ExitCodes.DRAW)
                .isEqualTo(2);
        assertThat(ExitCodes.of(new Result(null, ResultReason.DEAD_DRAW, List.of()), Seat.O))
                .isEqualTo(ExitCodes.DRAW);
        assertThat(ExitCodes.of(new Result(Seat.X, ResultReason.ABANDONED, List.of()), Seat.X))
                .isEqualTo(ExitCodes.ABORTED)
                .isEqualTo(3);
        assertThat(ExitCodes.of(null, Seat.X)).isEqualTo(ExitCodes.ABORTED);
    }

    @Test
    void spectatorsGetZeroForADecidedGameAndTwoForADraw() {
        assertThat(ExitCodes.of(new Result(Seat.O, ResultReason.LINE, List.of(0, 1, 2)), null))
                .isEqualTo(ExitCodes.WON);
        assertThat(ExitCodes.of(new Result(null, ResultReason.DRAW, List.of()), null))
                .isEqualTo(ExitCodes.DRAW);
    }
}
