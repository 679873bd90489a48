package dev.tictactoe.server.bot;

import java.util.SplittableRandom;

/**
 * HARD's search for k = 4..6 on a {@link PatternBoard}. First threats, each with its own share of
 * the budget: its own win by continuous fours, then by fours and threes; then, if the opponent
 * would win that way were it to move, only the moves that refute it are kept. Then iterative
 * deepening PVS with aspiration windows, a transposition table, killer and history ordering; forced
 * answers to a four cost no depth, an open three of the opponent narrows the moves to its defences,
 * and the horizon looks for a win by fours before it evaluates the patterns. Kept whole on purpose:
 * the phases share one budget, table and set of move buffers, on the bot's hot path.
 */
final class GomokuSearch {

    private static final int INF = Bot.WIN + 1;
    private static final int MATE_BOUND = Bot.WIN - 1000;
    private static final int MAX_PLY = 64;

    /** Below the root only this many best-looking moves are searched. */
    static final int WIDTH = 12;

    /** Attacker moves in the root's threat searches and at the horizon. */
    static final int ROOT_VCF_DEPTH = 12;

    static final int ROOT_VCT_DEPTH = 6;
    static final int LEAF_VCF_DEPTH = 4;

    /** Percent of the budget for the root's own wins by fours, then by threes, then for defence. */
    static final int VCF_SHARE = 5;

    static final int VCT_SHARE = 10;
    static final int DEFENCE_SHARE = 10;

    /** Nodes one horizon search for fours may visit. */
    static final int LEAF_VCF_NODES = 60;

    /** Half-width of the first aspiration window. */
    static final int ASPIRATION = 60;

    private final PatternBoard b;
    private final Threats threats;
    private final TranspositionTable table;
    private final int maxDepth;
    private final long deadline;
    private final long nodeLimit;
    private final SplittableRandom random;
    private final int[][] moveBuf = new int[MAX_PLY + 1][];
    private final int[][] scoreBuf = new int[MAX_PLY + 1][];
    private final int[][] killers = new int[MAX_PLY + 1][2];
    private final int[] history;
    private final int[] fives = new int[2];
    private final int[] area;
    private long nodes;
    private boolean aborted;
    private boolean clockOn;

    /** The outcome: the move, its score, the depth completed and how it was found. */
    record Result(int cell, int score, int depth, long nodes, String note) {}

    GomokuSearch(
            PatternBoard b,
            TranspositionTable table,
            int maxDepth,
            long deadline,
            long nodeLimit,
            SplittableRandom random) {
        this.b = b;
        this.threats = new Threats(b);
        this.table = table;
        this.maxDepth = Math.min(maxDepth, MAX_PLY - 2);
        this.deadline = deadline;
        this.nodeLimit = nodeLimit;
        this.random = random;
        for (int i = 0; i <= MAX_PLY; i++) {
            moveBuf[i] = new int[b.cells];
            scoreBuf[i] = new int[b.cells];
            killers[i][0] = -1;
            killers[i][1] = -1;
        }
        history = new int[b.cells];
        area = new int[b.cells];
    }

    /**
     * Searches the position (not over; no win in one and no single block, the caller saw to that).
     */
    Result run(long startNanos) {
        table.newSearch();
        long span = deadline == Long.MAX_VALUE ? 0 : deadline - startNanos;
        long spanNodes = nodeLimit == Long.MAX_VALUE ? 4_000_000 : nodeLimit;
        if (threats.vcf(
                ROOT_VCF_DEPTH, spanNodes * VCF_SHARE / 100, share(startNanos, span, VCF_SHARE))) {
            return found(threats.firstMove, "forced win by continuous fours");
        }
        int vctEnd = VCF_SHARE + VCT_SHARE;
        if (threats.vct(
                ROOT_VCT_DEPTH, spanNodes * VCT_SHARE / 100, share(startNanos, span, vctEnd))) {
            return found(threats.firstMove, "forced win by threes and fours");
        }
        int[] root = moveBuf[0];
        int n = candidates(0, root, scoreBuf[0], -1, true);
        n =
                refute(
                        root,
                        n,
                        spanNodes * DEFENCE_SHARE / 100,
                        share(startNanos, span, vctEnd + DEFENCE_SHARE));
        return iterate(root, n);
    }

    private long share(long start, long span, int percent) {
        return span == 0 ? Long.MAX_VALUE : start + span * percent / 100;
    }

    private Result found(int cell, String note) {
        return new Result(cell, Bot.WIN - 3, 1, nodes + threats.nodes, note);
    }

