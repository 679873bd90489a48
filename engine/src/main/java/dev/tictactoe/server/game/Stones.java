package dev.tictactoe.server.game;

import dev.tictactoe.protocol.Seat;

import org.jspecify.annotations.Nullable;

/** Each side's stones (X 0, O 1) as one int per line, so runs are measured with bit scans. */
final class Stones {
    private final int size;
    private final int winLength;
    private final int lineCount;
    private final Geometry geometry;
    private final int[] cellInfo;
    private final int[] lines; // X's lines then O's lines

    Stones(Geometry geometry, int winLength) {
        this.geometry = geometry;
        this.winLength = winLength;
        size = geometry.size;
        lineCount = geometry.lineCount;
        cellInfo = geometry.cellInfo;
        lines = new int[2 * lineCount];
    }

    void copyFrom(Stones other) {
        System.arraycopy(other.lines, 0, lines, 0, lines.length);
    }

    boolean occupied(int cell) {
        int g = cell << 2;
        int row = cellInfo[g];
        return (((lines[row] | lines[lineCount + row]) >>> cellInfo[g + 1]) & 1) != 0;
    }

    @Nullable Seat at(int cell) {
        int g = cell << 2;
        int row = cellInfo[g];
        int bit = 1 << cellInfo[g + 1];
        if ((lines[row] & bit) != 0) {
            return Seat.X;
        }
        return (lines[lineCount + row] & bit) != 0 ? Seat.O : null;
    }

    /** Puts a stone on {@code cell}; returns the first direction it makes k in, or -1. */
    int place(int mark, int cell) {
        int g = cell << 2;
        int row = cellInfo[g];
        int col = cellInfo[g + 1];
        int base = mark * lineCount;
        int colBit = 1 << col;
        // The updated lines come back as values: the win check reads them without reloading.
        int rowBits = set(base + row, colBit);
        int colBits = set(base + size + col, 1 << row);
        int diagonalBits = set(base + cellInfo[g + 2], colBit);
        int antiBits = set(base + cellInfo[g + 3], colBit);
        if (run(rowBits, col) >= winLength) {
            return Geometry.ROW;
        }
        if (run(colBits, row) >= winLength) {
            return Geometry.COLUMN;
        }
        if (run(diagonalBits, col) >= winLength) {
            return Geometry.DIAGONAL;
        }
        return run(antiBits, col) >= winLength ? Geometry.ANTI_DIAGONAL : -1;
    }

    private int set(int line, int bit) {
        int bits = lines[line] | bit;
        lines[line] = bits;
        return bits;
    }

    void remove(int mark, int cell) {
        int g = cell << 2;
        int row = cellInfo[g];
        int col = cellInfo[g + 1];
        int base = mark * lineCount;
        int colBit = ~(1 << col);
        lines[base + row] &= colBit;
        lines[base + size + col] &= ~(1 << row);
        lines[base + cellInfo[g + 2]] &= colBit;
        lines[base + cellInfo[g + 3]] &= colBit;
    }

    /** Length of the run of set bits in {@code line} that contains bit {@code pos} (0 if clear). */
    private static int run(int line, int pos) {
        // Ones from pos upwards, plus ones from pos downwards, counting pos itself once.
        return Integer.numberOfTrailingZeros(~(line >>> pos))
                + Integer.numberOfLeadingZeros(~(line << (31 - pos)))
                - 1;
    }

    int empties(int[] out) {
        int full = (1 << size) - 1;
        int count = 0;
        for (int row = 0; row < size; row++) {
            int empty = full & ~(lines[row] | lines[lineCount + row]);
            while (empty != 0) {
                out[count++] = row * size + Integer.numberOfTrailingZeros(empty);
                empty &= empty - 1;
            }
        }
        return count;
    }

    /** Whether no window open to one side can still be filled, given the empty cells left. */
    boolean certainDraw(int empty, boolean xToMove) {
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
