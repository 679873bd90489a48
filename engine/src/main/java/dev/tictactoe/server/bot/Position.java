package dev.tictactoe.server.bot;

import dev.tictactoe.server.game.Board;

/** A search position on any k: stones per window of k cells, and hashes under 8 symmetries. */
final class Position extends SearchBoard {

    /** Value of a window by the number of stones still missing in it (index 1..). */
    private static final int[] MISSING_WEIGHT = {0, 1 << 15, 1 << 12, 1 << 9, 1 << 6, 1 << 3};

    final int[] count; // count[2*window + side]: stones of that side in the window

    final int[] open = new int[2]; // windows with no stone of the other side
    final IndexSet[] fours = new IndexSet[2]; // windows one move from a line, the other side none
    final IndexSet[] threes = new IndexSet[2]; // windows two moves from a line, the other side none

    int eval; // sum of window values, positive when good for X

    boolean won;

    final long[] hashes = new long[8]; // hashes[s]: the position seen through symmetry s

    private final int[] windowWeight;

    /** {@code cellValue[mine*(k+1) + theirs]}: what a stone adds through one such window. */
    private final int[] cellValue;

    Position(Lines lines, int firstSide) {
        super(lines, firstSide);
        this.count = new int[2 * lines.windows];
        for (int s = 0; s < 2; s++) {
            fours[s] = new IndexSet(lines.windows);
            threes[s] = new IndexSet(lines.windows);
            open[s] = lines.windows;
        }
        windowWeight = new int[k + 1];
        for (int n = 1; n < k; n++) {
            int missing = k - n;
            windowWeight[n] = missing < MISSING_WEIGHT.length ? MISSING_WEIGHT[missing] : 1;
        }
        cellValue = new int[(k + 1) * (k + 1)];
        for (int a = 0; a < k; a++) {
            for (int b = 0; b < k; b++) {
                int attack = b > 0 ? 0 : a + 1 == k ? 1 << 20 : windowWeight[a + 1];
                int defence = a > 0 || b == 0 ? 0 : windowWeight[b] + (b == k - 1 ? 1 << 19 : 0);
                cellValue[a * (k + 1) + b] = attack + defence - (defence >> 2);
            }
        }
        if (firstSide == 1) {
            for (int s = 0; s < 8; s++) {
                hashes[s] = Lines.SIDE_KEY;
            }
        }
    }

    static Position of(Board board) {
        return replay(board, new Position(Lines.of(board.rules()), board.first().ordinal()));
    }

    /** Plays {@code cell} for the side to move; {@link #won} tells if it completes a line. */
    @Override
    void play(int cell) {
        int me = side;
        int[] count = this.count;
        boolean line = false;
        for (int w : lines.windowsOf[cell]) {
            account(w, -1);
            if (++count[2 * w + me] == k) {
                line = true;
            }
            account(w, 1);
        }
        for (int s = 0; s < 8; s++) {
            hashes[s] ^= lines.keys[s][cell * 2 + me] ^ Lines.SIDE_KEY;
        }
        place(cell);
        won = line;
    }

    @Override
    void undo() {
        int cell = lift();
        int me = side;
        for (int w : lines.windowsOf[cell]) {
            account(w, -1);
            count[2 * w + me]--;
            account(w, 1);
        }
        for (int s = 0; s < 8; s++) {
            hashes[s] ^= lines.keys[s][cell * 2 + me] ^ Lines.SIDE_KEY;
        }
        won = false;
    }

    // Adds (sign 1) or removes (-1) window w's share of the summaries around a change.
    private void account(int w, int sign) {
        int x = count[2 * w];
        int o = count[2 * w + 1];
        if (o == 0) {
            open[0] += sign;
            track(0, x, w, sign);
            eval += sign * windowWeight[x];
        }
        if (x == 0) {
            open[1] += sign;
            track(1, o, w, sign);
            eval -= sign * windowWeight[o];
        }
    }

    private void track(int s, int n, int w, int sign) {
        IndexSet set = n == k - 1 ? fours[s] : n == k - 2 ? threes[s] : null;
        if (set != null && sign > 0) {
            set.add(w);
        } else if (set != null) {
            set.remove(w);
        }
    }

    int emptyCellOf(int w) {
        int base = w * k;
        for (int i = 0; i < k; i++) {
            int c = lines.windowCells[base + i];
            if (stone[c] == 0) {
                return c;
            }
        }
        throw new IllegalStateException("window " + w + " is full");
    }

    /** A cell where {@code s} completes a line at once, or -1. */
    int winningCell(int s) {
        IndexSet set = fours[s];
        return set.size == 0 ? -1 : emptyCellOf(set.items[0]);
    }

    @Override
    boolean canWin(int s) {
        return fours[s].size > 0;
    }

    @Override
    int winningCells(int s, int[] out, int limit) {
        IndexSet set = fours[s];
        int n = 0;
        for (int i = 0; i < set.size && n < limit; i++) {
            int c = emptyCellOf(set.items[i]);
            boolean seen = false;
            for (int j = 0; j < n && !seen; j++) {
                seen = out[j] == c;
            }
            if (!seen) {
                out[n++] = c;
            }
        }
        return n;
    }

    int evaluate() {
        return side == 0 ? eval : -eval;
    }

    int canonicalSymmetry() {
        int best = 0;
        for (int s = 1; s < 8; s++) {
            if (hashes[s] < hashes[best]) {
                best = s;
            }
        }
        return best;
    }

    @Override
    long hash() {
        return hashes[0];
    }

    /** How good {@code cell} is for side {@code s}: own lines built, the opponent's spoiled. */
    int cellScore(int cell, int s) {
        int[] count = this.count;
        int[] table = cellValue;
        int stride = k + 1;
        int score = 0;
        for (int w : lines.windowsOf[cell]) {
            score += table[count[2 * w + s] * stride + count[2 * w + 1 - s]];
        }
        return score;
    }

    /** A set of small ints with O(1) add, remove and iteration. */
    static final class IndexSet {
        final int[] items;
        private final int[] index;
        int size;

        IndexSet(int capacity) {
            items = new int[capacity];
            index = new int[capacity];
        }

        void add(int v) {
            index[v] = size;
            items[size++] = v;
        }

        void remove(int v) {
            int i = index[v];
            int last = items[--size];
            items[i] = last;
            index[last] = i;
        }
    }
}
