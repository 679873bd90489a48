package dev.tictactoe.client;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;

import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.WireWord;

import org.jspecify.annotations.Nullable;

import java.util.List;

/** A finished game judged by the server's engine; scores are points for X. */
public record GameAnalysis(
        String room, int game, Thresholds thresholds, List<Position> positions, List<Judged> moves)
        implements RoomsApi.AnalysisAnswer {

    public GameAnalysis {
        positions = List.copyOf(positions);
        moves = List.copyOf(moves);
        if (positions.size() != moves.size() + 1) {
            throw new IllegalArgumentException("one position more than moves expected");
        }
    }

    /** The losses (in points for the mover) from which a move is judged worse; a win's score. */
    public record Thresholds(int inaccuracy, int mistake, int blunder, int decided) {}

    /** A position: who moves (null once the game is over), its score and best cell. */
    public record Position(
            @JsonSetter(nulls = Nulls.SET) @Nullable Seat toMove,
            boolean exact,
            int score,
            @JsonSetter(nulls = Nulls.SET) @Nullable Integer best) {}

    /** A played move and how good it was; {@code loss} is what its mover gave away. */
    public record Judged(int cell, Seat seat, Verdict verdict, int loss) {}

    /** How good a played move was, best first. */
    public enum Verdict implements WireWord {
        BEST,
        GOOD,
        INACCURACY,
        MISTAKE,
        BLUNDER
    }
}
