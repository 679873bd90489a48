package dev.tictactoe.server.bot;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Rules;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;

/** Moves at any {@link BotLevel}, the same for the same position, seed and nodes; thread-safe. */
public final class Bot {

    private static final Logger log = LoggerFactory.getLogger(Bot.class);

    /** Score of a won game; a win d plies ahead scores {@code WIN - d}. */
    public static final int WIN = 1_000_000_000;

    /** Scores beyond ± this are proven (or, for HARD, found) wins and losses. */
    public static final int WIN_THRESHOLD = WIN - 1000;

    static final int PROOF_EMPTIES = 36; // a pattern board's proof completes only this near the end
    private static final int SMALL_CELLS = 16; // boards up to 4×4 are solved once and kept
    private static final int SMALL_TABLE_BITS = 16; // 2 MB a small variant: 4x4 k=4 needs 34k nodes
    private static final int SEARCH_TABLE_BITS = 17; // 4 MB for each searching thread
    private static final int MAX_DEPTH = 60;

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
    public Bot(boolean book) {
        this.book = book;
    }

    /** A move searched for about {@code budget}; {@code seed} breaks ties so games replay. */
    public BotMove choose(Board board, BotLevel level, Duration budget, long seed) {
        return choose(board, level, Budget.of(Objects.requireNonNull(budget, "budget")), seed);
    }

    /** A move searched for {@code nodes} positions instead of a clock, so it always replays. */
    public BotMove chooseWithNodes(Board board, BotLevel level, long nodes, long seed) {
        return choose(board, level, Budget.ofNodes(nodes), seed);
    }

