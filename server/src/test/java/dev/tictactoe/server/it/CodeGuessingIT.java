package dev.tictactoe.server.it;

import static dev.tictactoe.server.it.RawHttp.exchange;
import static dev.tictactoe.server.it.RawHttp.get;
import static dev.tictactoe.server.it.RawHttp.upgrade;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.server.ServerConfig;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/** Guessing room codes from one address is slowed to a budget, answered 429 with Retry-After. */
class CodeGuessingIT {

    private static final int PARALLEL = 50;
    private static final int GUESSES_EACH = 10;

    @Test
    void anAddressThatMissesTooOftenIsRefusedEvenForARealCode() throws Exception {
        try (TestServer server =
                new TestServer(
                        ServerConfig.local(
                                "--unknown-codes-per-second=1", "--unknown-code-burst=5"))) {
            int port = server.server.port();
            String code = server.create();
            for (int i = 0; i < 5; i++) {
                String guess =
                        i % 2 == 0
                                ? get("/api/rooms/ZZZZZ" + i)
                                : upgrade("/rooms/ZZZZZ" + i + "/ws");
                assertThat(exchange(port, guess, 1_000).status()).isEqualTo(404);
            }
            RawHttp.Response refused = exchange(port, get("/api/rooms/ZZZZZZ"), 1_000);
            assertThat(refused.status()).isEqualTo(429);
            assertThat(refused.body()).startsWith("{\"code\":\"rate_limited\"");
            assertThat(Integer.parseInt(refused.header("Retry-After"))).isBetween(1, 2);
            // A hit is refused too, or a 429 would tell a miss from a hit.
            assertThat(exchange(port, get("/api/rooms/" + code), 1_000).status()).isEqualTo(429);
            assertThat(exchange(port, upgrade("/rooms/" + code + "/ws"), 1_000).status())
                    .isEqualTo(429);
            // Other endpoints are not affected.
            assertThat(exchange(port, get("/healthz"), 1_000).status()).isEqualTo(200);
        }
    }

    @Test
    void parallelGuessesFromOneAddressStayWithinTheBudget(@TempDir Path data) throws Exception {
        int burst = 20;
        try (TestServer server =
                new TestServer(
                        ServerConfig.local(
                                "--data-dir=" + data,
                                "--unknown-codes-per-second=1",
                                "--unknown-code-burst=" + burst))) {
            int port = server.server.port();
            AtomicInteger unknown = new AtomicInteger();
            AtomicInteger refused = new AtomicInteger();
            long started = System.nanoTime();
            try (ExecutorService clients = Executors.newVirtualThreadPerTaskExecutor()) {
                for (int c = 0; c < PARALLEL; c++) {
                    int client = c;
                    clients.execute(
                            () -> {
                                for (int i = 0; i < GUESSES_EACH; i++) {
                                    String guess = "ZZ" + client + "Q" + i;
                                    // Every endpoint that tells whether a code exists.
                                    String request =
                                            switch (i % 5) {
                                                case 0 -> get("/api/rooms/" + guess + "/games");
                                                case 1 -> get("/api/rooms/" + guess + "/games/1");
                                                case 2 ->
                                                        get(
                                                                "/api/rooms/"
                                                                        + guess
                                                                        + "/games/1/analysis");
                                                case 3 -> get("/api/rooms/" + guess);
                                                default -> upgrade("/rooms/" + guess + "/ws");
                                            };
                                    try {
                                        int status = exchange(port, request, 30_000).status();
                                        (status == 404 ? unknown : refused).incrementAndGet();
                                    } catch (java.io.IOException e) {
                                        throw new java.io.UncheckedIOException(e);
                                    }
                                }
                            });
                }
            }
            double seconds = (System.nanoTime() - started) / 1e9;
            // The burst, plus one a second for as long as the guessing went on: however the
            // lookups interleave, none is answered past the budget.
            assertThat(unknown.get()).isBetween(burst, burst + (int) Math.ceil(seconds) + 1);
            assertThat(unknown.get() + refused.get()).isEqualTo(PARALLEL * GUESSES_EACH);
        }
    }

    @Test
    void hitsCostNothing() throws Exception {
        try (TestServer server =
                new TestServer(
                        ServerConfig.local(
                                "--unknown-codes-per-second=1", "--unknown-code-burst=1"))) {
            String code = server.create();
            for (int i = 0; i < 20; i++) {
                assertThat(
                                exchange(server.server.port(), get("/api/rooms/" + code), 1_000)
                                        .status())
                        .isEqualTo(200);
            }
        }
    }
}
