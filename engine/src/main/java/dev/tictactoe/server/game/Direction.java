package dev.tictactoe.server.game;

/** The four directions of a line through a cell, each stepping to ascending cell numbers. */
enum Direction {
    /** Left to right. */
    ROW(0, 1),
    /** Top to bottom. */
    COLUMN(1, 0),
    /** Top-left to bottom-right. */
    DIAGONAL(1, 1),
    /** Top-right to bottom-left. */
    ANTI_DIAGONAL(1, -1);

    private static final Direction[] VALUES = values();

    private final int rowStep;
    private final int colStep;

    Direction(int rowStep, int colStep) {
        this.rowStep = rowStep;
        this.colStep = colStep;
    }

    /** Rows moved by one step along the line. */
    public int rowStep() {
        return rowStep;
    }

    /** Columns moved by one step along the line. */
    public int colStep() {
        return colStep;
    }

    static Direction of(int ordinal) {
        return VALUES[ordinal];
    }
}
