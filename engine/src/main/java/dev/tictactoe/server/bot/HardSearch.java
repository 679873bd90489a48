package dev.tictactoe.server.bot;

import java.util.SplittableRandom;

/**
 * HARD's search on any k (window counts): {@link PvsSearch} with a search for fours at the root and
 * the horizon; on big boards only the best-looking cells near stones below the root.
 */
final class HardSearch extends PvsSearch {

    private static final int VCF_DEPTH_LEAF = 6;
    private static final int VCF_DEPTH_ROOT = 12;
    private static final int VCF_NODES_ROOT = 50_000;
    private static final int VCF_NODES_LEAF = 300;

    /** Boards up to this many cells search every empty cell; bigger ones only cells near stones. */
    private static final int FULL_WIDTH_CELLS = 36;

    private static final int WIDTH = 14;
    private final Position pos;
    private final int maxDepth;
    private final long deadline;
    private final long nodeLimit;
    private final SplittableRandom random;
    private final int[][] moveBuffers = new int[MAX_PLY + 1][];
    private final int[][] scoreBuffers = new int[MAX_PLY + 1][];
    private final int[] threats = new int[2];
    private final int[][] vcfMoves;
    private final int[][] vcfCells;
    private final int[] seen;
    private int stamp;

    HardSearch(
            Position pos,
            TranspositionTable table,
            int maxDepth,
            Budget budget,
            SplittableRandom random) {
        super(table, pos.cells);
        this.pos = pos;
        this.maxDepth = Math.min(maxDepth, MAX_PLY - 1);
        this.deadline = budget.deadline();
        this.nodeLimit = budget.nodes();
        this.random = random;
        int cells = pos.cells;
        for (int i = 0; i <= MAX_PLY; i++) {
            moveBuffers[i] = new int[cells];
            scoreBuffers[i] = new int[cells];
        }
        vcfMoves = new int[VCF_DEPTH_ROOT + 2][cells];
        vcfCells = new int[VCF_DEPTH_ROOT + 2][2];
        seen = new int[cells];
    }

    /** Searches the position (not over, side to move has no win in one) and picks a move. */
    BotMove run() {
        table.newSearch();
        int vcfLength = vcf(VCF_DEPTH_ROOT, VCF_NODES_ROOT);
        if (vcfLength > 0 && !aborted) {
            int plies = 2 * vcfLength - 1;
            String note = "forced win by continuous fours";
            return new BotMove(
                    vcfFirstMove, Level.HARD, false, Bot.WIN - plies, plies, nodes, note);
        }
        aborted = false;
        int[] root = moveBuffers[0];
        int n = candidates(0, root, scoreBuffers[0], -1, true);
        int score = deepen(root, n, maxDepth, 0);
        String note = Bot.depthNote(completed, score);
        return new BotMove(root[0], Level.HARD, false, score, completed, nodes, note);
    }

    @Override
    boolean lastDepth(int depth) {
        return depth >= pos.empties();
    }

    @Override
    void play(int cell) {
        pos.play(cell);
    }

    @Override
    void undo() {
        pos.undo();
    }

    @Override
    boolean isEmpty(int cell) {
        return pos.stone[cell] == 0;
    }

    private boolean outOfTime() {
        if ((++nodes & 255) == 0 && (nodes >= nodeLimit || System.nanoTime() > deadline)) {
            aborted = true;
        }
        return aborted;
    }

    @Override
    int search(int depth, int ply, int alpha, int beta) {
        if (outOfTime()) {
            return 0;
        }
        int me = pos.side;
        int opp = 1 - me;
        if (pos.fours[me].size > 0) {
            return Bot.WIN - (ply + 1);
        }
        int threatCount = pos.winningCells(opp, threats, 2);
        if (threatCount >= 2) {
            return -(Bot.WIN - (ply + 2));
        }
        if (pos.moveCount == pos.cells || (pos.open[me] == 0 && pos.open[opp] == 0)) {
            return 0;
        }
        alpha = Math.max(alpha, -(Bot.WIN - (ply + 2)));
        beta = Math.min(beta, Bot.WIN - (ply + 3));
        if (alpha >= beta) {
            return alpha;
        }
        if (ply >= MAX_PLY - 1) {
            return pos.evaluate();
        }
        if (depth <= 0 && threatCount == 0) {
            return horizon(ply);
        }
        long key = pos.hash();
        int cutoff = probe(key, depth, ply, alpha, beta);
        if (cutoff != NO_CUTOFF) {
            return cutoff;
        }
        int[] moves = moveBuffers[ply];
        int n;
        int childDepth;
        if (threatCount == 1) {
            moves[0] = threats[0];
            n = 1;
            childDepth = depth; // a forced reply costs no depth
        } else {
            n = candidates(ply, moves, scoreBuffers[ply], ttMove, false);
            childDepth = depth - 1;
            if (n == 0) {
                return pos.evaluate(); // nothing near the stones matters any more
            }
        }
        return searchMoves(key, moves, n, depth, childDepth, ply, alpha, beta, threatCount == 1);
    }

