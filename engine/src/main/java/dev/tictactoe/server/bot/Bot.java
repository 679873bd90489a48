package dev.tictactoe.server.bot;

import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Rules;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Chooses moves for a seat at any {@link Level}. A choice depends only on the position, the level,
 * the seed and (only when a search is cut short by the clock) the budget. The caller's board is
 * never touched. One instance may serve several threads: the tables of solved small boards are
 * shared, everything else belongs to one search. Apart from refusing a finished game, it never
 * throws: should a search fail, it answers with MEDIUM's move and says so in the note. It stays one
 * file: it is each level's entry and the fallbacks around them, a few lines each, over the shared
 * tables.
 */
public final class Bot {

    private static final Logger log = LoggerFactory.getLogger(Bot.class);

    /** Thinking time used when the caller has no opinion. */
    public static final Duration DEFAULT_BUDGET = Duration.ofMillis(200);

    /** Score of a won game; a win d plies ahead scores {@code WIN - d}. */
    public static final int WIN = 1_000_000_000;

    /** Scores beyond ± this are proven (or, for HARD, found) wins and losses. */
    public static final int WIN_THRESHOLD = WIN - 1000;

    /** Boards up to this many cells are solved completely on first use and kept (4×4). */
    static final int SMALL_CELLS = 16;

    /**
     * On the boards the pattern engine plays, PERFECT tries a proof only with at most this many
     * cells empty: with more, the exhaustive search ends nowhere in a move's budget, and the forced
     * wins it could still find (continuous fours) the pattern search finds too.
     */
    static final int PROOF_EMPTIES = 36;

    private static final int SMALL_TABLE_BITS =
            16; // 2 MB for each small variant: 4x4 k=4 needs 34k nodes
    private static final int SEARCH_TABLE_BITS = 17; // 4 MB for each searching thread
    private static final int MAX_DEPTH = 60;

    /** Whether HARD looks its first moves up in the opening book (matches measure without it). */
    private final boolean book;

    private final ConcurrentHashMap<Rules, TranspositionTable> solvedSmall =
            new ConcurrentHashMap<>();
    private final ThreadLocal<TranspositionTable> searchTables =
            ThreadLocal.withInitial(() -> new TranspositionTable(SEARCH_TABLE_BITS));

    /** A bot that plays its book's openings. */
    public Bot() {
        this(true);
    }

    /** A bot with ({@code true}) or without the opening book, for measuring the search alone. */
    Bot(boolean book) {
        this.book = book;
    }

    /**
     * Chooses a move for the side to move on {@code board}.
     *
     * @param budget thinking time for HARD (and PERFECT where it cannot solve the position); HARD
     *     returns within it, give or take 10%
     * @param seed breaks ties between equally good moves, so games replay
     * @throws IllegalStateException if the game is already over
     */
    public BotMove choose(Board board, Level level, Duration budget, long seed) {
        Objects.requireNonNull(budget, "budget");
        long start = System.nanoTime();
        return choose(
                board,
                level,
                start,
                start + budget.toNanos() * 9 / 10,
                budget.toNanos(),
                Long.MAX_VALUE,
                seed);
    }

    /**
     * Chooses a move as {@link #choose(Board, Level, Duration, long)} but with a budget of {@code
     * nodes} positions instead of a clock: the same board, level, budget and seed always give the
     * same move (for tests and matches).
     */
    public BotMove chooseWithNodes(Board board, Level level, long nodes, long seed) {
        return choose(board, level, System.nanoTime(), Long.MAX_VALUE, Long.MAX_VALUE, nodes, seed);
    }