    /**
     * If the opponent, were it to move, would win by fours (or else by threes and fours), keeps
     * only the root moves after which it no longer does; keeps them all if none does.
     */
    private int refute(int[] root, int n, long nodeBudget, long until) {
        b.pass();
        boolean vcf = threats.vcf(ROOT_VCF_DEPTH, nodeBudget / 4, until);
        boolean vct =
                !vcf && !threats.aborted && threats.vct(ROOT_VCT_DEPTH, nodeBudget / 4, until);
        b.pass();
        if (!vcf && !vct) {
            return n;
        }
        int[] kept = new int[n];
        int m = 0;
        long each = Math.max(50, nodeBudget / 2 / Math.max(1, n));
        for (int i = 0; i < n; i++) {
            b.play(root[i]);
            boolean stillWins =
                    vcf
                            ? threats.vcf(ROOT_VCF_DEPTH, each, until)
                            : threats.vct(ROOT_VCT_DEPTH, each, until);
            boolean sure = !threats.aborted;
            b.undo();
            if (!(stillWins || !sure)) {
                kept[m++] = root[i];
            }
        }
        if (m == 0) {
            return n;
        }
        System.arraycopy(kept, 0, root, 0, m);
        return m;
    }

    private Result iterate(int[] root, int n) {
        if (n == 1) {
            return new Result(
                    root[0],
                    0,
                    1,
                    nodes + threats.nodes,
                    b.moveCount == 0 ? "takes the centre" : "the one move that holds");
        }
        int bestMove = root[0];
        int bestScore = 0;
        int completed = 0;
        for (int depth = 1; depth <= maxDepth; depth++) {
            int window = depth > 2 ? ASPIRATION : INF;
            int alpha = depth > 2 ? Math.max(-INF, bestScore - window) : -INF;
            int beta = depth > 2 ? Math.min(INF, bestScore + window) : INF;
            int score;
            clockOn = depth > 1;
            while (true) {
                score = rootSearch(root, n, depth, alpha, beta);
                if (aborted || (score > alpha && score < beta)) {
                    break;
                }
                // Failed outside the window: widen on that side and search again.
                window *= 4;
                if (score <= alpha) {
                    alpha = window > 4 * ASPIRATION * 16 ? -INF : Math.max(-INF, score - window);
                } else {
                    beta = window > 4 * ASPIRATION * 16 ? INF : Math.min(INF, score + window);
                }
            }
            if (aborted) {
                break;
            }
            bestMove = root[0];
            bestScore = score;
            completed = depth;
            if (Math.abs(score) > MATE_BOUND) {
                break;
            }
        }
        String note =
                "depth "
                        + completed
                        + (Math.abs(bestScore) > MATE_BOUND
                                ? (bestScore > 0 ? ", wins in " : ", loses in ")
                                        + (Bot.WIN - Math.abs(bestScore))
                                : "");
        return new Result(bestMove, bestScore, completed, nodes + threats.nodes, note);
    }

    // Searches every root move; the best is moved to the front.
    private int rootSearch(int[] root, int n, int depth, int alpha, int beta) {
        int best = -INF;
        for (int i = 0; i < n; i++) {
            int m = root[i];
            b.play(m);
            int v;
            if (i == 0) {
                v = -search(depth - 1, 1, -beta, -alpha);
            } else {
                v = -search(depth - 1, 1, -alpha - 1, -alpha);
                if (v > alpha && v < beta && !aborted) {
                    v = -search(depth - 1, 1, -beta, -alpha);
                }
            }
            b.undo();
            if (aborted) {
                return best;
            }
            if (v > best) {
                best = v;
                System.arraycopy(root, 0, root, 1, i);
                root[0] = m;
                if (v > alpha) {
                    alpha = v;
                    if (v >= beta) {
                        break;
                    }
                }
            }
        }
        return best;
    }

    // The node limit is checked at every node (so a limited search replays exactly), the clock
    // every 16 once the first iteration is done: that one is short (a static value and a quick
    // look for fours after each root move) and always gives a searched move.
    private boolean outOfTime() {
        if (nodes++ + threats.nodes >= nodeLimit
                || (clockOn && (nodes & 15) == 0 && System.nanoTime() > deadline)) {
            aborted = true;
        }
        return aborted;
    }

