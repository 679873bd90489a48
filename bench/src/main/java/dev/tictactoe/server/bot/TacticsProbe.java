package dev.tictactoe.server.bot;

import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Rules;

/**
 * Deep threat searches on a {@link Board} for the bench's tactical suite; the bot never calls them.
 */
public final class TacticsProbe {

    static final int DEPTH = 12;

    private TacticsProbe() {}

    /** Whether neither side can complete a line with one move. */
    public static boolean quiet(Board board) {
        Position pos = Position.of(board);
        return pos.fours[0].size == 0 && pos.fours[1].size == 0;
    }

    /** Whether the threat searches cover these rules. */
    public static boolean handles(Rules rules) {
        return PatternBoard.handles(rules.winLength());
    }

    /** The nodes a fresh search needs to win by threats (or the opponent's), or -1. */
    public static long threatNodes(Board board, boolean opponent, int depth, long cap) {
        PatternBoard b = PatternBoard.of(board);
        if (opponent) {
            b.pass();
        }
        Threats t = new Threats(b);
        return wins(t, depth, cap) ? t.nodes : -1;
    }

    /** Whether the side to move wins by continuous fours (0) or by threes and fours (1), or -1. */
    public static int win(Board board, long nodes) {
        PatternBoard b = PatternBoard.of(board);
        Threats t = new Threats(b);
        if (t.vcf(DEPTH, nodes, Long.MAX_VALUE)) {
            return 0;
        }
        return t.vct(DEPTH / 2, nodes, Long.MAX_VALUE) ? 1 : -1;
    }

    /** Whether the side not to move would win by threats were it its turn. */
    public static boolean threatenedByThreats(Board board, long nodes) {
        PatternBoard b = PatternBoard.of(board);
        b.pass();
        return wins(new Threats(b), DEPTH / 2, nodes);
    }

    // A win by fours, else by threes and fours within `depth` attacker moves.
    private static boolean wins(Threats t, int depth, long nodes) {
        return t.vcf(DEPTH, nodes, Long.MAX_VALUE) || t.vct(depth, nodes, Long.MAX_VALUE);
    }

    /** Whether after {@code move} complete searches find the opponent no win by threats. */
    public static boolean holds(Board board, int move, long nodes) {
        PatternBoard b = PatternBoard.of(board);
        b.play(move);
        if (b.canWin(b.side)) {
            return false;
        }
        Threats t = new Threats(b);
        if (t.vcf(DEPTH, nodes, Long.MAX_VALUE) || t.aborted) {
            return false;
        }
        return !t.vct(DEPTH / 2, nodes, Long.MAX_VALUE) && !t.aborted;
    }

    /** How many moves near the stones {@link #holds hold}, counting up to {@code limit}. */
    public static int holdingMoves(Board board, long nodes, int limit) {
        PatternBoard b = PatternBoard.of(board);
        int[] cells = new int[b.cells];
        int held = 0;
        for (int i = 0, n = CellScan.candidates(b, cells); i < n && held < limit; i++) {
            if (holds(board, cells[i], nodes)) {
                held++;
            }
        }
        return held;
    }

    /** Whether the side not to move would win by continuous fours if it were its turn. */
    public static boolean threatened(Board board, long nodes) {
        PatternBoard b = PatternBoard.of(board);
        b.pass();
        return new Threats(b).vcf(DEPTH, nodes, Long.MAX_VALUE);
    }

    /** Whether the side to move can win at once or make an open four (the position is decided). */
    public static boolean trivial(Board board) {
        PatternBoard b = PatternBoard.of(board);
        int[] cells = new int[b.cells];
        if (b.canWin(b.side) || b.canWin(1 - b.side)) {
            return true;
        }
        for (int i = 0, n = CellScan.candidates(b, cells); i < n; i++) {
            if (b.makesOpenFour(b.side, cells[i])) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code move} makes five, or leaves a win by threats after every reply. */
    public static boolean keepsTheWin(Board board, int move, long nodes) {
        PatternBoard b = PatternBoard.of(board);
        if (b.best(b.side, move) == Patterns.FIVE) {
            return true;
        }
        b.play(move);
        if (b.canWin(b.side)) {
            return false;
        }
        int[] replies = new int[b.cells];
        int n = CellScan.candidates(b, replies);
        Threats t = new Threats(b);
        for (int i = 0; i < n; i++) {
            b.play(replies[i]);
            boolean won = wins(t, DEPTH / 2, nodes);
            b.undo();
            if (!won) {
                return false;
            }
        }
        return true;
    }

    /** Whether after {@code move} the opponent no longer wins by continuous fours. */
    public static boolean refutes(Board board, int move, long nodes) {
        PatternBoard b = PatternBoard.of(board);
        b.play(move);
        return !new Threats(b).vcf(DEPTH, nodes, Long.MAX_VALUE);
    }

    /** Whether some move near the stones refutes the opponent's win by fours. */
    public static boolean refutable(Board board, long nodes) {
        PatternBoard b = PatternBoard.of(board);
        int[] cells = new int[b.cells];
        Threats t = new Threats(b);
        for (int i = 0, n = CellScan.candidates(b, cells); i < n; i++) {
            b.play(cells[i]);
            boolean holds = !t.vcf(DEPTH, nodes, Long.MAX_VALUE) && !t.aborted;
            b.undo();
            if (holds) {
                return true;
            }
        }
        return false;
    }
}
