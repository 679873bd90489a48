package dev.tictactoe.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.client.GameAnalysis;
import dev.tictactoe.client.RoomsApi;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

class AnalysisFetchTest {

    private static final GameAnalysis ANALYSIS =
            new GameAnalysis(
                    "K7MQ2P",
                    1,
                    new GameAnalysis.Thresholds(100, 250, 600, 10_000),
                    List.of(new GameAnalysis.Position(null, true, 0, null)),
                    List.of());

    private static final RoomsApi.Busy BUSY = new RoomsApi.Busy(Duration.ZERO, "busy");

    @Test
    void aBusyServerIsAskedAgainThenTheAnalysisComes() {
        AtomicInteger asked = new AtomicInteger();
        {
            AnalysisFetch fetch =
                    new AnalysisFetch(
                            (room, game) ->
                                    asked.incrementAndGet() < AnalysisFetch.MAX_TRIES
                                            ? BUSY
                                            : ANALYSIS);
            assertThat(fetch.fetch("K7MQ2P", 1).join())
                    .isEqualTo(new AnalysisFetch.Fetched(ANALYSIS));
        }
        assertThat(asked).hasValue(AnalysisFetch.MAX_TRIES);
    }

    @Test
    void aServerBusyEveryTimeIsGivenUpAfterMaxTries() {
        AtomicInteger asked = new AtomicInteger();
        {
            AnalysisFetch fetch =
                    new AnalysisFetch(
                            (room, game) -> {
                                asked.incrementAndGet();
                                return BUSY;
                            });
            assertThat(fetch.fetch("K7MQ2P", 4).join())
                    .isEqualTo(
                            new AnalysisFetch.Failed(
                                    "the server is busy analysing games: type history 4 again"
                                            + " later"));
        }
        assertThat(asked).hasValue(AnalysisFetch.MAX_TRIES);
    }

    @Test
    void aGameNotKeptAndAnUnreachableServerAreSaidInWords() {
        {
            AnalysisFetch fetch =
                    new AnalysisFetch((room, game) -> new RoomsApi.NotKept("room has no game"));
            assertThat(fetch.fetch("K7MQ2P", 9).join())
                    .isEqualTo(
                            new AnalysisFetch.Failed(
                                    "no analysis: the server keeps no game 9 of room K7MQ2P"));
        }
        {
            AnalysisFetch fetch =
                    new AnalysisFetch(
                            (room, game) -> {
                                throw new UncheckedIOException(
                                        "refused", new IOException("refused"));
                            });
            assertThat(fetch.fetch("K7MQ2P", 1).join())
                    .isInstanceOfSatisfying(
                            AnalysisFetch.Failed.class,
                            f -> assertThat(f.why()).startsWith("cannot reach the server"));
        }
    }

    @Test
    void theWaitBetweenTriesIsBounded() {
        assertThat(AnalysisFetch.waitFor(Duration.ofSeconds(2))).isEqualTo(Duration.ofSeconds(2));
        assertThat(AnalysisFetch.waitFor(Duration.ofHours(1))).isEqualTo(AnalysisFetch.MAX_WAIT);
    }
}
