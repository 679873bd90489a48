package dev.tictactoe.server.game;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.protocol.Seat;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Walks the whole 3×3 game tree (X first) with play and undo, and checks the well-known counts and
 * that undo restores every position exactly.
 */
class ClassicEnumerationTest {
    private static final Tree TREE = new Tree();

    @BeforeAll
    static void walk() {
        TREE.walk(new Board(Rules.CLASSIC));
    }

    @Test
    void visitsTheWholeGameTree() {
        assertThat(TREE.nodes).isEqualTo(549_946);
    }

    @Test
    void endsInTheKnownNumbersOfGames() {
        assertThat(TREE.xWins + TREE.oWins + TREE.draws).isEqualTo(255_168);
        assertThat(TREE.xWins).isEqualTo(131_184);
        assertThat(TREE.oWins).isEqualTo(77_904);
        assertThat(TREE.draws).isEqualTo(46_080);
    }

    @Test
    void reachesEveryLegalPositionOnceByKey() {
        assertThat(TREE.positions).hasSize(5_478);
    }

    @Test
    void undoRestoredEveryNodeExactly() {
        assertThat(TREE.undoChecks).isEqualTo(549_946 - 1);
        assertThat(TREE.mismatches).isEmpty();
    }

    private static final class Tree {
        long nodes;
        long xWins;
        long oWins;
        long draws;
        long undoChecks;
        final Set<String> positions = new HashSet<>();
        final List<String> mismatches = new ArrayList<>();

        void walk(Board board) {
            nodes++;
            positions.add(board.toString());
            if (board.winner() != null) {
                if (board.winner() == Seat.X) {
                    xWins++;
                } else {
                    oWins++;
                }
                return;
            }
            if (board.isFull()) {
                draws++;
                return;
            }
            Snapshot before = new Snapshot(board);
            for (int cell = 0; cell < 9; cell++) {
                if (board.isEmpty(cell)) {
                    board.play(cell);
                    walk(board);
                    board.undo();
                    if (!new Snapshot(board).equals(before)) {
                        mismatches.add("undo of " + cell + " in\n" + board);
                    }
                    undoChecks++;
                }
            }
        }
    }

    /** Everything observable about a position, for exact comparison. */
    private record Snapshot(
            Seat winner,
            Seat toMove,
            int moveCount,
            int lastMove,
            String marks,
            boolean certainDraw) {
        Snapshot(Board b) {
            this(
                    b.winner(),
                    b.toMove(),
                    b.moveCount(),
                    b.lastMove(),
                    b.toString(),
                    b.isCertainDraw());
        }
    }
}
