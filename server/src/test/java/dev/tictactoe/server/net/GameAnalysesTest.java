package dev.tictactoe.server.net;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.tictactoe.server.net.GameAnalyses.Analysed;
import dev.tictactoe.server.net.GameAnalyses.Outcome;
import dev.tictactoe.server.net.GameAnalyses.Refused;

import org.junit.jupiter.api.Test;

import java.util.ArrayDeque;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

class GameAnalysesTest {

    /** Runs nothing until the test says so. */
    private static final class ByHand extends AbstractExecutorService {
        final Queue<Runnable> tasks = new ArrayDeque<>();

        @Override
        public void execute(Runnable task) {
            tasks.add(task);
        }

        void runAll() {
            while (!tasks.isEmpty()) {
                tasks.remove().run();
            }
        }

        @Override
        public void shutdown() {}

        @Override
        public List<Runnable> shutdownNow() {
            return List.of();
        }

        @Override
        public boolean isShutdown() {
            return false;
        }

        @Override
        public boolean isTerminated() {
            return false;
        }

        @Override
        public boolean awaitTermination(long timeout, TimeUnit unit) {
            return true;
        }
    }

    private final ByHand thread = new ByHand();
    private final GameAnalyses analyses = new GameAnalyses(1, thread);

    private static JsonNode game(int number, String moves) throws Exception {
        return new ObjectMapper()
                .readTree(
                        "{\"room\":\"K7MQ2P\",\"game\":"
                                + number
                                + ",\"settings\":{\"size\":3,\"winLength\":3,\"earlyDraw\":true},"
                                + "\"first\":\"X\",\"moves\":"
                                + moves
                                + "}");
    }

    @Test
    void anAddressWaitsForOneAnalysisAtATime() throws Exception {
        CompletableFuture<Outcome> first = analyses.analyse("10.0.0.1", game(1, "[4,0]"));
        assertThat(analyses.analyse("10.0.0.1", game(2, "[0,4]")).join())
                .isEqualTo(Refused.ADDRESS_BUSY);
        assertThat(first).isNotDone();

        thread.runAll();
        assertThat(first.join()).isInstanceOf(Analysed.class);
        assertThat(analyses.analyse("10.0.0.1", game(2, "[0,4]"))).isNotDone();
    }

    @Test
    void theServerQueuesABoundedNumber() throws Exception {
        for (int i = 0; i < GameAnalyses.MAX_WAITING; i++) {
            assertThat(analyses.analyse("10.0.0." + i, game(i + 1, "[4]"))).isNotDone();
        }
        assertThat(analyses.analyse("10.0.1.1", game(99, "[4]")).join()).isEqualTo(Refused.BUSY);
        thread.runAll();
        assertThat(analyses.analyse("10.0.1.1", game(99, "[4]"))).isNotDone();
    }

    @Test
    void aGameIsAnalysedOnceAndKept() throws Exception {
        CompletableFuture<Outcome> one = analyses.analyse("10.0.0.1", game(1, "[4,1,0]"));
        CompletableFuture<Outcome> two = analyses.analyse("10.0.0.2", game(1, "[4,1,0]"));
        assertThat(thread.tasks).hasSize(1);
        thread.runAll();

        JsonNode body = ((Analysed) one.join()).body();
        assertThat(((Analysed) two.join()).body()).isSameAs(body);
        assertThat(body.get("moves").get(1).get("verdict").asText()).isEqualTo("blunder");
        CompletableFuture<Outcome> kept = analyses.analyse("10.0.0.3", game(1, "[4,1,0]"));
        assertThat(kept.join()).isEqualTo(new Analysed(body));
        assertThat(thread.tasks).isEmpty();
    }

    @Test
    void aDocumentWithAnIllegalMoveFailsAndFreesItsAddress() throws Exception {
        CompletableFuture<Outcome> bad = analyses.analyse("10.0.0.1", game(1, "[4,4]"));
        thread.runAll();
        assertThat(bad).isCompletedExceptionally();
        assertThat(analyses.analyse("10.0.0.1", game(2, "[4]"))).isNotDone();
    }
}