    private BotMove choose(
            Board board,
            Level level,
            long start,
            long deadline,
            long budgetNanos,
            long nodeLimit,
            long seed) {
        Objects.requireNonNull(level, "level");
        requirePlayable(board);
        if (level == Level.PERFECT && Classic.handles(board.rules())) {
            return classic(board, seed);
        }
        Position pos = Position.of(board);
        try {
            SplittableRandom random = new SplittableRandom(mix(seed ^ pos.hash()));
            return switch (level) {
                case EASY -> Casual.easy(pos, random);
                case MEDIUM ->
                        PatternBoard.handles(pos.k)
                                ? Casual.medium(PatternBoard.of(board), random)
                                : Casual.medium(pos, random);
                case HARD ->
                        hard(
                                board,
                                pos,
                                Level.HARD,
                                MAX_DEPTH,
                                start,
                                deadline,
                                nodeLimit,
                                random,
                                "");
                case PERFECT ->
                        perfect(board, pos, start, budgetNanos, deadline, nodeLimit, seed, random);
            };
        } catch (RuntimeException | StackOverflowError e) {
            // A bug, not a client's mistake: say where, and still give the room a move.
            log.error("bot search failed at level {} on\n{}", level, pos, e);
            BotMove fallback = Casual.medium(Position.of(board), new SplittableRandom(seed));
            return new BotMove(
                    fallback.cell(), level, false, 0, 0, 0, "fallback after a search error");
        }
    }

    /**
     * HARD's search to exactly {@code depth} plies with no clock: the same position, depth and seed
     * always give the same move and node count (for tests and benchmarks).
     */
    public BotMove searchToDepth(Board board, int depth, long seed) {
        requirePlayable(board);
        Position pos = Position.of(board);
        SplittableRandom random = new SplittableRandom(mix(seed ^ pos.hash()));
        return hard(
                board,
                pos,
                Level.HARD,
                depth,
                System.nanoTime(),
                Long.MAX_VALUE,
                Long.MAX_VALUE,
                random,
                "");
    }

    /**
     * The value of the position to the side to move and a best move, for judging a game after it:
     * exact where a proof comes within {@code nodes} (3×3 always, small boards, a big board near
     * its end), else HARD's search with no opening book and no shortcut that carries no value. The
     * same board, nodes and seed always give the same answer.
     */
    public BotMove evaluate(Board board, long nodes, long seed) {
        requirePlayable(board);
        if (Classic.handles(board.rules())) {
            return classic(board, seed);
        }
        Position pos = Position.of(board);
        long start = System.nanoTime();
        if (small(pos) || !PatternBoard.handles(pos.k) || pos.empties() <= PROOF_EMPTIES) {
            BotMove proved = proof(pos, start, Long.MAX_VALUE, Long.MAX_VALUE, nodes, seed);
            if (proved != null) {
                return proved;
            }
        }
        BotMove forced = forced(pos, Level.HARD, "");
        if (forced != null && forced.score() != 0) {
            return forced;
        }
        SplittableRandom random = new SplittableRandom(mix(seed ^ pos.hash()));
        BotMove m =
                search(board, pos, Level.HARD, MAX_DEPTH, start, Long.MAX_VALUE, nodes, random, "");
        if (m.score() != 0 || m.depth() > 1) {
            return m;
        }
        // A move the search took without weighing it (the one defence that holds, the centre):
        // the position is worth what it is worth after that move.
        Board next = board.copy();
        next.play(m.cell());
        if (next.isOver()) {
            return m;
        }
        BotMove reply = evaluate(next, nodes, seed);
        int score =
                Math.abs(reply.score()) > WIN_THRESHOLD
                        ? parentValue(reply.score())
                        : -reply.score();
        return new BotMove(
                m.cell(),
                Level.HARD,
                reply.exact(),
                score,
                reply.depth() + 1,
                m.nodes() + reply.nodes(),
                m.note());
    }

    private static void requirePlayable(Board board) {
        Objects.requireNonNull(board, "board");
        if (board.isOver()) {
            throw new IllegalStateException("the game is over, there is no move to choose");
        }
    }

