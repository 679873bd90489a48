package dev.tictactoe.server.bot;

import java.util.SplittableRandom;

/**
 * HARD's search for k = 4..6: the {@link RootThreats}, then {@link PvsSearch} with a search for
 * fours at the horizon, and futility pruning and razoring near it.
 */
final class GomokuSearch extends PvsSearch {

    static final int LEAF_VCF_DEPTH = 4;
    static final int LEAF_VCF_NODES = 60;

    /** Plies left from which a node searches only the stops to the opponent's win by fours. */
    static final int DEFENCE_DEPTH = 3;

    static final int DEFENCE_NODES = 200;

    /** Late-move reductions: from this move index on, at nodes with this many plies left. */
    static final int LMR_FROM = 4;

    static final int LMR_DEPTH = 3;

    /** Plies left up to which a quiet null-window node may be cut by its static value. */
    static final int PRUNE_DEPTH = 2;

    static final int FUTILITY_MARGIN = 300;
    static final int RAZOR_MARGIN = 450;
    static final int ASPIRATION = 60;
    private final PatternBoard b;
    private final Threats threats;
    private final int maxDepth;
    private final long start;
    private final long deadline;
    private final long nodeLimit;
    private final int[][] moveBuf = new int[MAX_PLY + 1][];
    private final int[][] scoreBuf = new int[MAX_PLY + 1][];
    private final int[] fives = new int[2];
    private final GomokuMoves moves;
    private boolean clockOn;

    GomokuSearch(
            PatternBoard b,
            TranspositionTable table,
            int maxDepth,
            Budget budget,
            SplittableRandom random) {
        super(table, b.cells);
        this.b = b;
        this.threats = new Threats(b);
        this.maxDepth = Math.min(maxDepth, MAX_PLY - 2);
        this.start = budget.start();
        this.deadline = budget.deadline();
        this.nodeLimit = budget.nodes();
        for (int i = 0; i <= MAX_PLY; i++) {
            moveBuf[i] = new int[b.cells];
            scoreBuf[i] = new int[b.cells];
        }
        moves = new GomokuMoves(b, threats, this, random);
    }

    @Override
    void play(int cell) {
        b.play(cell);
    }

    @Override
    void undo() {
        b.undo();
    }

    @Override
    boolean isEmpty(int cell) {
        return b.stone[cell] == 0;
    }

    /** Searches the position (not over; no win in one and no single block). */
    BotMove run() {
        table.newSearch();
        RootThreats rootThreats = new RootThreats(b, threats, start, deadline, nodeLimit);
        String win = rootThreats.ownWin();
        if (win != null) {
            return result(threats.firstMove, Bot.WIN - 3, 1, win);
        }
        int[] root = moveBuf[0];
        int n = rootThreats.refute(root, moves.candidates(0, root, scoreBuf[0], -1, true, 0));
        return iterate(root, n);
    }

    private BotMove iterate(int[] root, int n) {
        if (n == 1) {
            String note = b.moveCount == 0 ? "takes the centre" : "the one move that holds";
            return result(root[0], 0, 1, note);
        }
        int bestScore = deepen(root, n, maxDepth, ASPIRATION);
        return result(root[0], bestScore, completed, Bot.depthNote(completed, bestScore));
    }

    private BotMove result(int cell, int score, int depth, String note) {
        return new BotMove(cell, Level.HARD, false, score, depth, nodes + threats.nodes, note);
    }

    @Override
    void startIteration(int depth) {
        clockOn = depth > 1; // the short first iteration always completes: there is always a move
    }

    // The node limit at every node (so a limited search replays exactly), the clock every 16.
    private boolean outOfTime() {
        if (nodes++ + threats.nodes >= nodeLimit
                || (clockOn && (nodes & 15) == 0 && System.nanoTime() > deadline)) {
            aborted = true;
        }
        return aborted;
    }

    private long threatBudget(int wanted) {
        return Math.max(1, Math.min(wanted, nodeLimit - nodes - threats.nodes));
    }

    @Override
    int search(int depth, int ply, int alpha, int beta) {
        if (outOfTime()) {
            return 0;
        }
        int me = b.side;
        int op = 1 - me;
        if (b.canWin(me)) {
            return Bot.WIN - (ply + 1);
        }
        int forced = CellScan.winningCells(b, op, fives, 2);
        if (forced >= 2) {
            return -(Bot.WIN - (ply + 2));
        }
        if (forced == 0
                && b.count[me][Patterns.OPEN_FOUR] > 0
                && b.count[op][Patterns.FOUR] == 0
                && b.count[op][Patterns.OPEN_FOUR] == 0) {
            // An open four next, and the opponent has no four to gain a tempo with.
            return Bot.WIN - (ply + 3);
        }
        if (b.full()) {
            return 0;
        }
        alpha = Math.max(alpha, -(Bot.WIN - (ply + 2)));
        beta = Math.min(beta, Bot.WIN - (ply + 3));
        if (alpha >= beta) {
            return alpha;
        }
        if (ply >= MAX_PLY - 1) {
            return evaluate();
        }
        if (depth <= 0 && forced == 0) {
            return horizon(ply);
        }
        long key = b.hash;
        int cutoff = probe(key, depth, ply, alpha, beta);
        if (cutoff != NO_CUTOFF) {
            return cutoff;
        }
        if (forced == 0
                && depth <= PRUNE_DEPTH
                && beta - alpha == 1
                && b.count[op][Patterns.OPEN_FOUR] == 0) {
            int eval = evaluate();
            if (eval - FUTILITY_MARGIN * depth >= beta) {
                return eval;
            }
            if (eval + RAZOR_MARGIN * depth < alpha) {
                int win = quickWin(ply);
                return win != 0 ? win : eval;
            }
        }
        int[] ms = moveBuf[ply];
        int n;
        int childDepth = depth - 1;
        if (forced == 1) {
            ms[0] = fives[0];
            n = 1;
            childDepth = depth; // a forced reply costs no depth
        } else {
            int only =
                    depth >= DEFENCE_DEPTH
                            ? moves.opponentThreat(
                                    threatBudget(DEFENCE_NODES),
                                    clockOn ? deadline : Long.MAX_VALUE)
                            : 0;
            n = moves.candidates(ply, ms, scoreBuf[ply], ttMove, false, only);
            if (n == 0 && only != 0) {
                n = moves.candidates(ply, ms, scoreBuf[ply], ttMove, false, 0);
            }
            if (n == 0) {
                return evaluate();
            }
        }
        return searchMoves(key, ms, n, depth, childDepth, ply, alpha, beta, forced == 1);
    }

    /** A late quiet move is first searched a ply shallower. */
    @Override
    int reduction(int i, int depth) {
        if (i < LMR_FROM || depth < LMR_DEPTH) {
            return 0;
        }
        int mover = 1 - b.side;
        if (b.count[mover][Patterns.FIVE] > 0 || b.count[mover][Patterns.OPEN_FOUR] > 0) {
            return 0;
        }
        return 1;
    }

    private int horizon(int ply) {
        int win = quickWin(ply);
        return win != 0 ? win : evaluate();
    }

    private int quickWin(int ply) {
        boolean wins =
                threats.vcf(
                        LEAF_VCF_DEPTH,
                        threatBudget(LEAF_VCF_NODES),
                        clockOn ? deadline : Long.MAX_VALUE);
        return wins ? Bot.WIN - (ply + 2 * LEAF_VCF_DEPTH + 1) : 0;
    }

    int evaluate() {
        int v = Evaluation.of(b);
        return Math.max(-MATE_BOUND + 1, Math.min(MATE_BOUND - 1, v));
    }
}
