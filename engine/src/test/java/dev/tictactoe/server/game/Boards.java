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

    /**
     * Whether {@code mark} on the empty {@code cell} would make k in a row, by walking its lines.
     */
    public static boolean wouldWin(Board board, int cell, Seat mark) {
        int n = board.rules().size();
        for (int[] d : new int[][] {{0, 1}, {1, 0}, {1, 1}, {1, -1}}) {
            int run = 1;
            for (int sign = -1; sign <= 1; sign += 2) {
                int r = cell / n + sign * d[0];
                int c = cell % n + sign * d[1];
                for (; r >= 0 && r < n && c >= 0 && c < n && board.at(r * n + c) == mark; run++) {
                    r += sign * d[0];
                    c += sign * d[1];
                }
            }
            if (run >= board.rules().winLength()) {
                return true;
            }
        }
        return false;
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
