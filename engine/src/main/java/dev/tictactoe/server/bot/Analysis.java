package dev.tictactoe.server.bot;

import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Mark;
import dev.tictactoe.server.game.Rules;

import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A game judged after it ended: every position's value and a best move, every played move's
 * verdict. Values are points for X (positive favours X): HARD's evaluation where the position was
 * searched, ±{@link #DECIDED} where a win was proven or found by threats, 0 for a proven draw.
 *
 * @param positions the position before each move, then the final one
 * @param moves the moves as played, each with its verdict
 */
public record Analysis(List<Step> positions, List<Judged> moves) {

    /** The points of a decided position: a proven win (or a forced win found by threats). */
    public static final int DECIDED = 10_000;

    /**
     * Losses, in points for the mover, from which a move is an inaccuracy, a mistake, a blunder.
     * HARD's evaluation gives a lone open three a few hundred points; a move that turns a decided
     * win into anything less, or a proven draw into a loss, is a blunder whatever the points.
     */
    public static final int INACCURACY = 100;

    /** See {@link #INACCURACY}. */
    public static final int MISTAKE = 250;

    /** See {@link #INACCURACY}. */
    public static final int BLUNDER = 600;

    /** Nodes searched per position by default: a 60-move 15×15 game in a few seconds of a core. */
    public static final long DEFAULT_NODES = 60_000;

    /** How good a played move was. */
    public enum Verdict {
        BEST,
        GOOD,
        INACCURACY,
        MISTAKE,
        BLUNDER
    }

    /**
     * One position.
     *
     * @param toMove the side to move, null once the game is over on the board
     * @param exact whether {@code score} is proven (a solved position, or the end of the game)
     * @param score points for X
     * @param best a best move for the side to move, -1 once the game is over on the board
     */
    public record Step(@Nullable Mark toMove, boolean exact, int score, int best) {}

    /**
     * One played move.
     *
     * @param cell where it was played
     * @param mark who played it
     * @param verdict how good it was
     * @param loss the points the mover gave away against the best move (0 or more)
     */
    public record Judged(int cell, Mark mark, Verdict verdict, int loss) {}

    /**
     * Judges the game that {@code moves} played from an empty board of {@code rules} with {@code
     * first} to move, searching each position for {@code nodes}. Deterministic for the same
     * arguments.
     *
     * @throws IllegalArgumentException if a move is not legal where it was played
     */
    public static Analysis of(Rules rules, Mark first, int[] moves, Bot bot, long nodes) {
        Board board = new Board(rules, first);
        List<Step> positions = new ArrayList<>(moves.length + 1);
        for (int ply = 0; ; ply++) {
            positions.add(step(board, bot, nodes));
            if (ply == moves.length) {
                break;
            }
            int cell = moves[ply];
            if (board.isOver() || cell < 0 || cell >= rules.cells() || !board.isEmpty(cell)) {
                throw new IllegalArgumentException("move " + (ply + 1) + " is not legal");
            }
            board.play(cell);
        }
        List<Judged> judged = new ArrayList<>(moves.length);
        for (int ply = 0; ply < moves.length; ply++) {
            judged.add(judge(moves[ply], positions.get(ply), positions.get(ply + 1)));
        }
        return new Analysis(List.copyOf(positions), List.copyOf(judged));
    }

    private static Step step(Board board, Bot bot, long nodes) {
        if (board.isOver()) {
            Mark winner = board.winner();
            int score = winner == null ? 0 : winner == Mark.X ? DECIDED : -DECIDED;
            return new Step(null, true, score, -1);
        }
        BotMove m = bot.evaluate(board, nodes, board.moveCount());
        int forMover = points(m.score());
        return new Step(
                board.toMove(),
                m.exact(),
                board.toMove() == Mark.X ? forMover : -forMover,
                m.cell());
    }

    private static int points(int score) {
        if (Math.abs(score) > Bot.WIN_THRESHOLD) {
            return score > 0 ? DECIDED : -DECIDED;
        }
        return Math.max(-DECIDED + 1, Math.min(DECIDED - 1, score));
    }

    private static Judged judge(int cell, Step before, Step after) {
        Mark mover = Objects.requireNonNull(before.toMove(), "a move was made");
        int sign = mover == Mark.X ? 1 : -1;
        int was = sign * before.score();
        int now = sign * after.score();
        int loss = Math.max(0, was - now);
        Verdict verdict;
        if (cell == before.best() || loss == 0) {
            verdict = Verdict.BEST;
        } else if (loss >= BLUNDER || was == DECIDED) {
            // A decided win given away is a blunder however close the points came.
            verdict = Verdict.BLUNDER;
        } else if (loss >= MISTAKE) {
            verdict = Verdict.MISTAKE;
        } else if (loss >= INACCURACY) {
            verdict = Verdict.INACCURACY;
        } else {
            verdict = Verdict.GOOD;
        }
        return new Judged(cell, mover, verdict, loss);
    }
}
