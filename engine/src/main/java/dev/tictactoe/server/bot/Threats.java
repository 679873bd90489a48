package dev.tictactoe.server.bot;

/** Threat-space search: does the mover win by fours (VCF), or by fours and open threes (VCT)? */
final class Threats {

    static final int MAX_DEPTH = 16;

    /** Deepest line in plies, forced blocks included. */
    private static final int MAX_LEVEL = 2 * MAX_DEPTH + 8;

    private static final int FAILED_SLOTS = 1 << 14;

    /** Depth recorded for an attack that failed with nothing cut off by the depth limit. */
    private static final int EXHAUSTED = Integer.MAX_VALUE;

    private static final long THREES_KEY = 0x9E3779B97F4A7C15L;
    private final PatternBoard b;
    private final int[][] moves;
    private final int[][] scores;
    private final int[] blocks = new int[2];
    private final ThreatMoves generator;
    private final long[] failedKey = new long[FAILED_SLOTS];

    /** Attacker moves a failed attack had left (+1), or {@link #EXHAUSTED}; 0 for none. */
    private final int[] failedDepth = new int[FAILED_SLOTS];

    private long budget;
    private long deadline;
    private boolean threes;

    /** Set when the attack being searched left threats unexplored at its depth limit. */
    private boolean cut;

    long nodes; // nodes visited by every call so far

    boolean aborted;
    int firstMove = -1;

    // The last win found as played (against threes, the last defence tried at each step).
    final int[] line = new int[MAX_LEVEL + 1];
    int lineLength;

    // Every cell of the proof of the last win found: a stone off all their lines leaves it be.
    final int[] proof = new int[4096];
    int proofLength;
    private final int[] hint = new int[MAX_LEVEL + 1];
    private int hintLength;

    Threats(PatternBoard b) {
        this.b = b;
        moves = new int[MAX_LEVEL + 1][b.cells];
        scores = new int[MAX_LEVEL + 1][b.cells];
        generator = new ThreatMoves(b);
    }

    boolean vcf(int depth, long nodeBudget, long deadline) {
        return start(false, depth, nodeBudget, deadline);
    }

    boolean vct(int depth, long nodeBudget, long deadline) {
        return start(true, depth, nodeBudget, deadline);
    }

    private boolean start(boolean withThrees, int depth, long nodeBudget, long deadline) {
        this.threes = withThrees;
        this.budget = nodes + nodeBudget;
        this.deadline = deadline;
        aborted = false;
        firstMove = -1;
        lineLength = 0;
        proofLength = 0;
        int last = Math.min(depth, MAX_DEPTH);
        for (int d = withThrees ? 1 : last; d <= last; d++) {
            cut = false;
            if (attack(d, 0)) {
                return true;
            }
            if (aborted || !cut) {
                return false; // out of budget, or nothing was left unexplored at this depth
            }
        }
        return false;
    }

    private boolean stop() {
        if (++nodes >= budget || ((nodes & 15) == 0 && System.nanoTime() > deadline)) {
            aborted = true;
        }
        return aborted;
    }

    // A position where the attack failed before with at least as many moves left fails again.
    private boolean attack(int depth, int level) {
        if (stop()) {
            return false;
        }
        if (level >= MAX_LEVEL) {
            cut = true;
            return false;
        }
        long key = b.hash ^ (threes ? THREES_KEY : 0);
        int slot = (int) (key ^ (key >>> 32)) & (FAILED_SLOTS - 1);
        int known = failedDepth[slot];
        if (known != 0 && failedKey[slot] == key && (known == EXHAUSTED || known > depth)) {
            cut |= known != EXHAUSTED;
            return false;
        }
        boolean outerCut = cut;
        cut = false;
        boolean won = attackMoves(depth, level);
        if (!won && !aborted) {
            failedKey[slot] = key;
            failedDepth[slot] = cut ? depth + 1 : EXHAUSTED;
        }
        cut |= outerCut;
        return won;
    }

