package dev.tictactoe.server.bot;

import dev.tictactoe.server.game.Board;

/** The stones, moves, turn and stones near each cell that both search positions keep. */
abstract class SearchBoard {
    final Lines lines;
    final int size;
    final int k;
    final int cells;
    final byte[] stone; // 0 empty, 1 X, 2 O

    final int[] moves;
    final int[] near; // stones within Lines.NEAR of each cell

    int moveCount;
    int side;

    SearchBoard(Lines lines, int firstSide) {
        this.lines = lines;
        size = lines.size;
        k = lines.k;
        cells = lines.cells;
        stone = new byte[cells];
        moves = new int[cells];
        near = new int[cells];
        side = firstSide;
    }

    /** {@code fresh}, an empty position of {@code board}'s rules, with its moves played. */
    static <B extends SearchBoard> B replay(Board board, B fresh) {
        for (int cell : board.moves()) {
            fresh.play(cell);
        }
        return fresh;
    }

    abstract void play(int cell);

    abstract void undo();

    abstract long hash();

    /** Whether side {@code s} completes a line with one move. */
    abstract boolean canWin(int s);

    /** Fills {@code out} with up to {@code limit} distinct cells where s completes a line. */
    abstract int winningCells(int s, int[] out, int limit);

    /** Puts the side to move's stone on {@code cell} and passes the turn. */
    final void place(int cell) {
        stone[cell] = (byte) (side + 1);
        for (int n : lines.near[cell]) {
            near[n]++;
        }
        moves[moveCount++] = cell;
        side = 1 - side;
    }

    /** Takes the last stone back and gives its side the turn again; returns its cell. */
    final int lift() {
        int cell = moves[--moveCount];
        side = 1 - side;
        stone[cell] = 0;
        for (int n : lines.near[cell]) {
            near[n]--;
        }
        return cell;
    }

    boolean isEmpty(int cell) {
        return stone[cell] == 0;
    }

    int empties() {
        return cells - moveCount;
    }
}
