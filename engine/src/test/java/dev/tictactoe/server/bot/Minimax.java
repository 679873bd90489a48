package dev.tictactoe.server.bot;

import dev.tictactoe.server.game.Board;

import java.util.HashMap;
import java.util.Map;

/**
 * A plain memoised minimax over the engine's board, independent of the bot's search: the exact
 * value for the side to move, 0 a draw, {@code Bot.WIN - d} a win d plies ahead, negative a loss.
 */
final class Minimax {

    private final Map<String, Integer> memo = new HashMap<>();

    int value(Board board) {
        if (board.winner() != null) {
            return -Bot.WIN; // the side that just moved has won
        }
        if (board.isFull()) {
            return 0;
        }
        Integer known = memo.get(key(board));
        if (known != null) {
            return known;
        }
        int best = Integer.MIN_VALUE;
        for (int cell = 0; cell < board.rules().cells(); cell++) {
            if (board.isEmpty(cell)) {
                best = Math.max(best, valueOfMove(board, cell));
            }
        }
        memo.put(key(board), best);
        return best;
    }

    /** The value for the side to move of playing {@code cell}. */
    int valueOfMove(Board board, int cell) {
        board.play(cell);
        int child = value(board);
        board.undo();
        return child > 0 ? -(child - 1) : child < 0 ? -child - 1 : 0;
    }

    /** The position's rules, side to move and marks, the same by any move order. */
    static String key(Board board) {
        return board.rules() + " " + board.toMove() + "\n" + board;
    }
}