    private int horizon(int ply) {
        int length = vcf(VCF_DEPTH_LEAF, VCF_NODES_LEAF);
        if (aborted) {
            return 0;
        }
        if (length > 0) {
            return Bot.WIN - (ply + 2 * length - 1);
        }
        return Math.max(-MATE_BOUND + 1, Math.min(MATE_BOUND - 1, pos.evaluate()));
    }

    private int vcfFirstMove;

    /** The side to move's moves to a line by continuous fours, or 0; the first in vcfFirstMove. */
    private int vcf(int depth, int nodeBudget) {
        vcfBudget = nodeBudget;
        return vcfLevel(depth, 0);
    }

    private int vcfBudget;

    private int vcfLevel(int depth, int level) {
        if (outOfTime() || --vcfBudget < 0) {
            return 0;
        }
        int att = pos.side;
        int def = 1 - att;
        if (pos.fours[att].size > 0) {
            if (level == 0) {
                vcfFirstMove = pos.winningCell(att);
            }
            return 1;
        }
        int[] blocks = vcfCells[level];
        int threatCount = pos.winningCells(def, blocks, 2);
        if (threatCount >= 2 || depth <= 0) {
            return 0;
        }
        int[] moves = vcfMoves[level];
        int n = 0;
        if (threatCount == 1) {
            moves[n++] = blocks[0];
        } else {
            Position.IndexSet threes = pos.threes[att];
            int mark = ++stamp;
            int k = pos.k;
            for (int i = 0; i < threes.size; i++) {
                int base = threes.items[i] * k;
                for (int j = 0; j < k; j++) {
                    int c = pos.lines.windowCells[base + j];
                    if (pos.stone[c] == 0 && seen[c] != mark) {
                        seen[c] = mark;
                        moves[n++] = c;
                    }
                }
            }
        }
        int[] answer = vcfCells[level + 1];
        for (int i = 0; i < n; i++) {
            int m = moves[i];
            pos.play(m);
            int fours = pos.winningCells(att, answer, 2);
            if (fours == 0 || pos.fours[def].size > 0) {
                pos.undo();
                continue;
            }
            int length = 0;
            if (fours >= 2) {
                length = 2;
            } else {
                pos.play(answer[0]);
                int rest = vcfLevel(depth - 1, level + 1);
                pos.undo();
                if (rest > 0) {
                    length = rest + 1;
                }
            }
            pos.undo();
            if (aborted) {
                return 0;
            }
            if (length > 0) {
                if (level == 0) {
                    vcfFirstMove = m;
                }
                return length;
            }
        }
        return 0;
    }

    // Candidate moves, best first: the table's move, killers, then by score and history.
    private int candidates(int ply, int[] moves, int[] scores, int ttMove, boolean root) {
        int me = pos.side;
        boolean wide = pos.cells <= FULL_WIDTH_CELLS || pos.moveCount == 0;
        int keep = root || pos.cells <= FULL_WIDTH_CELLS ? pos.cells : WIDTH;
        int n = 0;
        byte[] stone = pos.stone;
        int[] near = pos.nearStones;
        for (int c = 0; c < pos.cells; c++) {
            if (stone[c] != 0 || (!wide && near[c] == 0)) {
                continue;
            }
            int value = pos.cellScore(c, me);
            if (value == 0 && !root) {
                continue; // in no window either side can complete: no better than a pass
            }
            int score;
            if (c == ttMove) {
                score = Integer.MAX_VALUE;
            } else {
                score = value + history[c] - 4 * pos.lines.centreDistance[c];
                if (isKiller(ply, c)) {
                    score += 1 << 14;
                }
                if (root) {
                    score += random.nextInt(4);
                }
            }
            if (n == keep && scores[n - 1] >= score) {
                continue;
            }
            n = ThreatMoves.insert(moves, scores, n == keep ? n - 1 : n, c, score);
        }
        return n;
    }
}
