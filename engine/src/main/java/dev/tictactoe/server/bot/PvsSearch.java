package dev.tictactoe.server.bot;

/**
 * What HARD's two searches share: principal variation search over an ordered list of moves with a
 * transposition table, killer moves and history counts; the root loop that keeps the best move in
 * front for the next iteration; and the distance-to-win bookkeeping of table scores. A subclass
 * owns its position and decides which moves each node has and what a leaf is worth.
 */
abstract class PvsSearch {

    static final int INF = Bot.WIN + 1;

    /** Scores beyond ± this are wins and losses at a known distance. */
    static final int MATE_BOUND = Bot.WIN - 1000;

    static final int MAX_PLY = 64;

    /** {@link #probe} found nothing that settles the node. */
    static final int NO_CUTOFF = Integer.MIN_VALUE;

    /** Bonus of a killer move in the ordering of the subclasses. */
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

    /** The value of the position for the side to move, searched {@code depth} plies deep. */
    abstract int search(int depth, int ply, int alpha, int beta);

    /**
     * Looks the node up: returns its score if the table settles it for this window and depth, else
     * {@link #NO_CUTOFF}; either way {@link #ttMove} is the stored move, if still empty, or -1.
     */
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

    /** Whether {@code cell} is one of the killers of {@code ply}. */
    final boolean isKiller(int ply, int cell) {
        return killers[ply][0] == cell || killers[ply][1] == cell;
    }

    /**
     * Searches {@code ms[0..n)} in order, the first with the full window and the rest with a null
     * window first, and stores the result under {@code key}. A move that refutes the node becomes a
     * killer and gains history unless {@code forced} (the only reply to a threat). Returns the best
     * score, or 0 once the search is aborted.
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

    /**
     * Searches every root move to {@code depth} within the window, PVS as below the root; each move
     * that scores best so far is moved to the front, so the next iteration starts with it. Returns
     * the best score; when aborted, the moves searched to the end have still been ordered.
     */
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

    /**
     * Iterative deepening from depth 1 to {@code maxDepth} over the root moves, with aspiration
     * windows of half-width {@code aspiration} from depth 3 on (0 for none), widened on the side
     * that failed until the score falls inside. Stops when aborted, at a win or loss, or when
     * {@link #lastDepth} says so. The best move ends up in {@code root[0]}; returns its score, and
     * {@link #completed} is the depth of the last finished iteration (0 if none).
     */
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
                // Failed outside the window: widen on that side and search again.
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

    /**
     * Plies to take off the null-window search of the {@code i}-th move (from 0) of a node {@code
     * depth} plies deep, called after the move is played; a reduced move that beats alpha is
     * searched again at full depth. None by default.
     */
    int reduction(int i, int depth) {
        return 0;
    }

    /** The depth of the last iteration {@link #deepen} finished. */
    int completed;

    /** Called before each iteration of {@link #deepen}. */
    void startIteration(int depth) {}

    /** Whether {@link #deepen} may stop after finishing {@code depth}. */
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

    /** A win or loss score as distance from this node, for the table (others unchanged). */
    static int toTable(int score, int ply) {
        return score > MATE_BOUND ? score + ply : score < -MATE_BOUND ? score - ply : score;
    }

    /** A table score back as distance from the root. */
    static int fromTable(int score, int ply) {
        return score > MATE_BOUND ? score - ply : score < -MATE_BOUND ? score + ply : score;
    }
}
