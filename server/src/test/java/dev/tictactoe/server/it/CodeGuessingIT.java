package dev.tictactoe.server.it;

import static dev.tictactoe.server.it.RawHttp.exchange;
import static dev.tictactoe.server.it.RawHttp.get;
import static dev.tictactoe.server.it.RawHttp.upgrade;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.server.ServerConfig;

import org.junit.jupiter.api.Test;

/** Guessing room codes from one address is slowed to a budget, answered 429 with Retry-After. */
class CodeGuessingIT {

    @Test
    void anAddressThatMissesTooOftenIsRefusedEvenForARealCode() throws Exception {
        try (TestServer server =
                new TestServer(
                        ServerConfig.builder().unknownCodesPerSecond(1).unknownCodeBurst(5))) {
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
    void hitsCostNothing() throws Exception {
        try (TestServer server =
                new TestServer(
                        ServerConfig.builder().unknownCodesPerSecond(1).unknownCodeBurst(1))) {
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