    private BotMove classic(Board board, long seed) {
        int index = Classic.index(board);
        int best = Classic.bestAt(index);
        int pick = (int) Long.remainderUnsigned(mix(seed ^ index), Integer.bitCount(best));
        for (int i = 0; i < pick; i++) {
            best &= best - 1;
        }
        int score = Classic.valueAt(index);
        return new BotMove(
                Integer.numberOfTrailingZeros(best),
                Level.PERFECT,
                true,
                score,
                9 - board.moveCount(),
                0,
                solvedNote(score));
    }

    private BotMove hard(
            Board board,
            Position pos,
            Level level,
            int depth,
            long start,
            long deadline,
            long nodeLimit,
            SplittableRandom random,
            String notePrefix) {
        BotMove forced = forced(pos, level, notePrefix);
        if (forced != null) {
            return forced;
        }
        BotMove booked = book ? booked(board, pos, level, notePrefix) : null;
        if (booked != null) {
            return booked;
        }
        return search(board, pos, level, depth, start, deadline, nodeLimit, random, notePrefix);
    }

    // HARD's search proper, with no shortcut: its score is the position's value to the mover.
    private BotMove search(
            Board board,
            Position pos,
            Level level,
            int depth,
            long start,
            long deadline,
            long nodeLimit,
            SplittableRandom random,
            String notePrefix) {
        if (PatternBoard.handles(pos.k)) {
            GomokuSearch search =
                    new GomokuSearch(
                            PatternBoard.of(board),
                            searchTables.get(),
                            depth,
                            deadline,
                            nodeLimit,
                            random);
            GomokuSearch.Result r = search.run(start);
            return new BotMove(
                    r.cell(), level, false, r.score(), r.depth(), r.nodes(), notePrefix + r.note());
        }
        HardSearch search =
                new HardSearch(pos, searchTables.get(), depth, deadline, nodeLimit, random);
        HardSearch.Result r = search.run();
        String note =
                r.forcedWin()
                        ? "forced win by continuous fours"
                        : "depth "
                                + r.depth()
                                + (Math.abs(r.score()) > WIN_THRESHOLD
                                        ? (r.score() > 0 ? ", wins in " : ", loses in ")
                                                + (WIN - Math.abs(r.score()))
                                        : "");
        return new BotMove(
                r.cell(), level, false, r.score(), r.depth(), search.nodes, notePrefix + note);
    }

    /** The opening book's answer, on the boards it covers; null elsewhere. */
    private static @Nullable BotMove booked(
            Board board, Position pos, Level level, String notePrefix) {
        int cell = PatternBoard.handles(pos.k) ? OpeningBook.standard().move(board) : -1;
        return cell < 0
                ? null
                : new BotMove(cell, level, false, 0, 0, 0, notePrefix + "opening book");
    }

    // A win in one, or else the block of a loss in one (every other move loses at once); null
    // when the position needs thought.
    private static @Nullable BotMove forced(Position pos, Level level, String notePrefix) {
        int me = pos.side;
        int win = pos.winningCell(me);
        if (win >= 0) {
            return new BotMove(win, level, false, WIN - 1, 1, 0, notePrefix + "takes the win");
        }
        int[] blocks = new int[2];
        int n = pos.winningCells(1 - me, blocks, 2);
        if (n == 1) {
            return new BotMove(blocks[0], level, false, 0, 1, 0, notePrefix + "blocks a line");
        }
        if (n >= 2) {
            return new BotMove(
                    blocks[0],
                    level,
                    false,
                    -(WIN - 2),
                    2,
                    0,
                    notePrefix + "lost: blocks one of several lines");
        }
        return null;
    }

    private BotMove perfect(
            Board board,
            Position pos,
            long start,
            long budgetNanos,
            long deadline,
            long nodeLimit,
            long seed,
            SplittableRandom random) {
        if (!small(pos) && PatternBoard.handles(pos.k) && pos.empties() > PROOF_EMPTIES) {
            return asHard(
                    board,
                    pos,
                    start,
                    deadline,
                    nodeLimit,
                    random,
                    "too far from the end to solve");
        }
        BotMove proved = proof(pos, start, budgetNanos, deadline, nodeLimit, seed);
        return proved != null
                ? proved
                : asHard(
                        board,
                        pos,
                        start,
                        deadline,
                        nodeLimit == Long.MAX_VALUE ? nodeLimit : nodeLimit - nodeLimit / 3,
                        random,
                        "not solvable within budget");
    }

