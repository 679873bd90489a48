package dev.tictactoe.server.bot;

import java.util.Arrays;
import java.util.SplittableRandom;

/** What HARD's two searches share: iterative deepening PVS, table, killers and history. */
abstract class PvsSearch {

    static final int INF = Bot.WIN + 1;
    static final int MATE_BOUND = Bot.WIN_THRESHOLD;
    static final int MAX_PLY = 64;
    static final int NO_CUTOFF = Integer.MIN_VALUE;
    static final int KILLER_BONUS = 300;
    final SearchBoard board;
    final TranspositionTable table;
    final int maxDepth;
    final long deadline;
    final long nodeLimit;
    final SplittableRandom random;
    final int[][] moveBuffers;
    final int[][] scoreBuffers;

    private final int[] blocks = new int[2]; // the opponent's cells that complete a line

    /** Two moves per ply that last refuted a sibling, tried early. */
    final int[][] killers = new int[MAX_PLY + 1][2];

    final int[] history; // per cell, how often and how deep a move there refuted a node

    long nodes;
    boolean aborted;
    int ttMove; // the table's move for the node last probed, or -1
    int completed; // the depth of the last iteration deepen finished

    PvsSearch(
            SearchBoard board,
            TranspositionTable table,
            int maxDepth,
            Budget budget,
            SplittableRandom random) {
        this.board = board;
        this.table = table;
        this.maxDepth = maxDepth;
        this.deadline = budget.deadline();
        this.nodeLimit = budget.nodes();
        this.random = random;
        this.history = new int[board.cells];
        for (int[] kill : killers) {
            Arrays.fill(kill, -1);
        }
        moveBuffers = new int[MAX_PLY + 1][board.cells];
        scoreBuffers = new int[MAX_PLY + 1][board.cells];
    }

    /** Counts the node; true (and {@link #aborted} set) once the budget is spent. */
    abstract boolean outOfTime();

    /** The score when the position is decided with {@code forced} blocks to play, or NO_CUTOFF. */
    abstract int decided(int forced, int ply);

    /** The static value, within the mate bounds where the subclass needs it. */
    abstract int evaluate();

    /** The value of a quiet node with no plies left. */
    abstract int horizon(int ply);

    /** Fills {@code moves} with the node's moves, best first; returns how many. */
    abstract int moves(int ply, int depth, int[] moves, int[] scores);

    /** A static cut of a quiet node the table did not settle, or NO_CUTOFF. */
    int prune(int depth, int ply, int alpha, int beta) {
        return NO_CUTOFF;
    }

