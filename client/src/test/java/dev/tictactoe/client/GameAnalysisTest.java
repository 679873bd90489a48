package dev.tictactoe.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.ProtocolException;
import dev.tictactoe.protocol.Seat;

import org.junit.jupiter.api.Test;

import java.time.Duration;

class GameAnalysisTest {

    private static final String THRESHOLDS =
            "\"thresholds\":{\"inaccuracy\":100,\"mistake\":250,\"blunder\":600,\"decided\":10000}";

    private static GameAnalysis read(String positions, String moves) {
        return Http.read(
                MessageCodec.parse(
                        "{\"room\":\"K7MQ2P\",\"game\":2,"
                                + THRESHOLDS
                                + ",\"positions\":["
                                + positions
                                + "],\"moves\":["
                                + moves
                                + "]}"),
                GameAnalysis.class,
                "game analysis");
    }

    @Test
    void aFinalPositionHasNoSideToMoveAndNoBestMove() {
        GameAnalysis a =
                read(
                        "{\"toMove\":\"O\",\"exact\":false,\"score\":-340,\"best\":112},"
                                + "{\"toMove\":null,\"exact\":true,\"score\":-10000,\"best\":null}",
                        "{\"cell\":112,\"seat\":\"O\",\"verdict\":\"best\",\"loss\":0}");
        assertThat(a.game()).isEqualTo(2);
        assertThat(a.positions().get(0))
                .isEqualTo(new GameAnalysis.Position(Seat.O, false, -340, 112));
        assertThat(a.positions().get(1))
                .isEqualTo(new GameAnalysis.Position(null, true, -10000, null));
        assertThat(a.thresholds()).isEqualTo(new GameAnalysis.Thresholds(100, 250, 600, 10000));
    }

    @Test
    void aMissingOrMistypedFieldIsRefusedNotDefaulted() {
        String end = "{\"toMove\":null,\"exact\":true,\"score\":0,\"best\":null}";
        String move = "{\"cell\":4,\"seat\":\"X\",\"verdict\":\"good\",\"loss\":10}";
        assertThatThrownBy(() -> read(end, move))
                .isInstanceOf(ProtocolException.class)
                .hasMessageContaining("one position more than moves");
        assertThatThrownBy(() -> read("{\"toMove\":\"X\",\"exact\":true,\"score\":0}," + end, move))
                .hasMessageContaining("'best'");
        assertThatThrownBy(
                        () ->
                                read(
                                        "{\"toMove\":\"Z\",\"exact\":true,\"score\":0,\"best\":4},"
                                                + end,
                                        move))
                .hasMessageContaining("toMove");
        assertThatThrownBy(
                        () ->
                                read(
                                        "{\"toMove\":\"X\",\"exact\":\"yes\",\"score\":0,\"best\":4},"
                                                + end,
                                        move))
                .hasMessageContaining("exact");
        assertThatThrownBy(
                        () ->
                                read(
                                        "{\"toMove\":\"X\",\"exact\":true,\"score\":0,\"best\":4},"
                                                + end,
                                        move.replace("good", "great")))
                .hasMessageContaining("Verdict");
        assertThatThrownBy(
                        () ->
                                read(
                                        "{\"toMove\":\"X\",\"exact\":true,\"score\":0,\"best\":4},"
                                                + end,
                                        move.replace("\"X\"", "null")))
                .isInstanceOf(ProtocolException.class)
                .hasMessageContaining("moves[0].seat");
    }

    @Test
    void aRetryAfterIsSecondsOrTheDefault() {
        assertThat(RoomsApi.retryAfter("5")).isEqualTo(Duration.ofSeconds(5));
        assertThat(RoomsApi.retryAfter("")).isEqualTo(RoomsApi.DEFAULT_RETRY_AFTER);
        assertThat(RoomsApi.retryAfter("Wed, 21 Oct 2015 07:28:00 GMT"))
                .isEqualTo(RoomsApi.DEFAULT_RETRY_AFTER);
    }
}
