package dev.tictactoe.server.net;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.netty.handler.codec.http.FullHttpResponse;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
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
        CompletableFuture<FullHttpResponse> first = analyses.analyse("10.0.0.1", game(1, "[4,0]"));
        FullHttpResponse busy = analyses.analyse("10.0.0.1", game(2, "[0,4]")).join();
        assertThat(busy.status().code()).isEqualTo(429);
        assertThat(busy.headers().get("Retry-After")).isEqualTo("2");
        assertThat(first).isNotDone();

        thread.runAll();
        assertThat(first.join().status().code()).isEqualTo(200);
        assertThat(analyses.analyse("10.0.0.1", game(2, "[0,4]"))).isNotDone();
    }

    @Test
    void theServerQueuesABoundedNumber() throws Exception {
        for (int i = 0; i < GameAnalyses.MAX_WAITING; i++) {
            assertThat(analyses.analyse("10.0.0." + i, game(i + 1, "[4]"))).isNotDone();
        }
        FullHttpResponse busy = analyses.analyse("10.0.1.1", game(99, "[4]")).join();
        assertThat(busy.status().code()).isEqualTo(503);
        assertThat(busy.headers().get("Retry-After")).isEqualTo("5");
        thread.runAll();
        assertThat(analyses.analyse("10.0.1.1", game(99, "[4]"))).isNotDone();
    }

    @Test
    void aGameIsAnalysedOnceAndKept() throws Exception {
        CompletableFuture<FullHttpResponse> one = analyses.analyse("10.0.0.1", game(1, "[4,1,0]"));
        CompletableFuture<FullHttpResponse> two = analyses.analyse("10.0.0.2", game(1, "[4,1,0]"));
        assertThat(thread.tasks).hasSize(1);
        thread.runAll();

        String body = body(one.join());
        assertThat(body(two.join())).isEqualTo(body);
        assertThat(new ObjectMapper().readTree(body).get("moves").get(1).get("verdict").asText())
                .isEqualTo("blunder");
        CompletableFuture<FullHttpResponse> kept = analyses.analyse("10.0.0.3", game(1, "[4,1,0]"));
        assertThat(body(kept.join())).isEqualTo(body);
        assertThat(thread.tasks).isEmpty();
    }

    @Test
    void aDocumentWithAnIllegalMoveFailsAndFreesItsAddress() throws Exception {
        CompletableFuture<FullHttpResponse> bad = analyses.analyse("10.0.0.1", game(1, "[4,4]"));
        thread.runAll();
        assertThat(bad).isCompletedExceptionally();
        assertThat(analyses.analyse("10.0.0.1", game(2, "[4]"))).isNotDone();
    }

    private static String body(FullHttpResponse response) {
        return response.content().toString(StandardCharsets.UTF_8);
    }
}
