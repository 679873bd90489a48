package dev.tictactoe.client;

import dev.tictactoe.protocol.WireWord;

import org.jspecify.annotations.Nullable;

import java.util.List;

/**
 * A finished game as the server's engine judged it ({@code GET
 * /api/rooms/{code}/games/{n}/analysis}): one position before each move and the final one, one
 * verdict per move. Scores are points for X; ±{@code thresholds.decided} is a won position.
 */
public record GameAnalysis(
        String room,
        int game,
        Thresholds thresholds,
        List<Position> positions,
        List<Judged> moves) {

    public GameAnalysis {
        positions = List.copyOf(positions);
        moves = List.copyOf(moves);
    }

    /**
     * The losses (in points for the mover) from which a move is judged worse; and a win's score.
     */
    public record Thresholds(int inaccuracy, int mistake, int blunder, int decided) {}

    /** A position. */
    public record Position(
            @Nullable String toMove, boolean exact, int score, @Nullable Integer best) {}

    /** A played move and how good it was; {@code loss} is what its mover gave away. */
    public record Judged(int cell, String seat, Verdict verdict, int loss) {}

    /** How good a played move was, best first. */
    public enum Verdict implements WireWord {
        BEST("best"),
        GOOD("good"),
        INACCURACY("inaccuracy"),
        MISTAKE("mistake"),
        BLUNDER("blunder");

        private final String wire;

        Verdict(String wire) {
            this.wire = wire;
        }

        @Override
        public String wire() {
            return wire;
        }

        /** The verdict spelled {@code text}. */
        public static @Nullable Verdict fromWire(String text) {
            return WireWord.find(values(), text);
        }
    }

    /** Whether {@code position}'s score says a side has won. */
    public boolean decided(Position position) {
        return Math.abs(position.score()) >= thresholds.decided();
    }
}
