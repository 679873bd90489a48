package dev.tictactoe.server.bot;

/**
 * Threat-space search on a {@link PatternBoard}: does the side to move win by a chain of fours
 * (VCF), or of fours and open threes (VCT), each answered by every defence that could matter? A
 * four has one answer, the completing cell; an open three is answered by any cell where the
 * attacker would make a four or better, or by a four of the defender's own. Sound but not complete:
 * a defender's four ends the attack (the attacker's block is not searched), so a win it reports is
 * real and a failure only means none was found within the limits.
 */
final class Threats {

    /** Deepest chain of attacker moves. */
    static final int MAX_DEPTH = 16;

    /** Deepest line in plies, forced blocks included (bounds the buffers). */
    private static final int MAX_LEVEL = 2 * MAX_DEPTH + 8;

    private final PatternBoard b;
    private final int[][] moves;
    private final int[][] scores;
    private final int[] blocks = new int[2];
    private final int[] area;
    private long budget;
    private long deadline;
    private boolean threes;

    /** Nodes visited by every call so far. */
    long nodes;

    /** Set when the last call ran out of nodes or time. */
    boolean aborted;

    /** The attacker's first move of the last win found. */
    int firstMove = -1;

    Threats(PatternBoard b) {
        this.b = b;
        moves = new int[MAX_LEVEL + 1][b.cells];
        scores = new int[MAX_LEVEL + 1][b.cells];
        area = new int[b.cells];
    }

    /** Whether the side to move wins by continuous fours within {@code depth} of its moves. */
    boolean vcf(int depth, long nodeBudget, long deadline) {
        return start(false, depth, nodeBudget, deadline);
    }

    /** Whether the side to move wins by fours and open threes within {@code depth} of its moves. */
    boolean vct(int depth, long nodeBudget, long deadline) {
        return start(true, depth, nodeBudget, deadline);
    }

    private boolean start(boolean withThrees, int depth, long nodeBudget, long deadline) {
        this.threes = withThrees;
        this.budget = nodes + nodeBudget;
        this.deadline = deadline;
        aborted = false;
        firstMove = -1;
        return attack(Math.min(depth, MAX_DEPTH), 0);
    }

    private boolean stop() {
        if (++nodes >= budget || ((nodes & 15) == 0 && System.nanoTime() > deadline)) {
            aborted = true;
        }
        return aborted;
    }

    // The attacker is to move.
    private boolean attack(int depth, int level) {
        if (stop() || level >= MAX_LEVEL) {
            return false;
        }
        int att = b.side;
        int def = 1 - att;
        if (b.canWin(att)) {
            if (level == 0) {
                b.winningCells(att, blocks, 1);
                firstMove = blocks[0];
            }
            return true;
        }
        if (b.canWin(def)) {
            // The attacker must block; the attack goes on only if the block is itself a threat.
            if (b.winningCells(def, blocks, 2) > 1) {
                return false;
            }
            int w = blocks[0];
            b.play(w);
            boolean won = defend(depth, level + 1);
            b.undo();
            if (won && level == 0) {
                firstMove = w;
            }
            return won;
        }
        int[] ms = moves[level];
        int n = threatMoves(att, def, ms, scores[level], depth > 0 && threes);
        for (int i = 0; i < n; i++) {
            if (b.makesOpenFour(att, ms[i])) {
                if (level == 0) {
                    firstMove = ms[i];
                }
                return true;
            }
        }
        if (depth <= 0) {
            return false;
        }
        for (int i = 0; i < n && !aborted; i++) {
            int m = ms[i];
            b.play(m);
            boolean won = defend(depth - 1, level + 1);
            b.undo();
            if (won) {
                if (level == 0) {
                    firstMove = m;
                }
                return true;
            }
        }
        return false;
    }

    // The defender is to move, after an attacker's move.
    private boolean defend(int depth, int level) {
        if (stop() || level >= MAX_LEVEL) {
            return false;
        }
        int att = 1 - b.side;
        int def = b.side;
        if (b.canWin(def)) {
            return false;
        }
        if (b.canWin(att)) {
            if (b.winningCells(att, blocks, 2) > 1) {
                return true;
            }
            b.play(blocks[0]);
            boolean won = attack(depth, level + 1);
            b.undo();
            return won;
        }
        if (!threes || b.count[att][Patterns.OPEN_FOUR] == 0) {
            return false; // no threat left: the defender is free
        }
        int[] ds = moves[level];
        int n = defences(att, def, ds, scores[level]);
        for (int i = 0; i < n && !aborted; i++) {
            b.play(ds[i]);
            boolean won = attack(depth, level + 1);
            b.undo();
            if (!won) {
                return false;
            }
        }
        return !aborted;
    }

    // The attacker's fours (and, if asked, open threes), best first.
    private int threatMoves(int att, int def, int[] out, int[] score, boolean withThrees) {
        int min = withThrees ? Patterns.OPEN_THREE : Patterns.FOUR;
        int n = 0;
        int[] cs = area;
        for (int i = 0, all = b.candidates(cs); i < all; i++) {
            int c = cs[i];
            int best = b.best(att, c);
            if (best < min) {
                continue;
            }
            n = insert(out, score, n, c, best * 4096 + weight(att, c) + weight(def, c));
        }
        return n;
    }

    /**
     * Cells that may stop an attacker who threatens an open four: every cell where the attacker
     * would make a four or better, and every four of the defender's own.
     */
    int defences(int att, int def, int[] out, int[] score) {
        int n = 0;
        int[] cs = area;
        for (int i = 0, all = b.candidates(cs); i < all; i++) {
            int c = cs[i];
            int a = b.best(att, c);
            if (a < Patterns.FOUR && b.best(def, c) < Patterns.FOUR) {
                continue;
            }
            n = insert(out, score, n, c, a * 4096 + weight(att, c) + weight(def, c));
        }
        return n;
    }

    private int weight(int s, int c) {
        byte[] p = b.pattern[s];
        int base = 4 * c;
        return PatternBoard.VALUE[p[base]]
                + PatternBoard.VALUE[p[base + 1]]
                + PatternBoard.VALUE[p[base + 2]]
                + PatternBoard.VALUE[p[base + 3]];
    }

    /** Inserts {@code c} into the list sorted by descending score; returns the new length. */
    static int insert(int[] out, int[] score, int n, int c, int s) {
        int j = n;
        while (j > 0 && score[j - 1] < s) {
            out[j] = out[j - 1];
            score[j] = score[j - 1];
            j--;
        }
        out[j] = c;
        score[j] = s;
        return n + 1;
    }
}
