package dev.tictactoe.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.NewRoom;
import dev.tictactoe.protocol.ProtocolException;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicReference;

class RoomsApiIT {
    private HttpServer server;
    private final AtomicReference<NewRoom> created = new AtomicReference<>();

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/api/rooms", this::rooms);
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    /** A stand-in for the server's API: creates rooms from valid settings, knows one room. */
    private void rooms(HttpExchange ex) throws IOException {
        String path = ex.getRequestURI().getPath();
        if (ex.getRequestMethod().equals("POST") && path.equals("/api/rooms")) {
            String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            try {
                NewRoom room = MessageCodec.decodeNewRoom(body);
                created.set(room);
                reply(ex, 201, "{\"code\":\"K7MQ2P\",\"settings\":{\"size\":" + room.size() + "}}");
            } catch (ProtocolException e) {
                reply(
                        ex,
                        400,
                        "{\"code\":\""
                                + e.code().wire()
                                + "\",\"message\":\""
                                + e.getMessage().replace("\"", "\\\"")
                                + "\"}");
            }
        } else if (path.equals("/api/rooms/K7MQ2P/games/1/analysis")) {
            reply(ex, 200, ANALYSIS);
        } else if (path.equals("/api/rooms/K7MQ2P/games/2/analysis")) {
            ex.getResponseHeaders().set("Retry-After", "5");
            reply(ex, 503, "{\"code\":\"server_full\",\"message\":\"too many games\"}");
        } else if (path.equals("/api/rooms/K7MQ2P/games/3/analysis")) {
            reply(ex, 200, ANALYSIS.replace("\"blunder\",", "\"brilliant\","));
        } else {
            reply(
                    ex,
                    404,
                    "{\"code\":\"unknown_room\",\"message\":\"there is no room with that code\"}");
        }
    }

    /** Two moves of a 3×3 game as the server judges them. */
    private static final String ANALYSIS =
            """
            {"room": "K7MQ2P", "game": 1,
             "thresholds": {"inaccuracy": 100, "mistake": 250, "blunder": 600, "decided": 10000},
             "positions": [{"toMove": "X", "exact": true, "score": 0, "best": 4},
                           {"toMove": "O", "exact": true, "score": 0, "best": 0},
                           {"toMove": "X", "exact": true, "score": 10000, "best": 0}],
             "moves": [{"cell": 4, "seat": "X", "verdict": "best", "loss": 0},
                       {"cell": 1, "seat": "O", "verdict": "blunder", "loss": 10000}]}
            """;

    private static void reply(HttpExchange ex, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", "application/json");
        ex.sendResponseHeaders(status, bytes.length);
        ex.getResponseBody().write(bytes);
        ex.close();
    }

    private RoomsApi api() {
        return new RoomsApi(URI.create("http://127.0.0.1:" + server.getAddress().getPort()));
    }

    @Test
    void createsARoomWithTheGivenSettings() {
        var room = api().create(new NewRoom(15, 5, "X", "X", true, true, "hard", null, null));
        assertThat(room.code()).isEqualTo("K7MQ2P");
        assertThat(room.settings().get("size").intValue()).isEqualTo(15);
        assertThat(created.get())
                .isEqualTo(new NewRoom(15, 5, "X", "X", true, true, "hard", null, null));
    }

    @Test
    void aRefusalCarriesTheServersCode() {
        assertThatThrownBy(
                        () ->
                                api().create(
                                                new NewRoom(
                                                        25, 5, "X", "X", true, true, null, null,
                                                        null)))
                .isInstanceOfSatisfying(
                        ProtocolException.class,
                        e -> {
                            assertThat(e.code()).isEqualTo(ErrorCode.INVALID_SETTINGS);
                            assertThat(e.getMessage())
                                    .endsWith(
                                            "HTTP 400: settings.size: expected an integer 3..19,"
                                                    + " got 25");
                        });
    }

    @Test
    void readsAnAnalysisStrictlyAndBusyOrMissingAsValues() {
        var answer = api().analysis("k7mq2p", 1);
        assertThat(answer).isInstanceOf(GameAnalysis.class);
        GameAnalysis a = (GameAnalysis) answer;
        assertThat(a.moves())
                .extracting(GameAnalysis.Judged::verdict)
                .containsExactly(GameAnalysis.Verdict.BEST, GameAnalysis.Verdict.BLUNDER);
        assertThat(a.positions().get(2).score()).isEqualTo(a.thresholds().decided());

        assertThat(api().analysis("K7MQ2P", 2))
                .isEqualTo(new RoomsApi.Busy(java.time.Duration.ofSeconds(5), "too many games"));
        assertThat(api().analysis("K7MQ2P", 9)).isInstanceOf(RoomsApi.NotKept.class);
        assertThatThrownBy(() -> api().analysis("K7MQ2P", 3))
                .isInstanceOfSatisfying(
                        ProtocolException.class,
                        e -> assertThat(e.code()).isEqualTo(ErrorCode.BAD_MESSAGE));
    }
}
