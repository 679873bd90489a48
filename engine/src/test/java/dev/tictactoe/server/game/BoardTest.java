package dev.tictactoe.server.game;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tictactoe.protocol.Seat;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;
import java.util.stream.IntStream;

class BoardTest {

    @Test
    void startsEmptyWithTheChosenFirstPlayer() {
        Board board = new Board(Rules.CLASSIC, Seat.O);
        assertThat(board.first()).isEqualTo(Seat.O);
        assertThat(board.toMove()).isEqualTo(Seat.O);
        assertThat(board.moveCount()).isZero();
        assertThat(board.lastMove()).isEqualTo(-1);
        assertThat(board.moves()).isEmpty();
        assertThat(board.winner()).isNull();
        assertThat(board.isOver()).isFalse();
        assertThat(board.toString()).isEqualTo("...\n...\n...");
        assertThat(new Board(Rules.CLASSIC).first()).isEqualTo(Seat.X);
    }

    @Test
    void alternatesTurnsAndRecordsTheMoves() {
        Board board = new Board(new Rules(4, 3), Seat.O);
        board.play(5);
        board.play(0);
        board.play(15);
        assertThat(board.toMove()).isEqualTo(Seat.X);
        assertThat(board.at(5)).isEqualTo(Seat.O);
        assertThat(board.at(0)).isEqualTo(Seat.X);
        assertThat(board.at(1)).isNull();
        assertThat(board.isEmpty(1)).isTrue();
        assertThat(board.isEmpty(15)).isFalse();
        assertThat(board.moves()).containsExactly(5, 0, 15);
        assertThat(board.moveAt(1)).isZero();
        assertThat(board.lastMove()).isEqualTo(15);
        assertThat(board.toString()).isEqualTo("X...\n.O..\n....\n...O");
        assertThatThrownBy(() -> board.moveAt(3)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void playsAClassicWinAlongTheDiagonal() {
        Board board = Boards.replay(Rules.CLASSIC, Seat.X, 0, 1, 4, 2);
        assertThat(board.play(8)).isTrue();
        assertThat(board.winner()).isEqualTo(Seat.X);
        assertThat(board.isOver()).isTrue();
        assertThat(board.winningLine()).containsExactly(0, 4, 8);
        assertThat(board.toString()).isEqualTo("XOO\n.X.\n..X");
        board.undo();
        assertThat(board.winner()).isNull();
        assertThat(board.winningLine()).isNull();
        assertThat(board.toMove()).isEqualTo(Seat.X);
    }

    @Test
    void rejectsIllegalMovesWithoutChangingAnything() {
        Board board = Boards.replay(Rules.CLASSIC, Seat.X, 4);
        assertThatThrownBy(() -> board.play(9))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cell must be 0..8, was 9");
        assertThatThrownBy(() -> board.play(-1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> board.play(4))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("cell 4 is taken");
        assertThat(board.moves()).containsExactly(4);
        assertThat(board.toMove()).isEqualTo(Seat.O);
    }

    @Test
    void refusesToPlayOnAfterAWin() {
        Board board = Boards.replay(Rules.CLASSIC, Seat.X, 0, 3, 1, 4, 2);
        assertThat(board.winner()).isEqualTo(Seat.X);
        assertThatThrownBy(() -> board.play(8))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("the game is over: X has won");
        assertThatThrownBy(() -> board.play(42)).isInstanceOf(IllegalArgumentException.class);
        assertThat(board.legalMoves(new int[9])).isZero();
    }

    @Test
    void undoWithoutMovesIsAnError() {
        assertThatThrownBy(() -> new Board(Rules.CLASSIC).undo())
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("no move to undo");
    }

    @Test
    void reportsTheWholeRunWhenAMoveJoinsTwoRuns() {
        // X: 0 1 _ 3 4 on a 5x5 row, k=4: playing 2 makes a run of five.
        Board board = Boards.replay(new Rules(5, 4), Seat.X, 0, 10, 1, 11, 3, 12, 4, 20);
        assertThat(board.play(2)).isTrue();
        assertThat(board.winningLine()).containsExactly(0, 1, 2, 3, 4);
    }

    @Test
    void reportsWinningLinesInAscendingCellOrder() {
        // O wins on the anti-diagonal 3, 6, 9, 12 of a 4x4 board, playing the middle last.
        Board board = Boards.replay(new Rules(4, 4), Seat.O, 3, 0, 12, 1, 9, 2);
        assertThat(board.play(6)).isTrue();
        assertThat(board.winner()).isEqualTo(Seat.O);
        assertThat(board.winningLine()).containsExactly(3, 6, 9, 12);
        // A column.
        Board column = Boards.replay(new Rules(4, 3), Seat.X, 13, 0, 5, 1);
        assertThat(column.play(9)).isTrue();
        assertThat(column.winningLine()).containsExactly(5, 9, 13);
    }

    @Test
    void drawsOnAFullBoardWithoutAWin() {
        // X O X / X O O / O X X
        Board board = Boards.replay(Rules.CLASSIC, Seat.X, 0, 1, 2, 4, 3, 5, 7, 6);
        assertThat(board.play(8)).isFalse();
        assertThat(board.isFull()).isTrue();
        assertThat(board.isOver()).isTrue();
        assertThat(board.winner()).isNull();
        assertThat(board.legalMoves(new int[9])).isZero();
    }

    @Test
    void seesACertainDrawOnThreeByThreeBeforeTheBoardIsFull() {
        // X O X / X O O / O X .  : every line holds both marks, one cell left.
        Board board = Boards.replay(Rules.CLASSIC, Seat.X, 0, 1, 2, 4, 3, 5, 7, 6);
        assertThat(board.isFull()).isFalse();
        assertThat(board.isCertainDraw()).isTrue();
        assertThat(board.isOver()).isFalse();
    }

    @Test
    void keepsALiveThreeByThreePositionGoing() {
        // X O X / . O . / . X .  : O can still make the middle row.
        Board board = Boards.replay(Rules.CLASSIC, Seat.X, 0, 1, 2, 4, 7);
        assertThat(board.isCertainDraw()).isFalse();
        // X O X / X O O / . X .  : X can still complete the left column.
        Board live = Boards.replay(Rules.CLASSIC, Seat.X, 0, 1, 2, 4, 3, 5, 7);
        assertThat(live.isCertainDraw()).isFalse();
    }

    @Test
    void seesACertainDrawWithHalfTheBoardEmpty() {
        // X O . . / . . X O / . X O . / O . . X on 4x4, k=4.
        Board board = Boards.replay(new Rules(4, 4), Seat.X, 0, 1, 6, 7, 9, 10, 15, 12);
        assertThat(board.toString()).isEqualTo("XO..\n..XO\n.XO.\nO..X");
        assertThat(board.isCertainDraw()).isTrue();
        board.undo();
        assertThat(board.isCertainDraw()).isFalse();
    }

    @Test
    void aWonGameIsNotADraw() {
        Board board = Boards.replay(Rules.CLASSIC, Seat.X, 0, 3, 1, 4, 2);
        assertThat(board.isCertainDraw()).isFalse();
    }

    @Test
    void listsLegalMovesInAscendingOrder() {
        Board board = Boards.replay(new Rules(5, 4), Seat.X, 12, 0, 24, 7);
        int[] out = new int[25];
        int count = board.legalMoves(out);
        assertThat(count).isEqualTo(21);
        assertThat(IntStream.of(out).limit(count).toArray())
                .containsExactly(IntStream.range(0, 25).filter(board::isEmpty).toArray())
                .doesNotContain(0, 7, 12, 24);
    }

    @Test
    void copiesAreIndependent() {
        Board board = Boards.replay(Rules.CLASSIC, Seat.X, 4, 0);
        Board copy = board.copy();
        copy.play(8);
        assertThat(board.moveCount()).isEqualTo(2);
        assertThat(board.isEmpty(8)).isTrue();
        copy.undo();
        assertThat(copy.toString()).isEqualTo(board.toString());
        board.undo();
        assertThat(copy.at(0)).isEqualTo(Seat.O);
    }

    static void randomPlies(Board board, int plies, SplittableRandom random) {
        int[] empty = new int[board.rules().cells()];
        for (int i = 0; i < plies && !board.isOver(); i++) {
            board.play(empty[random.nextInt(board.legalMoves(empty))]);
        }
    }
}