    private static boolean small(Position pos) {
        return pos.cells <= SMALL_CELLS;
    }

    // The exact value and a best move, or null when no proof came within the budget (a third of
    // the nodes, or two fifths of the time, on boards that are not small).
    private @Nullable BotMove proof(
            Position pos, long start, long budgetNanos, long deadline, long nodeLimit, long seed) {
        Rules rules = pos.lines.rules;
        boolean small = small(pos);
        TranspositionTable table;
        long solveDeadline;
        if (small) {
            table =
                    solvedSmall.computeIfAbsent(
                            rules, r -> new TranspositionTable(SMALL_TABLE_BITS));
            solveDeadline = Long.MAX_VALUE;
        } else {
            table = searchTables.get();
            table.newSearch();
            // The rest is for HARD if no proof comes.
            solveDeadline =
                    deadline == Long.MAX_VALUE ? Long.MAX_VALUE : start + budgetNanos * 2 / 5;
        }
        Solver solver =
                new Solver(pos, table, true, solveDeadline, small ? Long.MAX_VALUE : nodeLimit / 3);
        int value = solver.solve();
        if (!solver.aborted) {
            int[] best = new int[pos.cells];
            int n = 0;
            for (int c = 0; c < pos.cells && !solver.aborted; c++) {
                if (pos.isEmpty(c) && solver.valueOfMove(c, value - 1, value) >= value) {
                    best[n++] = c;
                }
            }
            if (!solver.aborted) {
                int cell = best[(int) Long.remainderUnsigned(mix(seed ^ pos.hash()), n)];
                return new BotMove(
                        cell,
                        Level.PERFECT,
                        true,
                        value,
                        pos.empties(),
                        solver.nodes,
                        solvedNote(value));
            }
        }
        return null;
    }

    /** PERFECT's move where it has no proof: HARD's, the note saying why. */
    private BotMove asHard(
            Board board,
            Position pos,
            long start,
            long deadline,
            long nodeLimit,
            SplittableRandom random,
            String why) {
        return hard(
                board,
                pos,
                Level.PERFECT,
                MAX_DEPTH,
                start,
                deadline,
                nodeLimit,
                random,
                why + ", played as hard: ");
    }

    // Notes for every distance, made once so a 3x3 move allocates nothing but its BotMove.
    private static final String[] WIN_NOTES = new String[Rules.MAX_SIZE * Rules.MAX_SIZE + 1];
    private static final String[] LOSS_NOTES = new String[WIN_NOTES.length];

    static {
        for (int d = 0; d < WIN_NOTES.length; d++) {
            WIN_NOTES[d] = "solved: win in " + d;
            LOSS_NOTES[d] = "solved: loss in " + d;
        }
    }

    /** "solved: draw", "solved: win in 3", "solved: loss in 4" (plies, this move counted). */
    static String solvedNote(int score) {
        if (score == 0) {
            return "solved: draw";
        }
        int distance = WIN - Math.abs(score);
        if (distance >= WIN_NOTES.length) {
            return score > 0 ? "solved: win" : "solved: loss";
        }
        return score > 0 ? WIN_NOTES[distance] : LOSS_NOTES[distance];
    }

    /**
     * The value of a position for the side that moved into it, given its value for the side to move
     * there: the sign flips and a win or loss is one ply further away.
     */
    static int parentValue(int child) {
        return child > 0 ? -(child - 1) : child < 0 ? -child - 1 : 0;
    }

    /** A strong 64-bit mix (the finaliser of SplitMix64), to spread seeds and keys. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
