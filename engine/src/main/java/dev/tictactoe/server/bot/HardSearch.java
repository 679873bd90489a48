package dev.tictactoe.server.bot;

import dev.tictactoe.protocol.BotLevel;

import java.util.SplittableRandom;

/** HARD on any k by window counts: PVS with a search for fours at the root and the horizon. */
final class HardSearch extends PvsSearch {

    private static final int VCF_DEPTH_LEAF = 6;
    private static final int VCF_DEPTH_ROOT = 12;
    private static final int VCF_NODES_ROOT = 50_000;
    private static final int VCF_NODES_LEAF = 300;

    private static final int FULL_WIDTH_CELLS = 36; // bigger boards search only cells near stones
    private static final int WIDTH = 14;
    private final Position pos;
    private final int[][] vcfMoves;
    private final int[][] vcfCells;
    private final int[] seen;
    private int stamp;
    private int vcfFirstMove;
    private int vcfBudget;

    HardSearch(
            Position pos,
            TranspositionTable table,
            int maxDepth,
            Budget budget,
            SplittableRandom random) {
        super(pos, table, Math.min(maxDepth, MAX_PLY - 1), budget, random);
        this.pos = pos;
        vcfMoves = new int[VCF_DEPTH_ROOT + 2][pos.cells];
        vcfCells = new int[VCF_DEPTH_ROOT + 2][2];
        seen = new int[pos.cells];
    }

    /** Searches the position (not over, side to move has no win in one) and picks a move. */
    BotMove run() {
        table.newSearch();
        int vcfLength = vcf(VCF_DEPTH_ROOT, VCF_NODES_ROOT);
        if (vcfLength > 0 && !aborted) {
            int plies = 2 * vcfLength - 1;
            String note = "forced win by continuous fours";
            return new BotMove(
                    vcfFirstMove, BotLevel.HARD, false, Bot.WIN - plies, plies, nodes, note);
        }
        aborted = false;
        int[] root = moveBuffers[0];
        int n = candidates(0, root, scoreBuffers[0], -1, true);
        int score = deepen(root, n, maxDepth, 0);
        String note = Bot.depthNote(completed, score);
        return new BotMove(root[0], BotLevel.HARD, false, score, completed, nodes, note);
    }

    @Override
    boolean lastDepth(int depth) {
        return depth >= pos.empties();
    }

    @Override
    boolean outOfTime() {
        if ((++nodes & 255) == 0 && (nodes >= nodeLimit || System.nanoTime() > deadline)) {
            aborted = true;
        }
        return aborted;
    }

    @Override
    int decided(int forced, int ply) {
        boolean dead = pos.open[0] == 0 && pos.open[1] == 0;
        return pos.moveCount == pos.cells || dead ? 0 : NO_CUTOFF;
    }

    @Override
    int evaluate() {
        return pos.evaluate();
    }

    @Override
    int moves(int ply, int depth, int[] moves, int[] scores) {
        return candidates(ply, moves, scores, ttMove, false);
    }

    @Override
    int horizon(int ply) {
        int length = vcf(VCF_DEPTH_LEAF, VCF_NODES_LEAF);
        if (aborted) {
            return 0;
        }
        if (length > 0) {
            return Bot.WIN - (ply + 2 * length - 1);
        }
        return Math.max(-MATE_BOUND + 1, Math.min(MATE_BOUND - 1, pos.evaluate()));
    }

    /** The side to move's moves to a line by continuous fours, or 0; the first in vcfFirstMove. */
    private int vcf(int depth, int nodeBudget) {
        vcfBudget = nodeBudget;
        return vcfLevel(depth, 0);
    }

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
        int[] near = pos.near;
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