    private int search(int depth, int ply, int alpha, int beta) {
        if (outOfTime()) {
            return 0;
        }
        int me = b.side;
        int op = 1 - me;
        if (b.canWin(me)) {
            return Bot.WIN - (ply + 1);
        }
        int forced = b.winningCells(op, fives, 2);
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
        long entry = table.probe(key);
        int ttMove = -1;
        if (entry != 0) {
            ttMove = TranspositionTable.move(entry);
            if (ttMove == TranspositionTable.NO_MOVE || b.stone[ttMove] != 0) {
                ttMove = -1;
            }
            if (TranspositionTable.depthOf(entry) >= depth) {
                int score = fromTable(TranspositionTable.score(entry), ply);
                int flag = TranspositionTable.flag(entry);
                if (flag == TranspositionTable.EXACT
                        || (flag == TranspositionTable.LOWER && score >= beta)
                        || (flag == TranspositionTable.UPPER && score <= alpha)) {
                    return score;
                }
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
            n = candidates(ply, ms, scoreBuf[ply], ttMove, false);
            if (n == 0) {
                return evaluate();
            }
        }
        int alpha0 = alpha;
        int best = -INF;
        int bestMove = ms[0];
        for (int i = 0; i < n; i++) {
            int m = ms[i];
            b.play(m);
            int v;
            if (i == 0) {
                v = -search(childDepth, ply + 1, -beta, -alpha);
            } else {
                v = -search(childDepth, ply + 1, -alpha - 1, -alpha);
                if (v > alpha && v < beta && !aborted) {
                    v = -search(childDepth, ply + 1, -beta, -alpha);
                }
            }
            b.undo();
            if (aborted) {
                return 0;
            }
            if (v > best) {
                best = v;
                bestMove = m;
                if (v > alpha) {
                    alpha = v;
                    if (v >= beta) {
                        if (forced == 0) {
                            int[] kill = killers[ply];
                            if (kill[0] != m) {
                                kill[1] = kill[0];
                                kill[0] = m;
                            }
                            history[m] += depth * depth;
                        }
                        break;
                    }
                }
            }
        }
        int flag =
                best <= alpha0
                        ? TranspositionTable.UPPER
                        : best >= beta ? TranspositionTable.LOWER : TranspositionTable.EXACT;
        table.store(key, toTable(best, ply), flag, Math.max(depth, 0), bestMove);
        return best;
    }

    // At the horizon: a quick look for a win by fours, else the static value.
    private int horizon(int ply) {
        if (threats.vcf(LEAF_VCF_DEPTH, LEAF_VCF_NODES, clockOn ? deadline : Long.MAX_VALUE)) {
            return Bot.WIN - (ply + 2 * LEAF_VCF_DEPTH + 1);
        }
        return evaluate();
    }

    /**
     * The patterns' value for the side to move: its own count a little more than the opponent's,
     * since it moves first, and an open three of its own is worth almost a four.
     */
    int evaluate() {
        int me = b.side;
        int op = 1 - me;
        int v = b.value[me] * 6 / 5 - b.value[op];
        if (b.count[me][Patterns.FOUR] > 0) {
            v += 120; // a four to play gains a tempo
        }
        if (b.count[op][Patterns.OPEN_FOUR] > 0) {
            v -= 150; // must answer the opponent's open three
        }
        return Math.max(-MATE_BOUND + 1, Math.min(MATE_BOUND - 1, v));
    }

    /**
     * Candidate moves, best first: the table's move, then by the patterns made and spoiled, killers
     * and history. If the opponent has an open three only its defences and the side's own fours are
     * kept; below the root only the best {@link #WIDTH}.
     */
    private int candidates(int ply, int[] ms, int[] scores, int ttMove, boolean root) {
        int me = b.side;
        int op = 1 - me;
        boolean mustDefend = b.count[op][Patterns.OPEN_FOUR] > 0 && !b.canWin(op);
        int keep = root ? b.cells : WIDTH;
        int[] kill = killers[ply];
        int n = 0;
        int[] cs = area;
        for (int i = 0, all = b.candidates(cs); i < all; i++) {
            int c = cs[i];
            int attack = b.best(me, c);
            int defence = b.best(op, c);
            if (mustDefend && attack < Patterns.FOUR && defence < Patterns.FOUR) {
                continue;
            }
            int score;
            if (c == ttMove) {
                score = Integer.MAX_VALUE;
            } else {
                score = cellValue(me, c) * 5 / 4 + cellValue(op, c) + history[c];
                if (c == kill[0] || c == kill[1]) {
                    score += 300;
                }
                if (root) {
                    score += random.nextInt(3);
                }
            }
            if (n == keep && scores[n - 1] >= score) {
                continue;
            }
            if (n == keep) {
                n--;
            }
            n = Threats.insert(ms, scores, n, c, score);
        }
        return n;
    }

    // What a stone of s on c makes, with the combinations that win outright weighted up.
    private int cellValue(int s, int c) {
        byte[] p = b.pattern[s];
        int base = 4 * c;
        int v = 0;
        int fours = 0;
        int threes = 0;
        for (int d = 0; d < 4; d++) {
            int code = p[base + d];
            v += PatternBoard.VALUE[code];
            if (code >= Patterns.FOUR) {
                fours++;
            } else if (code == Patterns.OPEN_THREE) {
                threes++;
            }
        }
        if (fours >= 2 || (fours == 1 && threes >= 1)) {
            v += 2000; // four-four or four-three
        } else if (threes >= 2) {
            v += 800; // double open three
        }
        return v;
    }

    private static int toTable(int score, int ply) {
        return score > MATE_BOUND ? score + ply : score < -MATE_BOUND ? score - ply : score;
    }

    private static int fromTable(int score, int ply) {
        return score > MATE_BOUND ? score - ply : score < -MATE_BOUND ? score + ply : score;
    }
}
