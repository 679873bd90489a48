package dev.tictactoe.server.bot;

import java.util.SplittableRandom;

/** Which moves a node of {@link GomokuSearch} searches, and in what order. */
final class GomokuMoves {

    static final int WIDTH = 16;
    private final PatternBoard b;
    private final Threats threats;
    private final PvsSearch search;
    private final SplittableRandom random;
    private final int[] area;
    private final int[] mark;
    private int markStamp;

    GomokuMoves(PatternBoard b, Threats threats, PvsSearch search, SplittableRandom random) {
        this.b = b;
        this.threats = threats;
        this.search = search;
        this.random = random;
        area = new int[b.cells];
        mark = new int[b.cells];
    }

    /** If the opponent would win by fours, stamps the cells that may stop it; else 0. */
    int opponentThreat(long nodes, long until) {
        int op = 1 - b.side;
        if (b.count[op][Patterns.FOUR] == 0 && b.count[op][Patterns.OPEN_FOUR] == 0) {
            return 0;
        }
        b.pass();
        boolean wins = threats.vcf(RootThreats.ROOT_VCF_DEPTH, nodes, until);
        b.pass();
        if (!wins) {
            return 0;
        }
        int stamp = ++markStamp;
        for (int i = 0; i < threats.lineLength; i++) {
            mark[threats.line[i]] = stamp;
        }
        int[] cs = area;
        int all = CellScan.cellsAtLeast(b, 0, Patterns.FOUR, 1, Patterns.FOUR, cs);
        for (int i = 0; i < all; i++) {
            mark[cs[i]] = stamp;
        }
        return stamp;
    }

    /** Candidates, best first: the best {@link #WIDTH} below the root, or those stamped only. */
    int candidates(int ply, int[] ms, int[] scores, int ttMove, boolean root, int only) {
        int me = b.side;
        int op = 1 - me;
        boolean mustDefend = b.count[op][Patterns.OPEN_FOUR] > 0 && !b.canWin(op);
        int keep = root || only != 0 ? b.cells : WIDTH;
        int n = 0;
        int[] cs = area;
        for (int i = 0, all = CellScan.candidates(b, cs); i < all; i++) {
            int c = cs[i];
            if (only != 0 && mark[c] != only || b.moveCount == 1 && !touchesFirstStone(c)) {
                continue;
            }
            int attack = b.best(me, c);
            int defence = b.best(op, c);
            if (mustDefend && attack < Patterns.FOUR && defence < Patterns.FOUR) {
                continue;
            }
            int score;
            if (c == ttMove) {
                score = Integer.MAX_VALUE;
            } else {
                score = b.worth(me, c) * 5 / 4 + b.worth(op, c) + search.history[c];
                if (search.isKiller(ply, c)) {
                    score += PvsSearch.KILLER_BONUS;
                }
                if (root) {
                    score += random.nextInt(3);
                }
            }
            if (n == keep && scores[n - 1] >= score) {
                continue;
            }
            n = ThreatMoves.insert(ms, scores, n == keep ? n - 1 : n, c, score);
        }
        return n;
    }

    // Farther from the one stone on the board, a reply loses ground the search cannot see.
    private boolean touchesFirstStone(int cell) {
        int first = b.moves[0];
        return Math.abs(cell / b.size - first / b.size) <= 1
                && Math.abs(cell % b.size - first % b.size) <= 1;
    }
}
