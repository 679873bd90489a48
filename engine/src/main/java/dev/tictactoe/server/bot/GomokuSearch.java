package dev.tictactoe.server.bot;

import dev.tictactoe.protocol.BotLevel;

import java.util.SplittableRandom;

/** HARD for k = 4..6: {@link RootThreats}, then PVS with fours at the horizon and pruning. */
final class GomokuSearch extends PvsSearch {

    static final int LEAF_VCF_DEPTH = 4;
    static final int LEAF_VCF_NODES = 60;

    /** Plies left from which a node searches only the stops to the opponent's win by fours. */
    static final int DEFENCE_DEPTH = 3;

    static final int DEFENCE_NODES = 200;

    // Late-move reductions: from this move index on, at nodes with this many plies left.
    static final int LMR_FROM = 4;
    static final int LMR_DEPTH = 3;

    /** Plies left up to which a quiet null-window node may be cut by its static value. */
    static final int PRUNE_DEPTH = 2;

    static final int FUTILITY_MARGIN = 300;
    static final int RAZOR_MARGIN = 450;
    static final int ASPIRATION = 60;
    private final PatternBoard b;
    private final Threats threats;
    private final long start;
    private final GomokuMoves moves;
    private long until = Long.MAX_VALUE; // the deadline, once the clock is on

    GomokuSearch(
            PatternBoard b,
            TranspositionTable table,
            int maxDepth,
            Budget budget,
            SplittableRandom random) {
        super(b, table, Math.min(maxDepth, MAX_PLY - 2), budget, random);
        this.b = b;
        this.threats = new Threats(b);
        this.start = budget.start();
        moves = new GomokuMoves(b, threats, this, random);
    }

    /** Searches the position (not over; no win in one and no single block). */
    BotMove run() {
        table.newSearch();
        RootThreats rootThreats = new RootThreats(b, threats, start, deadline, nodeLimit);
        String win = rootThreats.ownWin();
        if (win != null) {
            return result(threats.firstMove, Bot.WIN - 3, 1, win);
        }
        int[] root = moveBuffers[0];
        int n = rootThreats.refute(root, moves.candidates(0, root, scoreBuffers[0], -1, true, 0));
        if (n == 1) {
            String note =
                    rootThreats.shownToHold
                            ? "the one move that holds"
                            : "the one move not shown to lose";
            return result(root[0], 0, 1, b.moveCount == 0 ? "takes the centre" : note);
        }
        int bestScore = deepen(root, n, maxDepth, ASPIRATION);
        return result(root[0], bestScore, completed, Bot.depthNote(completed, bestScore));
    }

    private BotMove result(int cell, int score, int depth, String note) {
        return new BotMove(cell, BotLevel.HARD, false, score, depth, nodes + threats.nodes, note);
    }

    @Override
    void startIteration(int depth) {
        // The short first iteration always completes: there is always a move.
        until = depth > 1 ? deadline : Long.MAX_VALUE;
    }

    // The node limit at every node (so a limited search replays exactly), the clock every 16.
    @Override
    boolean outOfTime() {
        if (nodes++ + threats.nodes >= nodeLimit
                || ((nodes & 15) == 0 && System.nanoTime() > until)) {
            aborted = true;
        }
        return aborted;
    }

    private long threatBudget(int wanted) {
        return Math.max(1, Math.min(wanted, nodeLimit - nodes - threats.nodes));
    }

    @Override
    int decided(int forced, int ply) {
        int me = b.side;
        int op = 1 - me;
        if (forced == 0
                && b.count[me][Patterns.OPEN_FOUR] > 0
                && b.count[op][Patterns.FOUR] == 0
                && b.count[op][Patterns.OPEN_FOUR] == 0) {
            // An open four next, and the opponent has no four to gain a tempo with.
            return Bot.WIN - (ply + 3);
        }
        return b.full() ? 0 : NO_CUTOFF;
    }

    /** Futility pruning and razoring of a null-window node near the horizon. */
    @Override
    int prune(int depth, int ply, int alpha, int beta) {
        if (depth > PRUNE_DEPTH
                || beta - alpha != 1
                || b.count[1 - b.side][Patterns.OPEN_FOUR] != 0) {
            return NO_CUTOFF;
        }
        int eval = evaluate();
        if (eval - FUTILITY_MARGIN * depth >= beta) {
            return eval;
        }
        if (eval + RAZOR_MARGIN * depth < alpha) {
            int win = quickWin(ply);
            return win != 0 ? win : eval;
        }
        return NO_CUTOFF;
    }

    @Override
    int moves(int ply, int depth, int[] ms, int[] scores) {
        int only =
                depth >= DEFENCE_DEPTH
                        ? moves.opponentThreat(threatBudget(DEFENCE_NODES), until)
                        : 0;
        int n = moves.candidates(ply, ms, scores, ttMove, false, only);
        return n == 0 && only != 0 ? moves.candidates(ply, ms, scores, ttMove, false, 0) : n;
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

    @Override
    int horizon(int ply) {
        int win = quickWin(ply);
        return win != 0 ? win : evaluate();
    }

    private int quickWin(int ply) {
        boolean wins = threats.vcf(LEAF_VCF_DEPTH, threatBudget(LEAF_VCF_NODES), until);
        return wins ? Bot.WIN - (ply + 2 * LEAF_VCF_DEPTH + 1) : 0;
    }

    @Override
    int evaluate() {
        int v = Evaluation.of(b);
        return Math.max(-MATE_BOUND + 1, Math.min(MATE_BOUND - 1, v));
    }
}
