package dev.tictactoe.server.game;

import dev.tictactoe.protocol.Seat;

/** Boards for tests in other packages: built from a list of moves, and judged by plain scans. */
public final class Boards {

    private Boards() {}

    /** A board with {@code moves} played in order from the empty board, {@code first} starting. */
    public static Board replay(Rules rules, Seat first, int... moves) {
        Board board = new Board(rules, first);
        for (int move : moves) {
            board.play(move);
        }
        return board;
    }

    /** Whether the game is not won and every window of k cells in a row holds both marks. */
    public static boolean isDeadDraw(Board board) {
        NaiveBoard naive = new NaiveBoard(board.rules());
        for (int cell = 0; cell < board.rules().cells(); cell++) {
            naive.set(cell, board.at(cell));
        }
        return board.winner() == null && naive.deadDraw();
    }
}
