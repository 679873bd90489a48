package dev.tictactoe.server.bot;

import dev.tictactoe.server.game.Board;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * Chooses moves for a seat at any {@link Level}. A choice depends only on the position, the level,
 * the seed and (only when a search is cut short by the clock) the budget. The caller's board is
 * never touched. One instance may serve several threads: the tables of solved small boards are
 * shared, everything else belongs to one search. Apart from refusing a finished game, it never
 * throws: should a search fail, it answers with MEDIUM's move and says so in the note.
 */
public final class Bot {

    private static final Logger log = LoggerFactory.getLogger(Bot.class);

    /** Thinking time used when the caller has no opinion. */
    public static final Duration DEFAULT_BUDGET = Duration.ofMillis(200);

    /** Score of a won game; a win d plies ahead scores {@code WIN - d}. */
    public static final int WIN = 1_000_000_000;

    /** Scores beyond ± this are proven (or, for HARD, found) wins and losses. */
    public static final int WIN_THRESHOLD = WIN - 1000;

    /**
     * On the boards the pattern engine plays, PERFECT tries a proof only with at most this many
     * cells empty: with more, the proof ends nowhere in a move's budget.
     */
    static final int PROOF_EMPTIES = 36;

    private static final int SEARCH_TABLE_BITS = 17; // 4 MB for each searching thread
    private static final int MAX_DEPTH = 60;

    /** Whether HARD looks its first moves up in the opening book (matches measure without it). */
    private final boolean book;

    private final Proofs proofs = new Proofs();
    private final ThreadLocal<TranspositionTable> searchTables =
            ThreadLocal.withInitial(() -> new TranspositionTable(SEARCH_TABLE_BITS));

    /** A bot that plays its book's openings. */
    public Bot() {
        this(true);
    }

    /** A bot with ({@code true}) or without the opening book, for measuring the search alone. */
    public Bot(boolean book) {
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
        return choose(board, level, Budget.of(Objects.requireNonNull(budget, "budget")), seed);
    }

    /**
     * Chooses a move with a budget of {@code nodes} positions instead of a clock: the same board,
     * level, budget and seed always give the same move (for tests and matches).
     */
    public BotMove chooseWithNodes(Board board, Level level, long nodes, long seed) {
        return choose(board, level, Budget.ofNodes(nodes), seed);
    }

    private BotMove choose(Board board, Level level, Budget budget, long seed) {
        Objects.requireNonNull(level, "level");
        requirePlayable(board);
        if (level == Level.PERFECT && Classic.handles(board.rules())) {
            return Proofs.classic(board, seed);
        }
        Position pos = Position.of(board);
        try {
            SplittableRandom random = random(seed, pos);
            return switch (level) {
                case EASY -> Casual.easy(pos, random);
                case MEDIUM ->
                        PatternBoard.handles(pos.k)
                                ? Casual.medium(PatternBoard.of(board), random)
                                : Casual.medium(pos, random);
                case HARD -> hard(board, pos, Level.HARD, MAX_DEPTH, budget, random, "");
                case PERFECT -> perfect(board, pos, budget, seed, random);
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
        Budget unbounded = Budget.ofNodes(Long.MAX_VALUE);
        return hard(board, pos, Level.HARD, depth, unbounded, random(seed, pos), "");
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
            return Proofs.classic(board, seed);
        }
        Position pos = Position.of(board);
        Budget budget = Budget.ofNodes(nodes);
        if (Proofs.small(pos) || !PatternBoard.handles(pos.k) || pos.empties() <= PROOF_EMPTIES) {
            BotMove proved = proofs.proof(pos, budget, seed, searchTables::get);
            if (proved != null) {
                return proved;
            }
        }
        BotMove forced = forced(pos, Level.HARD, "");
        if (forced != null && forced.score() != 0) {
            return forced;
        }
        BotMove m = search(board, pos, Level.HARD, MAX_DEPTH, budget, random(seed, pos), "");
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

    private static SplittableRandom random(long seed, Position pos) {
        return new SplittableRandom(mix(seed ^ pos.hash()));
    }

    private BotMove hard(
            Board board,
            Position pos,
            Level level,
            int depth,
            Budget budget,
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
        return search(board, pos, level, depth, budget, random, notePrefix);
    }

    // HARD's search proper, with no shortcut: its score is the position's value to the mover.
    private BotMove search(
            Board board,
            Position pos,
            Level level,
            int depth,
            Budget budget,
            SplittableRandom random,
            String notePrefix) {
        TranspositionTable table = searchTables.get();
        if (PatternBoard.handles(pos.k)) {
            GomokuSearch.Result r =
                    new GomokuSearch(
                                    PatternBoard.of(board),
                                    table,
                                    depth,
                                    budget.deadline(),
                                    budget.nodes(),
                                    random)
                            .run(budget.start());
            return new BotMove(
                    r.cell(), level, false, r.score(), r.depth(), r.nodes(), notePrefix + r.note());
        }
        HardSearch search =
                new HardSearch(pos, table, depth, budget.deadline(), budget.nodes(), random);
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
            String note = notePrefix + "lost: blocks one of several lines";
            return new BotMove(blocks[0], level, false, -(WIN - 2), 2, 0, note);
        }
        return null;
    }

    // PERFECT's move: a proof where one can come, else HARD's move, the note saying why.
    private BotMove perfect(
            Board board, Position pos, Budget budget, long seed, SplittableRandom random) {
        if (!Proofs.small(pos) && PatternBoard.handles(pos.k) && pos.empties() > PROOF_EMPTIES) {
            return asHard(board, pos, budget, random, "too far from the end to solve");
        }
        BotMove proved = proofs.proof(pos, budget, seed, searchTables::get);
        if (proved != null) {
            return proved;
        }
        long nodes = budget.nodes();
        Budget rest = budget.withNodes(nodes == Long.MAX_VALUE ? nodes : nodes - nodes / 3);
        return asHard(board, pos, rest, random, "not solvable within budget");
    }

    private BotMove asHard(
            Board board, Position pos, Budget budget, SplittableRandom random, String why) {
        String prefix = why + ", played as hard: ";
        return hard(board, pos, Level.PERFECT, MAX_DEPTH, budget, random, prefix);
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
