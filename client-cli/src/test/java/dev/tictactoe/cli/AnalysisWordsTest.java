package dev.tictactoe.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.client.GameAnalysis;
import dev.tictactoe.client.GameAnalysis.Judged;
import dev.tictactoe.client.GameAnalysis.Position;
import dev.tictactoe.client.GameAnalysis.Verdict;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.Seat;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

class AnalysisWordsTest {

    private static final GameAnalysis.Thresholds THRESHOLDS =
            new GameAnalysis.Thresholds(100, 250, 600, 10_000);

    /** X centre, O on an edge (a blunder: a corner held the draw), X a corner. */
    private static final GameAnalysis CLASSIC =
            new GameAnalysis(
                    "K7MQ2P",
                    1,
                    THRESHOLDS,
                    List.of(
                            new Position(Seat.X, true, 0, 4),
                            new Position(Seat.O, true, 0, 0),
                            new Position(Seat.X, true, 10_000, 0),
                            new Position(Seat.O, true, 10_000, 8)),
                    List.of(
                            new Judged(4, Seat.X, Verdict.BEST, 0),
                            new Judged(1, Seat.O, Verdict.BLUNDER, 10_000),
                            new Judged(0, Seat.X, Verdict.BEST, 0)));

    @Test
    void eachMoveHasItsMarkTheValueItLeftAndTheBestMoveItMissed() {
        assertThat(AnalysisWords.lines(CLASSIC, 3, 12))
                .containsExactly(
                        "game 1 judged by the server's engine (exact where the board is solved):",
                        "  1. X b2   best          draw",
                        "  2. O b1   ?? blunder    X wins        best a1",
                        "  3. X a1   best          X wins");
    }

    @Test
    void valuesAreExactWhereSolvedAndAnEvaluationElsewhere() {
        assertThat(AnalysisWords.value(CLASSIC, new Position(Seat.X, true, -10_000, 1)))
                .isEqualTo("O wins");
        assertThat(AnalysisWords.value(CLASSIC, new Position(Seat.X, false, 10_000, 1)))
                .isEqualTo("X wins by force");
        assertThat(AnalysisWords.value(CLASSIC, new Position(Seat.X, false, 340, 1)))
                .isEqualTo("X +3.4");
        assertThat(AnalysisWords.value(CLASSIC, new Position(Seat.X, false, -25, 1)))
                .isEqualTo("O +0.3");
        assertThat(AnalysisWords.value(CLASSIC, new Position(Seat.X, false, 0, 1)))
                .isEqualTo("even");
    }

    @Test
    void aLongGameShowsOnlyItsMarkedMovesInTheLinesItHas() {
        List<Position> positions = new ArrayList<>();
        List<Judged> moves = new ArrayList<>();
        for (int ply = 0; ply < 40; ply++) {
            positions.add(new Position(ply % 2 == 0 ? Seat.X : Seat.O, false, 50, ply + 1));
            Verdict v = ply % 4 == 3 ? Verdict.MISTAKE : Verdict.GOOD;
            moves.add(
                    new Judged(
                            ply,
                            ply % 2 == 0 ? Seat.X : Seat.O,
                            v,
                            v == Verdict.MISTAKE ? 300 : 20));
        }
        positions.add(new Position(null, true, 10_000, null));
        GameAnalysis long15 = new GameAnalysis("K7MQ2P", 3, THRESHOLDS, positions, moves);
        List<String> lines = AnalysisWords.lines(long15, 15, 6);
        assertThat(lines).hasSize(6);
        assertThat(lines.get(0))
                .isEqualTo(
                        "game 3: 40 moves, 10 marked (--script lists every move); it ends X wins");
        assertThat(lines.get(1)).isEqualTo("  4. O d1   ? mistake     X +0.5        best e1");
        assertThat(lines.get(5)).isEqualTo("  ... and 6 more marked moves");
    }

    @Test
    void scriptsGetOneJsonLinePerMove() {
        List<String> lines = AnalysisWords.json(CLASSIC);
        assertThat(lines).hasSize(3);
        assertThat(MessageCodec.parse(lines.get(1)))
                .isEqualTo(
                        MessageCodec.parse(
                                "{\"type\":\"analysis\",\"room\":\"K7MQ2P\",\"game\":1,\"move\":2,"
                                        + "\"seat\":\"O\",\"cell\":1,\"verdict\":\"blunder\","
                                        + "\"loss\":10000,\"score\":10000,\"exact\":true,"
                                        + "\"best\":0}"));
        assertThat(MessageCodec.parse(lines.get(0)).get("best").isNull()).isTrue();
    }
}