    /** One node: wins in one and two, bounds, the table, then PVS over {@link #moves}. */
    final int search(int depth, int ply, int alpha, int beta) {
        if (outOfTime()) {
            return 0;
        }
        if (board.canWin(board.side)) {
            return Bot.WIN - (ply + 1);
        }
        int forced = board.winningCells(1 - board.side, blocks, 2);
        if (forced >= 2) {
            return -(Bot.WIN - (ply + 2));
        }
        int decided = decided(forced, ply);
        if (decided != NO_CUTOFF) {
            return decided;
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
        long key = board.hash();
        int cutoff = probe(key, depth, ply, alpha, beta);
        if (cutoff == NO_CUTOFF && forced == 0) {
            cutoff = prune(depth, ply, alpha, beta);
        }
        if (cutoff != NO_CUTOFF) {
            return cutoff;
        }
        int[] ms = moveBuffers[ply];
        if (forced == 1) {
            ms[0] = blocks[0]; // a forced reply costs no depth
            return searchMoves(key, ms, 1, depth, depth, ply, alpha, beta, true);
        }
        int n = moves(ply, depth, ms, scoreBuffers[ply]);
        return n == 0
                ? evaluate()
                : searchMoves(key, ms, n, depth, depth - 1, ply, alpha, beta, false);
    }

    /** The table's score if it settles the node, else {@link #NO_CUTOFF}; sets {@link #ttMove}. */
    final int probe(long key, int depth, int ply, int alpha, int beta) {
        ttMove = -1;
        long entry = table.probe(key);
        if (entry == 0) {
            return NO_CUTOFF;
        }
        int move = TranspositionTable.move(entry);
        if (move != TranspositionTable.NO_MOVE && board.isEmpty(move)) {
            ttMove = move;
        }
        if (TranspositionTable.depthOf(entry) >= depth) {
            int score = TranspositionTable.fromTable(TranspositionTable.score(entry), ply);
            int flag = TranspositionTable.flag(entry);
            if (flag == TranspositionTable.EXACT
                    || (flag == TranspositionTable.LOWER && score >= beta)
                    || (flag == TranspositionTable.UPPER && score <= alpha)) {
                return score;
            }
        }
        return NO_CUTOFF;
    }

    final boolean isKiller(int ply, int cell) {
        return killers[ply][0] == cell || killers[ply][1] == cell;
    }

    /** PVS over {@code ms[0..n)}; at the root a new best moves to the front and is kept. */
    final int searchMoves(
            long key,
            int[] ms,
            int n,
            int depth,
            int childDepth,
            int ply,
            int alpha,
            int beta,
            boolean forced) {
        boolean root = ply == 0;
        int alpha0 = alpha;
        int best = -INF;
        int bestMove = ms[0];
        for (int i = 0; i < n; i++) {
            int m = ms[i];
            board.play(m);
            int v;
            if (i == 0) {
                v = -search(childDepth, ply + 1, -beta, -alpha);
            } else {
                int r = forced || root ? 0 : reduction(i, depth);
                v = -search(childDepth - r, ply + 1, -alpha - 1, -alpha);
                if (r > 0 && v > alpha && !aborted) {
                    v = -search(childDepth, ply + 1, -alpha - 1, -alpha);
                }
                if (v > alpha && v < beta && !aborted) {
                    v = -search(childDepth, ply + 1, -beta, -alpha);
                }
            }
            board.undo();
            if (aborted) {
                return root ? best : 0;
            }
            if (v > best) {
                best = v;
                bestMove = m;
                if (root) {
                    System.arraycopy(ms, 0, ms, 1, i);
                    ms[0] = m;
                }
                if (v > alpha) {
                    alpha = v;
                    if (v >= beta) {
                        if (!forced && !root) {
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
        if (!root) {
            int flag =
                    best <= alpha0
                            ? TranspositionTable.UPPER
                            : best >= beta ? TranspositionTable.LOWER : TranspositionTable.EXACT;
            table.store(
                    key, TranspositionTable.toTable(best, ply), flag, Math.max(depth, 0), bestMove);
        }
        return best;
    }

    /** Iterative deepening with aspiration windows (0: none); the best move ends in root[0]. */
    final int deepen(int[] root, int n, int maxDepth, int aspiration) {
        int bestScore = 0;
        completed = 0;
        int bestMove = root[0];
        for (int depth = 1; depth <= maxDepth; depth++) {
            startIteration(depth);
            boolean windowed = aspiration > 0 && depth > 2;
            int window = aspiration;
            int alpha = windowed ? Math.max(-INF, bestScore - window) : -INF;
            int beta = windowed ? Math.min(INF, bestScore + window) : INF;
            int score;
            while (true) {
                score = searchMoves(0, root, n, depth, depth - 1, 0, alpha, beta, false);
                if (aborted || (score > alpha && score < beta)) {
                    break;
                }
                window *= 4;
                if (score <= alpha) {
                    alpha = window > 64 * aspiration ? -INF : Math.max(-INF, score - window);
                } else {
                    beta = window > 64 * aspiration ? INF : Math.min(INF, score + window);
                }
            }
            if (aborted) {
                // A move that beat the previous best over a fully searched line is still better.
                if (root[0] != bestMove && score > bestScore && score > -INF) {
                    bestMove = root[0];
                    bestScore = score;
                }
                break;
            }
            bestMove = root[0];
            bestScore = score;
            completed = depth;
            if (Math.abs(score) > MATE_BOUND || lastDepth(depth)) {
                break;
            }
        }
        moveToFront(root, n, bestMove);
        return bestScore;
    }

    /** Plies taken off the null-window search of the {@code i}-th move, after it is played. */
    int reduction(int i, int depth) {
        return 0;
    }

    void startIteration(int depth) {}

    boolean lastDepth(int depth) {
        return false;
    }

    private static void moveToFront(int[] root, int n, int move) {
        for (int i = 0; i < n; i++) {
            if (root[i] == move) {
                System.arraycopy(root, 0, root, 1, i);
                root[0] = move;
                return;
            }
        }
    }
}
