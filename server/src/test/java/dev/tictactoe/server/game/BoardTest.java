package dev.tictactoe.server.game;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class BoardTest {

    @Test
    void playsAClassicWinAlongTheDiagonal() {
        Board board = Board.replay(Rules.CLASSIC, Mark.X, 0, 1, 4, 2);
        assertThat(board.play(8)).isTrue();
        assertThat(board.winner()).isEqualTo(Mark.X);
        assertThat(board.winningLine()).containsExactly(0, 4, 8);
        assertThat(board.toString()).isEqualTo("XOO\n.X.\n..X");
        assertThatThrownBy(() -> board.play(3)).isInstanceOf(IllegalStateException.class);
        board.undo();
        assertThat(board.winner()).isNull();
        assertThat(board.toMove()).isEqualTo(Mark.X);
    }
}