    private boolean attackMoves(int depth, int level) {
        int att = b.side;
        int def = 1 - att;
        if (b.canWin(att)) {
            b.winningCells(att, blocks, 1);
            prove(blocks[0]);
            return won(level, blocks[0], true);
        }
        if (b.canWin(def)) {
            // The attacker must block; the attack goes on only if the block is itself a threat.
            if (b.winningCells(def, blocks, 2) > 1) {
                return false;
            }
            int w = blocks[0];
            return tryMove(w, depth, level, true) && won(level, w, false);
        }
        boolean withThrees = depth > 0 && threes;
        int[] count = b.count[att];
        if (count[Patterns.FOUR] == 0
                && count[Patterns.OPEN_FOUR] == 0
                && (!withThrees || count[Patterns.OPEN_THREE] == 0)) {
            cut |= threes && depth <= 0 && count[Patterns.OPEN_THREE] > 0;
            return false; // not a single threat to make: the common case, answered at once
        }
        int[] ms = moves[level];
        int n = generator.threats(att, def, ms, scores[level], withThrees);
        for (int i = 0; i < n; i++) {
            if (b.makesOpenFour(att, ms[i])) {
                prove(ms[i]);
                return won(level, ms[i], true);
            }
        }
        if (level < hintLength) {
            // The move of the hinted line goes first, the rest keep their order.
            for (int i = 1; i < n; i++) {
                if (ms[i] == hint[level]) {
                    System.arraycopy(ms, 0, ms, 1, i);
                    ms[0] = hint[level];
                    break;
                }
            }
        }
        if (depth <= 0) {
            cut |= n > 0 || (threes && count[Patterns.OPEN_THREE] > 0);
            return false;
        }
        for (int i = 0; i < n && !aborted; i++) {
            if (tryMove(ms[i], depth - 1, level, true)) {
                return won(level, ms[i], false);
            }
        }
        return false;
    }

    // Plays `cell` as part of the proof, which keeps it only if the line goes on to win.
    private boolean tryMove(int cell, int depth, int level, boolean attacking) {
        int mark = proofLength;
        prove(cell);
        b.play(cell);
        boolean won = attacking ? defend(depth, level + 1) : attack(depth, level + 1);
        b.undo();
        if (!won) {
            proofLength = mark;
        }
        return won;
    }

    private void prove(int cell) {
        if (proofLength < proof.length) {
            proof[proofLength] = cell;
        }
        proofLength++;
    }

    /** Tries the last win's line first until {@link #clearHint}: it usually still wins. */
    void hintLastLine() {
        System.arraycopy(line, 0, hint, 0, lineLength);
        hintLength = lineLength;
    }

    void clearHint() {
        hintLength = 0;
    }

    private boolean won(int level, int cell, boolean last) {
        if (level == 0) {
            firstMove = cell;
        }
        if (last) {
            lineLength = level + 1;
        }
        line[level] = cell;
        return true;
    }

    private boolean defend(int depth, int level) {
        if (stop()) {
            return false;
        }
        if (level >= MAX_LEVEL) {
            cut = true;
            return false;
        }
        int att = 1 - b.side;
        int def = b.side;
        if (b.canWin(def)) {
            return false;
        }
        if (b.canWin(att)) {
            if (b.winningCells(att, blocks, 2) > 1) {
                line[level] = blocks[0];
                lineLength = level + 1;
                prove(blocks[0]);
                prove(blocks[1]);
                return true;
            }
            int block = blocks[0];
            return tryMove(block, depth, level, false) && won(level, block, false);
        }
        if (!threes || b.count[att][Patterns.OPEN_FOUR] == 0) {
            return false; // no threat left: the defender is free
        }
        int[] ds = moves[level];
        int n = generator.defences(att, def, ds, scores[level]);
        for (int i = 0; i < n && !aborted; i++) {
            if (!tryMove(ds[i], depth, level, false)) {
                return false;
            }
            line[level] = ds[i];
        }
        return !aborted;
    }
}
