package dev.tictactoe.server.bot;

/**
 * HARD's two searches' shared part: iterative deepening PVS with a transposition table, killers and
 * history. A subclass owns its position, its moves per node and its leaf values.
 */
abstract class PvsSearch {

    static final int INF = Bot.WIN + 1;
    static final int MATE_BOUND = Bot.WIN_THRESHOLD;
    static final int MAX_PLY = 64;
    static final int NO_CUTOFF = Integer.MIN_VALUE;
    static final int KILLER_BONUS = 300;
    final TranspositionTable table;

    /** Two moves per ply that last refuted a sibling, tried early. */
    final int[][] killers = new int[MAX_PLY + 1][2];

    /** Per cell, how often and how deep a move there refuted a node. */
    final int[] history;

    long nodes;
    boolean aborted;

    /** The table's move for the node last probed, or -1. */
    int ttMove;

    PvsSearch(TranspositionTable table, int cells) {
        this.table = table;
        this.history = new int[cells];
        for (int[] kill : killers) {
            kill[0] = -1;
            kill[1] = -1;
        }
    }

    abstract void play(int cell);

    abstract void undo();

    abstract boolean isEmpty(int cell);

    abstract int search(int depth, int ply, int alpha, int beta);

    /** The table's score if it settles the node, else {@link #NO_CUTOFF}; sets {@link #ttMove}. */
    final int probe(long key, int depth, int ply, int alpha, int beta) {
        ttMove = -1;
        long entry = table.probe(key);
        if (entry == 0) {
            return NO_CUTOFF;
        }
        int move = TranspositionTable.move(entry);
        if (move != TranspositionTable.NO_MOVE && isEmpty(move)) {
            ttMove = move;
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
        return NO_CUTOFF;
    }

    final boolean isKiller(int ply, int cell) {
        return killers[ply][0] == cell || killers[ply][1] == cell;
    }

    /**
     * PVS over {@code ms[0..n)}, storing the result under {@code key}; a refutation becomes a
     * killer and gains history unless {@code forced}. Returns the best score, or 0 once aborted.
     */
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
        int alpha0 = alpha;
        int best = -INF;
        int bestMove = ms[0];
        for (int i = 0; i < n; i++) {
            int m = ms[i];
            play(m);
            int v;
            if (i == 0) {
                v = -search(childDepth, ply + 1, -beta, -alpha);
            } else {
                int r = forced ? 0 : reduction(i, depth);
                v = -search(childDepth - r, ply + 1, -alpha - 1, -alpha);
                if (r > 0 && v > alpha && !aborted) {
                    v = -search(childDepth, ply + 1, -alpha - 1, -alpha);
                }
                if (v > alpha && v < beta && !aborted) {
                    v = -search(childDepth, ply + 1, -beta, -alpha);
                }
            }
            undo();
            if (aborted) {
                return 0;
            }
            if (v > best) {
                best = v;
                bestMove = m;
                if (v > alpha) {
                    alpha = v;
                    if (v >= beta) {
                        if (!forced) {
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

    /** PVS over the root moves, each new best moved to the front for the next iteration. */
    final int searchRoot(int[] root, int n, int depth, int alpha, int beta) {
        int best = -INF;
        for (int i = 0; i < n; i++) {
            int m = root[i];
            play(m);
            int v;
            if (i == 0) {
                v = -search(depth - 1, 1, -beta, -alpha);
            } else {
                v = -search(depth - 1, 1, -alpha - 1, -alpha);
                if (v > alpha && v < beta && !aborted) {
                    v = -search(depth - 1, 1, -beta, -alpha);
                }
            }
            undo();
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
                score = searchRoot(root, n, depth, alpha, beta);
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

    /** The depth of the last iteration {@link #deepen} finished. */
    int completed;

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

    /** A win or loss as distance from this node, for the table; {@link #fromTable} undoes it. */
    static int toTable(int score, int ply) {
        return score > MATE_BOUND ? score + ply : score < -MATE_BOUND ? score - ply : score;
    }

    static int fromTable(int score, int ply) {
        return score > MATE_BOUND ? score - ply : score < -MATE_BOUND ? score + ply : score;
    }
}
