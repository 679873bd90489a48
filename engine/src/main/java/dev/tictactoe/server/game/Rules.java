package dev.tictactoe.server.game;

/** The variant: an N×N board on which k in a row wins; cells numbered row by row from 0. */
public record Rules(int size, int winLength) {

    public static final int MIN_SIZE = 3;
    public static final int MAX_SIZE = 19;
    public static final int MIN_WIN_LENGTH = 3;
    public static final Rules CLASSIC = new Rules(3, 3);
    public static final Rules GOMOKU = new Rules(15, 5);

    public Rules {
        if (size < MIN_SIZE || size > MAX_SIZE) {
            throw new IllegalArgumentException(
                    "board size must be " + MIN_SIZE + ".." + MAX_SIZE + ", was " + size);
        }
        if (winLength < MIN_WIN_LENGTH || winLength > size) {
            throw new IllegalArgumentException(
                    "win length must be %d..%d on a %dx%d board, was %d"
                            .formatted(MIN_WIN_LENGTH, size, size, size, winLength));
        }
    }

    public int cells() {
        return size * size;
    }

    /** The cell at {@code row}, {@code col} (both 0-based). */
    public int cell(int row, int col) {
        if (row < 0 || row >= size || col < 0 || col >= size) {
            throw new IllegalArgumentException(
                    "row and column must be 0.." + (size - 1) + ", were " + row + ", " + col);
        }
        return row * size + col;
    }

    public boolean contains(int cell) {
        return cell >= 0 && cell < size * size;
    }
}
