package dev.tictactoe.server.game;

import dev.tictactoe.protocol.Seat;

import java.util.ArrayList;
import java.util.List;

/**
 * A deliberately plain reference for the engine: a grid of marks, scanned cell by cell along rows,
 * columns and diagonals. Slow, obvious, and independent of the bitboards.
 */
final class NaiveBoard {
    private static final int[][] DIRECTIONS = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};

    final int n;
    final int k;
    final Seat[][] grid;
    private final List<int[]> windows;

    NaiveBoard(Rules rules) {
        n = rules.size();
        k = rules.winLength();
        grid = new Seat[n][n];
        windows = allWindows();
    }

    void set(int cell, Seat mark) {
        grid[cell / n][cell % n] = mark;
    }

    Seat at(int cell) {
        return grid[cell / n][cell % n];
    }

    /** Every window of k cells in a straight line, as arrays of cells. */
    List<int[]> windows() {
        return windows;
    }

    private List<int[]> allWindows() {
        List<int[]> windows = new ArrayList<>();
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < n; c++) {
                for (int[] d : DIRECTIONS) {
                    int endR = r + d[0] * (k - 1);
                    int endC = c + d[1] * (k - 1);
                    if (endR < 0 || endR >= n || endC < 0 || endC >= n) {
                        continue;
                    }
                    int[] window = new int[k];
                    for (int i = 0; i < k; i++) {
                        window[i] = (r + d[0] * i) * n + (c + d[1] * i);
                    }
                    windows.add(window);
                }
            }
        }
        return windows;
    }

    /** Whether {@code mark} has k in a row anywhere. */
    boolean hasLine(Seat mark) {
        for (int[] window : windows()) {
            boolean all = true;
            for (int cell : window) {
                all &= at(cell) == mark;
            }
            if (all) {
                return true;
            }
        }
        return false;
    }

    /** Whether every window holds both marks. */
    boolean deadDraw() {
        for (int[] window : windows()) {
            boolean x = false;
            boolean o = false;
            for (int cell : window) {
                x |= at(cell) == Seat.X;
                o |= at(cell) == Seat.O;
            }
            if (!(x && o)) {
                return false;
            }
        }
        return true;
    }

    /** Cells of the maximal runs of the mark on {@code cell} through it that reach length k. */
    List<int[]> runsThrough(int cell) {
        Seat mark = at(cell);
        List<int[]> runs = new ArrayList<>();
        for (int[] d : DIRECTIONS) {
            int r = cell / n;
            int c = cell % n;
            while (inside(r - d[0], c - d[1]) && grid[r - d[0]][c - d[1]] == mark) {
                r -= d[0];
                c -= d[1];
            }
            List<Integer> run = new ArrayList<>();
            while (inside(r, c) && grid[r][c] == mark) {
                run.add(r * n + c);
                r += d[0];
                c += d[1];
            }
            if (run.size() >= k) {
                runs.add(run.stream().mapToInt(Integer::intValue).sorted().toArray());
            }
        }
        return runs;
    }

    private boolean inside(int r, int c) {
        return r >= 0 && r < n && c >= 0 && c < n;
    }
}
