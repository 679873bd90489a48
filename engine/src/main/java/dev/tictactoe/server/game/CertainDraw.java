package dev.tictactoe.server.game;

/**
 * Whether no window of k cells can still be completed. A window still open to one mark (none of the
 * other's in it), with {@code e} of its cells empty, can be completed exactly when its owner gets
 * {@code e} more moves while the opponent, moving in between, finds enough empty cells outside it:
 * {@code e - 1} of them when the owner is to move, {@code e} otherwise.
 */
final class CertainDraw {
    private CertainDraw() {}

    /** Whether no window of {@code lines} (X's then O's) passes that test. */
    static boolean of(Geometry geometry, int[] lines, int winLength, int empty, boolean xToMove) {
        int lineCount = geometry.lineCount;
        int[] mask = geometry.lineMask;
        int window = (1 << winLength) - 1;
        for (int line = 0; line < lineCount; line++) {
            int cells = mask[line];
            int x = lines[line];
            int o = lines[lineCount + line];
            for (int shift = 0;
                    shift + winLength <= 32 - Integer.numberOfLeadingZeros(cells);
                    shift++) {
                int w = window << shift;
                if ((w & cells) != w) {
                    continue;
                }
                if ((w & o) == 0
                        && completable(winLength - Integer.bitCount(w & x), xToMove, empty)) {
                    return false;
                }
                if ((w & x) == 0
                        && completable(winLength - Integer.bitCount(w & o), !xToMove, empty)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Whether the owner of an open window with {@code missing} empty cells can still fill it. */
    private static boolean completable(int missing, boolean ownerToMove, int empty) {
        int opponentMoves = ownerToMove ? missing - 1 : missing;
        return empty - missing >= opponentMoves;
    }
}
