package dev.tictactoe.server.game;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.protocol.Seat;

import org.junit.jupiter.api.Test;

class KInARowTest {

    @Test
    void theTurnIsJudgedBeforeTheCell() {
        Board board = new Board(Rules.CLASSIC, Seat.X);
        board.play(4);
        assertThat(KInARow.check(board, Seat.X, 99)).isEqualTo(KInARow.Illegal.NOT_YOUR_TURN);
        assertThat(KInARow.check(board, Seat.O, 9)).isEqualTo(KInARow.Illegal.OUT_OF_RANGE);
        assertThat(KInARow.check(board, Seat.O, -1)).isEqualTo(KInARow.Illegal.OUT_OF_RANGE);
        assertThat(KInARow.check(board, Seat.O, 4)).isEqualTo(KInARow.Illegal.CELL_TAKEN);
        assertThat(KInARow.check(board, Seat.O, 0)).isNull();
    }

    @Test
    void aGameEndsByALineAFullBoardOrADeadPositionWhenAskedFor() {
        Board board = new Board(Rules.CLASSIC, Seat.X);
        boolean won = false;
        for (int cell : new int[] {0, 3, 1, 4, 2}) {
            won = board.play(cell);
        }
        assertThat(KInARow.after(board, won, false)).isEqualTo(KInARow.Ending.LINE);

        // X O X / X O O / O X . : nobody can make three any more, one cell left.
        Board dead = new Board(Rules.CLASSIC, Seat.X);
        for (int cell : new int[] {0, 1, 2, 4, 3, 5, 7, 6}) {
            dead.play(cell);
        }
        assertThat(KInARow.after(dead, false, true)).isEqualTo(KInARow.Ending.DEAD_DRAW);
        assertThat(KInARow.after(dead, false, false)).isNull();
        dead.play(8);
        assertThat(KInARow.after(dead, false, false)).isEqualTo(KInARow.Ending.FULL);
    }
}
