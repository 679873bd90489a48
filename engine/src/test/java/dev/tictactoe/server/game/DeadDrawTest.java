package dev.tictactoe.server.game;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.protocol.Seat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The early draw against a brute-force oracle: a position is a dead draw exactly when no sequence
 * of alternating legal moves from it completes a line for either player.
 */
class DeadDrawTest {

    /** Whether some continuation completes a line; memoized on the marks and the side to move. */
    private static final class Oracle {
        private final Map<String, Boolean> known = new HashMap<>();

        boolean someoneCanWin(Board board) {
            if (board.winner() != null) {
                return true;
            }
            if (board.isFull()) {
                return false;
            }
            String key = board + " " + board.toMove();
            Boolean cached = known.get(key);
            if (cached != null) {
                return cached;
            }
            boolean can = false;
            int[] moves = new int[board.rules().cells()];
            int count = board.legalMoves(moves);
            for (int i = 0; i < count && !can; i++) {
                board.play(moves[i]);
                can = someoneCanWin(board);
                board.undo();
            }
            known.put(key, can);
            return can;
        }
    }

    private static void check(Oracle oracle, Board board) {
        if (board.winner() == null) {
            assertThat(board.isCertainDraw())
                    .as("%s, %s to move", board, board.toMove())
                    .isEqualTo(!oracle.someoneCanWin(board));
        }
    }

    @Test
    void everyReachableClassicPosition() {
        for (Seat first : Seat.values()) {
            Oracle oracle = new Oracle();
            int[] visited = {0};
            walk(new Board(Rules.CLASSIC, first), oracle, new java.util.HashSet<>(), visited);
            assertThat(visited[0]).isEqualTo(5478);
        }
    }

    private static void walk(
            Board board, Oracle oracle, java.util.Set<String> seen, int[] visited) {
        if (!seen.add(board.toString())) {
            return;
        }
        visited[0]++;
        check(oracle, board);
        if (board.winner() != null) {
            return;
        }
        int[] moves = new int[9];
        int count = board.legalMoves(moves);
        for (int i = 0; i < count; i++) {
            board.play(moves[i]);
            walk(board, oracle, seen, visited);
            board.undo();
        }
    }

    @ParameterizedTest
    @CsvSource({"4, 3", "4, 4", "3, 3"})
    void everyPositionOfSeededRandomGames(int size, int k) {
        Rules rules = new Rules(size, k);
        Oracle oracle = new Oracle();
        SplittableRandom random = new SplittableRandom(size * 31L + k);
        int[] moves = new int[rules.cells()];
        for (int game = 0; game < 400; game++) {
            Board board = new Board(rules, random.nextBoolean() ? Seat.X : Seat.O);
            check(oracle, board);
            while (board.winner() == null && !board.isFull()) {
                int count = board.legalMoves(moves);
                board.play(moves[random.nextInt(count)]);
                check(oracle, board);
            }
        }
    }

    @Test
    void isDeclaredOnThePlyItBecomesCertain() {
        // X O X / X O . / O . .  with X to move: O still threatens the middle column.
        Board board = Boards.replay(Rules.CLASSIC, Seat.X, 0, 1, 2, 4, 3, 6);
        assertThat(board.isCertainDraw()).isFalse();
        // X blocks at 7. The right column is free of O, but X needs both 5 and 8 while O, to move,
        // has no other cell to play in between: no line can be completed any more.
        board.play(7);
        assertThat(board.toString()).isEqualTo("XOX\nXO.\nOX.");
        assertThat(board.isCertainDraw()).isTrue();
    }
}
