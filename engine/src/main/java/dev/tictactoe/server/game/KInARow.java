package dev.tictactoe.server.game;

import dev.tictactoe.protocol.Seat;

import org.jspecify.annotations.Nullable;

/** The rules as verdicts on a {@link Board}: whether a side may play a cell, how a game ends. */
public final class KInARow {

    /** Why a move may not be played. */
    public enum Illegal {
        NOT_YOUR_TURN,
        OUT_OF_RANGE,
        CELL_TAKEN
    }

    /** How a move ended the game. */
    public enum Ending {
        LINE, // the mover made k in a row
        FULL, // the board is full without a line
        DEAD_DRAW // nobody can make a line any more (only when the players asked for early draws)
    }

    private KInARow() {}

    /** Why {@code seat} may not play {@code cell}, or null; whose turn it is comes first. */
    public static @Nullable Illegal check(Board board, Seat seat, int cell) {
        if (board.toMove() != seat) {
            return Illegal.NOT_YOUR_TURN;
        }
        if (!board.rules().contains(cell)) {
            return Illegal.OUT_OF_RANGE;
        }
        return board.isEmpty(cell) ? null : Illegal.CELL_TAKEN;
    }

    /** How a move that {@code won} (as {@link Board#play} said) ended the game, or null. */
    public static @Nullable Ending after(Board board, boolean won, boolean earlyDraw) {
        if (won) {
            return Ending.LINE;
        }
        if (board.isFull()) {
            return Ending.FULL;
        }
        return earlyDraw && board.isCertainDraw() ? Ending.DEAD_DRAW : null;
    }
}
