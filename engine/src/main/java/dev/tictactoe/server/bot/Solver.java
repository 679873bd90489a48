package dev.tictactoe.server.bot;

/** Exact alpha-beta to the end, wins by distance only on request; its bounds are facts to share. */
final class Solver {

    private static final int INF = PvsSearch.INF;
    private final Position pos;
    private final TranspositionTable table;
    private final boolean distance;
    private final long deadline;
    private final long nodeLimit;
    private final int[][] moveBuffers;
    private final int[][] scoreBuffers;
    private final int[] threats = new int[2];
    private final int[] history;
    long nodes;
    boolean aborted;

    Solver(Position pos, TranspositionTable table, boolean distance, long deadline, long limit) {
        this.pos = pos;
        this.table = table;
        this.distance = distance;
        this.deadline = deadline;
        this.nodeLimit = limit;
        int cells = pos.cells;
        moveBuffers = new int[cells + 1][cells];
        scoreBuffers = new int[cells + 1][cells];
        history = new int[cells];
    }

    /** "draw", "win" or "loss", with the distance in plies when known: "win in 3". */
    static String value(int score) {
        String word = score > 0 ? "win" : "loss";
        int distance = Bot.WIN - Math.abs(score);
        return score == 0 ? "draw" : distance == 0 ? word : word + " in " + distance;
    }

    /** The value of the position, or 0 with {@link #aborted} set if a limit was hit. */
    int solve() {
        return search(0, -INF, INF);
    }

    /** The value of playing {@code cell}: exact inside [alpha, beta], else a bound beyond it. */
    int valueOfMove(int cell, int alpha, int beta) {
        pos.play(cell);
        if (pos.won) {
            pos.undo();
            return winAt(1);
        }
        int v = -search(1, -beta, -alpha);
        pos.undo();
        return v;
    }

    int winAt(int ply) {
        return distance ? Bot.WIN - ply : Bot.WIN;
    }

    int search(int ply, int alpha, int beta) {
        nodes++;
        // Often: on big boards a node can take tens of microseconds.
        if ((nodes & 15) == 0 && (nodes >= nodeLimit || System.nanoTime() > deadline)) {
            aborted = true;
        }
        if (aborted) {
            return 0;
        }
        int me = pos.side;
        int opp = 1 - me;
        if (pos.fours[me].size > 0) {
            return winAt(ply + 1);
        }
        int threatCount = pos.winningCells(opp, threats, 2);
        if (threatCount >= 2) {
            return -winAt(ply + 2);
        }
        if (pos.moveCount == pos.cells) {
            return 0;
        }
        // What this side can hope for at best and fear at worst from here.
        int best = pos.open[me] == 0 ? 0 : winAt(ply + 3);
        int worst = pos.open[opp] == 0 ? 0 : -winAt(ply + 2);
        if (best <= alpha || best == worst) {
            return best;
        }
        if (worst >= beta) {
            return worst;
        }
        alpha = Math.max(alpha, worst);
        beta = Math.min(beta, best);

        int symmetry = pos.canonicalSymmetry();
        long key = pos.hashes[symmetry];
        int ttMove = -1;
        long entry = table.probe(key);
        if (entry != 0) {
            int value = TranspositionTable.score(entry);
            int score = distance ? TranspositionTable.fromTable(value, ply) : value;
            int flag = TranspositionTable.flag(entry);
            if (flag == TranspositionTable.EXACT) {
                return score;
            }
            if (flag == TranspositionTable.LOWER && score > alpha) {
                alpha = score;
            } else if (flag == TranspositionTable.UPPER && score < beta) {
                beta = score;
            }
            if (alpha >= beta) {
                return score;
            }
            int stored = TranspositionTable.move(entry);
            if (stored != TranspositionTable.NO_MOVE) {
                ttMove = pos.lines.sym[Lines.INVERSE[symmetry]][stored];
            }
        }

        int[] moves = moveBuffers[ply];
        int n;
        if (threatCount == 1) {
            moves[0] = threats[0];
            n = 1;
        } else {
            n = orderedMoves(moves, scoreBuffers[ply], ttMove);
        }
        int alpha0 = alpha;
        int bestScore = -INF;
        int bestMove = moves[0];
        for (int i = 0; i < n; i++) {
            int m = moves[i];
            pos.play(m);
            int v = -search(ply + 1, -beta, -alpha);
            pos.undo();
            if (aborted) {
                return 0;
            }
            if (v > bestScore) {
                bestScore = v;
                bestMove = m;
                if (v > alpha) {
                    alpha = v;
                    if (v >= beta) {
                        if ((history[m] += pos.empties() * pos.empties()) > 1 << 24) {
                            for (int c = 0; c < history.length; c++) {
                                history[c] >>= 1;
                            }
                        }
                        break;
                    }
                }
            }
        }
        int flag =
                bestScore <= alpha0
                        ? TranspositionTable.UPPER
                        : bestScore >= beta ? TranspositionTable.LOWER : TranspositionTable.EXACT;
        int value = distance ? TranspositionTable.toTable(bestScore, ply) : bestScore;
        table.store(key, value, flag, pos.empties(), pos.lines.sym[symmetry][bestMove]);
        return bestScore;
    }

    // The cells that still matter, best first; there are some, as a dead draw returned before.
    private int orderedMoves(int[] moves, int[] scores, int ttMove) {
        int n = 0;
        int me = pos.side;
        for (int c = 0; c < pos.cells; c++) {
            if (pos.stone[c] != 0) {
                continue;
            }
            int value = pos.cellScore(c, me);
            if (value == 0) {
                // In no window either side can complete: no better than a pass, which never helps.
                continue;
            }
            int score =
                    c == ttMove
                            ? Integer.MAX_VALUE
                            : value + (history[c] >> 4) - pos.lines.centreDistance[c];
            n = ThreatMoves.insert(moves, scores, n, c, score);
        }
        return n;
    }
}
