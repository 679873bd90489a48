package dev.tictactoe.server.bot;

import dev.tictactoe.server.game.Board;

import org.jspecify.annotations.Nullable;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What {@link Evaluation} sees of a position, as its weights are fitted on ({@code
 * bench/evalfit/fit.py}): per side (to move first) the cells of each set of four codes, the threat
 * bits, whether X is to move. For the bench; here because it reads the evaluation's tables.
 */
public final class EvaluationFeatures {

    /** Multisets of four codes out of nine. */
    public static final int SETS = 495;

    public static final int THREATS = Evaluation.THREAT_NAMES.length;
    private static final int[] SET_OF_KEY = setOfKey();

    private EvaluationFeatures() {}

    /** The features, or null when the side to move completes a line at once (never evaluated). */
    public static int @Nullable [] of(Board board) {
        PatternBoard b = PatternBoard.of(board);
        if (b.canWin(b.side)) {
            return null;
        }
        int[] row = new int[2 * SETS + THREATS + 1];
        int at = 0;
        for (int side : new int[] {b.side, 1 - b.side}) {
            for (int cell = 0; cell < b.cells; cell++) {
                row[at + SET_OF_KEY[b.cellKey[side][cell]]]++;
            }
            at += SETS;
        }
        int threats = Evaluation.threats(b);
        for (int t = 0; t < THREATS; t++) {
            row[at++] = threats >> t & 1;
        }
        row[at] = b.moveCount % 2 == 0 ? 1 : 0;
        return row;
    }

    /** Per key, the index of its set of codes, the sets ordered by codes descending in base 9. */
    static int[] setOfKey() {
        Map<String, Integer> index = new HashMap<>();
        for (int key = 0; key < Evaluation.KEYS; key++) {
            int a = Evaluation.code(key, 3);
            int b = Evaluation.code(key, 2);
            int c = Evaluation.code(key, 1);
            if (a >= b && b >= c && c >= Evaluation.code(key, 0)) {
                index.put(Evaluation.sortedCodes(key), index.size());
            }
        }
        int[] setOf = new int[Evaluation.KEYS];
        for (int key = 0; key < Evaluation.KEYS; key++) {
            setOf[key] = Objects.requireNonNull(index.get(Evaluation.sortedCodes(key)));
        }
        return setOf;
    }
}