    // Apart from refusing a finished game it never throws: a failed search plays MEDIUM's move.
    private BotMove choose(Board board, BotLevel level, Budget budget, long seed) {
        Objects.requireNonNull(level, "level");
        requirePlayable(board);
        if (level == BotLevel.PERFECT && Classic.handles(board.rules())) {
            return Classic.move(board, seed);
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
                case HARD -> hard(board, pos, MAX_DEPTH, budget, random);
                case PERFECT -> perfect(board, pos, budget, seed, random);
            };
        } catch (RuntimeException | StackOverflowError e) {
            log.error("bot search failed at level {} on\n{}", level, board, e);
            int cell = Casual.medium(Position.of(board), new SplittableRandom(seed)).cell();
            return new BotMove(cell, level, false, 0, 0, 0, "fallback after a search error");
        }
    }

    /** The value to the mover and a best move: proven if it can be, else HARD's, bookless. */
    public BotMove evaluate(Board board, long nodes, long seed) {
        requirePlayable(board);
        if (Classic.handles(board.rules())) {
            return Classic.move(board, seed);
        }
        Position pos = Position.of(board);
        Budget budget = Budget.ofNodes(nodes);
        if (pos.cells <= SMALL_CELLS
                || !PatternBoard.handles(pos.k)
                || pos.empties() <= PROOF_EMPTIES) {
            BotMove proved = proof(pos, budget, seed);
            if (proved != null) {
                return proved;
            }
        }
        BotMove forced = forced(pos);
        if (forced != null && forced.score() != 0) {
            return forced;
        }
        BotMove m = search(board, pos, MAX_DEPTH, budget, random(seed, pos));
        if (m.score() != 0 || m.depth() > 1) {
            return m;
        }
        // A move taken without weighing it (the one defence that holds): value it after the move.
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
        int depth = reply.depth() + 1;
        long spent = m.nodes() + reply.nodes();
        return new BotMove(m.cell(), BotLevel.HARD, reply.exact(), score, depth, spent, m.note());
    }

    private static void requirePlayable(Board board) {
        if (board.isOver()) {
            throw new IllegalStateException("the game is over, there is no move to choose");
        }
    }

    static SplittableRandom random(long seed, Position pos) {
        return new SplittableRandom(mix(seed ^ pos.hash()));
    }

    BotMove hard(Board board, Position pos, int depth, Budget budget, SplittableRandom random) {
        BotMove forced = forced(pos);
        if (forced != null) {
            return forced;
        }
        int booked = book ? OpeningBook.STANDARD.move(board) : -1;
        return booked >= 0
                ? new BotMove(booked, BotLevel.HARD, false, 0, 0, 0, "opening book")
                : search(board, pos, depth, budget, random);
    }

    // HARD's search proper, with no shortcut: its score is the position's value to the mover.
    private BotMove search(
            Board board, Position pos, int depth, Budget budget, SplittableRandom random) {
        TranspositionTable table = searchTables.get();
        return PatternBoard.handles(pos.k)
                ? new GomokuSearch(PatternBoard.of(board), table, depth, budget, random).run()
                : new HardSearch(pos, table, depth, budget, random).run();
    }

    // A win in one, or else the block of a loss in one; null when the position needs thought.
    private static @Nullable BotMove forced(Position pos) {
        int win = pos.winningCell(pos.side);
        if (win >= 0) {
            return new BotMove(win, BotLevel.HARD, false, WIN - 1, 1, 0, "takes the win");
        }
        int[] blocks = new int[2];
        int n = pos.winningCells(1 - pos.side, blocks, 2);
        if (n == 0) {
            return null;
        }
        String note = n == 1 ? "blocks a line" : "lost: blocks one of several lines";
        return new BotMove(blocks[0], BotLevel.HARD, false, n == 1 ? 0 : -(WIN - 2), n, 0, note);
    }

    private BotMove perfect(
            Board board, Position pos, Budget budget, long seed, SplittableRandom random) {
        if (pos.cells > SMALL_CELLS
                && PatternBoard.handles(pos.k)
                && pos.empties() > PROOF_EMPTIES) {
            return asHard(board, pos, budget, random, "too far from the end to solve");
        }
        BotMove proved = proof(pos, budget, seed);
        if (proved != null) {
            return proved;
        }
        long nodes = budget.nodes();
        long rest = nodes == Long.MAX_VALUE ? nodes : nodes - nodes / 3;
        Budget left = new Budget(budget.start(), budget.deadline(), budget.nanos(), rest);
        return asHard(board, pos, left, random, "not solvable within budget");
    }

    /** The exact value and a best move, or null when no proof came within a third of the budget. */
    private @Nullable BotMove proof(Position pos, Budget budget, long seed) {
        boolean small = pos.cells <= SMALL_CELLS;
        TranspositionTable table =
                small
                        ? solvedSmall.computeIfAbsent(
                                pos.lines.rules, r -> new TranspositionTable(SMALL_TABLE_BITS))
                        : searchTables.get();
        if (!small) {
            table.newSearch();
        }
        boolean timed = !small && budget.deadline() != Long.MAX_VALUE;
        long solveDeadline = timed ? budget.start() + budget.nanos() * 2 / 5 : Long.MAX_VALUE;
        long solveNodes = small ? Long.MAX_VALUE : budget.nodes() / 3;
        Solver solver = new Solver(pos, table, true, solveDeadline, solveNodes);
        int value = solver.solve();
        if (solver.aborted) {
            return null;
        }
        int[] best = new int[pos.cells];
        int n = 0;
        for (int c = 0; c < pos.cells && !solver.aborted; c++) {
            if (pos.isEmpty(c) && solver.valueOfMove(c, value - 1, value) >= value) {
                best[n++] = c;
            }
        }
        if (solver.aborted) {
            return null;
        }
        int cell = best[(int) Long.remainderUnsigned(mix(seed ^ pos.hash()), n)];
        String note = "solved: " + Solver.value(value);
        return new BotMove(cell, BotLevel.PERFECT, true, value, pos.empties(), solver.nodes, note);
    }

    private BotMove asHard(
            Board board, Position pos, Budget budget, SplittableRandom random, String why) {
        BotMove m = hard(board, pos, MAX_DEPTH, budget, random);
        String note = why + ", played as hard: " + m.note();
        return new BotMove(
                m.cell(), BotLevel.PERFECT, false, m.score(), m.depth(), m.nodes(), note);
    }

    /** A child's value seen from its parent: the sign flips and a win is one ply further away. */
    static int parentValue(int child) {
        return child > 0 ? -(child - 1) : child < 0 ? -child - 1 : 0;
    }

    /** "depth 7", "depth 7, wins in 5": how a search's result reads in a move's note. */
    static String depthNote(int depth, int score) {
        return "depth "
                + depth
                + (Math.abs(score) > WIN_THRESHOLD
                        ? (score > 0 ? ", wins in " : ", loses in ") + (WIN - Math.abs(score))
                        : "");
    }

    /** The finaliser of SplitMix64, to spread seeds and keys. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
