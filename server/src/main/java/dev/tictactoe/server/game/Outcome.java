package dev.tictactoe.server.game;

import java.util.Arrays;

/** Where a game stands: still going, won by one side, or drawn. */
public sealed interface Outcome {

    /** Whether the game has ended. */
    default boolean isOver() {
        return !(this instanceof InProgress);
    }

    /** The game goes on. */
    record InProgress() implements Outcome {}

    /**
     * {@code winner} completed {@code line}, the cells of the winning line in ascending order (see
     * {@link Board#winningLine()}).
     */
    record Win(Mark winner, int[] line) implements Outcome {
        public Win {
            line = line.clone();
        }

        @Override
        public int[] line() {
            return line.clone();
        }

        // Records compare arrays by reference; a win is a value, so compare the cells.
        @Override
        public boolean equals(Object o) {
            return o instanceof Win w && w.winner == winner && Arrays.equals(w.line, line);
        }

        @Override
        public int hashCode() {
            return 31 * winner.hashCode() + Arrays.hashCode(line);
        }

        @Override
        public String toString() {
            return "Win[winner=" + winner + ", line=" + Arrays.toString(line) + "]";
        }
    }

    /**
     * Nobody won: the board is full ({@code early} false), or no line can be completed any more
     * although cells are left ({@code early} true).
     */
    record Draw(boolean early) implements Outcome {}
}
