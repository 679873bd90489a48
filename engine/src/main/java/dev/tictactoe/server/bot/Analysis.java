package dev.tictactoe.server.bot;

import dev.tictactoe.protocol.Seat;
import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Rules;

import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** A finished game judged: each position's value for X and best move, each move's verdict. */
public record Analysis(List<Step> positions, List<Judged> moves) {

    /** The points of a proven win (or one found by threats). */
    public static final int DECIDED = 10_000;

    // Points lost from which a move is an inaccuracy, mistake, blunder (an open three: ~300).
    public static final int INACCURACY = 100;
    public static final int MISTAKE = 250;
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

    /** One position: {@code toMove} null and {@code best} -1 once the game is over. */
    public record Step(@Nullable Seat toMove, boolean exact, int score, int best) {}

    /** One played move and the points the mover gave away against the best move. */
    public record Judged(int cell, Seat mark, Verdict verdict, int loss) {}

    /** Judges {@code moves} from an empty board, {@code nodes} a position; refuses illegal ones. */
    public static Analysis of(Rules rules, Seat first, int[] moves, Bot bot, long nodes) {
        Board board = new Board(rules, first);
        List<Step> positions = new ArrayList<>(moves.length + 1);
        List<Judged> judged = new ArrayList<>(moves.length);
        positions.add(step(board, bot, nodes));
        for (int ply = 0; ply < moves.length; ply++) {
            int cell = moves[ply];
            if (board.isOver() || !rules.contains(cell) || !board.isEmpty(cell)) {
                throw new IllegalArgumentException("move " + (ply + 1) + " is not legal");
            }
            board.play(cell);
            positions.add(step(board, bot, nodes));
            judged.add(judge(cell, positions.get(ply), positions.get(ply + 1)));
        }
        return new Analysis(List.copyOf(positions), List.copyOf(judged));
    }

    private static Step step(Board board, Bot bot, long nodes) {
        if (board.isOver()) {
            Seat winner = board.winner();
            int score = winner == null ? 0 : winner == Seat.X ? DECIDED : -DECIDED;
            return new Step(null, true, score, -1);
        }
        BotMove m = bot.evaluate(board, nodes, board.moveCount());
        int forX = board.toMove() == Seat.X ? points(m.score()) : -points(m.score());
        return new Step(board.toMove(), m.exact(), forX, m.cell());
    }

    private static int points(int score) {
        if (Math.abs(score) > Bot.WIN_THRESHOLD) {
            return score > 0 ? DECIDED : -DECIDED;
        }
        return Math.max(-DECIDED + 1, Math.min(DECIDED - 1, score));
    }

    private static Judged judge(int cell, Step before, Step after) {
        Seat mover = Objects.requireNonNull(before.toMove(), "a move was made");
        int sign = mover == Seat.X ? 1 : -1;
        int was = sign * before.score();
        int now = sign * after.score();
        int loss = Math.max(0, was - now);
        if (cell == before.best() || loss == 0) {
            return new Judged(cell, mover, Verdict.BEST, loss);
        }
        // A decided win given away is a blunder however close the points came.
        Verdict verdict =
                loss >= BLUNDER || was == DECIDED
                        ? Verdict.BLUNDER
                        : loss >= MISTAKE
                                ? Verdict.MISTAKE
                                : loss >= INACCURACY ? Verdict.INACCURACY : Verdict.GOOD;
        return new Judged(cell, mover, verdict, loss);
    }
}
