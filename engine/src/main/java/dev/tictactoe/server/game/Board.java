package dev.tictactoe.server.game;

import dev.tictactoe.protocol.Seat;

import org.jspecify.annotations.Nullable;

import java.util.Arrays;
import java.util.Objects;

/** A game in progress: stones, moves, winner; mutable, one per game or thread ({@link #copy}). */
public final class Board {
    private final Rules rules;
    private final Seat first;
    private final int firstMark;
    private final int size;
    private final int cellCount;
    private final Stones stones;
    private final int[] moves;
    private int moveCount;
    private @Nullable Seat winner;
    private int winCell = -1;
    private int winDirection = -1;

    public Board(Rules rules) {
        this(rules, Seat.X);
    }

    public Board(Rules rules, Seat first) {
        this.rules = Objects.requireNonNull(rules, "rules");
        this.first = Objects.requireNonNull(first, "first");
        firstMark = first.ordinal();
        size = rules.size();
        cellCount = rules.cells();
        stones = new Stones(Geometry.of(size), rules.winLength());
        moves = new int[cellCount];
    }

    private Board(Board other) {
        this(other.rules, other.first);
        stones.copyFrom(other.stones);
        System.arraycopy(other.moves, 0, moves, 0, moves.length);
        moveCount = other.moveCount;
        winner = other.winner;
        winCell = other.winCell;
        winDirection = other.winDirection;
    }

    public Board copy() {
        return new Board(this);
    }

    public Rules rules() {
        return rules;
    }

    public Seat first() {
        return first;
    }

    public Seat toMove() {
        return (moveCount & 1) == 0 ? first : first.opponent();
    }

    public int moveCount() {
        return moveCount;
    }

    /** The cell of the last move, or -1 before the first. */
    public int lastMove() {
        return moveCount == 0 ? -1 : moves[moveCount - 1];
    }

    /** The cell played at {@code ply} (0 is the first move). */
    public int moveAt(int ply) {
        return moves[Objects.checkIndex(ply, moveCount)];
    }

    public int[] moves() {
        return Arrays.copyOf(moves, moveCount);
    }

    public @Nullable Seat at(int cell) {
        return stones.at(checkCell(cell));
    }

    public boolean isEmpty(int cell) {
        return !stones.occupied(checkCell(cell));
    }

    public boolean isFull() {
        return moveCount == cellCount;
    }

    /** Plays {@code cell} for the side to move; true if it makes k (or more) in a row. */
    public boolean play(int cell) {
        checkCell(cell);
        if (winner != null) {
            throw gameOver();
        }
        if (stones.occupied(cell)) {
            throw taken(cell);
        }
        int mark = firstMark ^ (moveCount & 1);
        int direction = stones.place(mark, cell);
        moves[moveCount++] = cell;
        if (direction < 0) {
            return false;
        }
        winner = mark == 0 ? Seat.X : Seat.O;
        winCell = cell;
        winDirection = direction;
        return true;
    }

    /** Takes back the last move: stones and winner. */
    public void undo() {
        if (moveCount == 0) {
            throw noMove();
        }
        int cell = moves[--moveCount];
        int mark = firstMark ^ (moveCount & 1);
        stones.remove(mark, cell);
        // No move can follow a win, so a win on the board was made by the move taken back.
        winner = null;
    }

    public @Nullable Seat winner() {
        return winner;
    }

    /** Whether the game has ended: a win, or a full board. */
    public boolean isOver() {
        return winner != null || moveCount == cellCount;
    }

    /** The winner's run through the winning move, ascending (the first direction of several). */
    public int @Nullable [] winningLine() {
        if (winner == null) {
            return null;
        }
        int dr = Geometry.STEPS[winDirection][0];
        int dc = Geometry.STEPS[winDirection][1];
        int r = winCell / size;
        int c = winCell % size;
        while (inside(r - dr, c - dc) && at((r - dr) * size + c - dc) == winner) {
            r -= dr;
            c -= dc;
        }
        int[] line = new int[size];
        int length = 0;
        while (inside(r, c) && at(r * size + c) == winner) {
            line[length++] = r * size + c;
            r += dr;
            c += dc;
        }
        return Arrays.copyOf(line, length);
    }

    private boolean inside(int r, int c) {
        return r >= 0 && r < size && c >= 0 && c < size;
    }

    /** Whether no continuation lets either player complete a line (the protocol's dead draw). */
    public boolean isCertainDraw() {
        return winner == null && stones.certainDraw(cellCount - moveCount, toMove() == Seat.X);
    }

    /** Fills {@code out} with the empty cells, ascending (none after a win); returns how many. */
    public int legalMoves(int[] out) {
        return winner != null ? 0 : stones.empties(out);
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder(size * (size + 1));
        for (int cell = 0; cell < cellCount; cell++) {
            if (cell > 0 && cell % size == 0) {
                text.append('\n');
            }
            Seat mark = at(cell);
            text.append(mark == null ? "." : mark.name());
        }
        return text.toString();
    }

    private int checkCell(int cell) {
        if (cell < 0 || cell >= cellCount) {
            throw outOfRange(cell);
        }
        return cell;
    }

    // Exceptions are built out of line so that play and undo stay small enough to inline.

    private IllegalArgumentException outOfRange(int cell) {
        return new IllegalArgumentException("cell must be 0.." + (cellCount - 1) + ", was " + cell);
    }

    private IllegalStateException taken(int cell) {
        return new IllegalStateException("cell " + cell + " is taken");
    }

    private IllegalStateException gameOver() {
        return new IllegalStateException("the game is over: " + winner + " has won");
    }

    private static IllegalStateException noMove() {
        return new IllegalStateException("no move to undo");
    }
}
