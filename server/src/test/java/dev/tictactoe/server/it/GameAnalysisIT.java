package dev.tictactoe.server.it;

import static dev.tictactoe.server.it.TestServer.WAIT;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.tictactoe.client.GameAnalysis;
import dev.tictactoe.client.GameClient;
import dev.tictactoe.client.RoomsApi;
import dev.tictactoe.protocol.NewRoom;
import dev.tictactoe.server.ServerConfig;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** {@code GET /api/rooms/{code}/games/{n}/analysis} on a real server with a data directory. */
class GameAnalysisIT {

    @TempDir Path data;

    private TestServer server;
    private final HttpClient http = HttpClient.newHttpClient();
    private final ObjectMapper json = new ObjectMapper();

    @BeforeEach
    void start() {
        server = new TestServer(ServerConfig.local("--data-dir=" + data));
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aFinishedClassicGameIsJudgedExactlyAndKept() throws Exception {
        GameClient[] p = server.pair(NewRoom.DEFAULT);
        String code = p[0].snapshot().room();
        // X centre, O on an edge (the losing answer), X wins down the first column.
        int[] cells = {4, 1, 0, 8, 6, 2, 3};
        for (int i = 0; i < cells.length; i++) {
            int moves = i;
            p[i % 2].move(cells[i]);
            // Both see the move before the next one is decided on it.
            for (GameClient player : p) {
                player.awaitSnapshot(s -> s.moves().size() == moves + 1, WAIT);
            }
        }
        p[0].awaitSnapshot(s -> s.result() != null, WAIT);

        HttpResponse<String> first = get("/api/rooms/" + code + "/games/1/analysis");
        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(first.headers().firstValue("content-type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("application/json"));
        JsonNode body = json.readTree(first.body());
        assertThat(body.get("room").asText()).isEqualTo(code);
        assertThat(body.get("game").asInt()).isEqualTo(1);
        List<String> verdicts = new ArrayList<>();
        body.get("moves").forEach(m -> verdicts.add(m.get("verdict").asText()));
        assertThat(verdicts)
                .containsExactly("best", "blunder", "best", "best", "best", "best", "best");
        assertThat(body.get("moves").get(1).get("seat").asText()).isEqualTo("O");
        assertThat(body.get("positions")).hasSize(cells.length + 1);
        body.get("positions").forEach(p0 -> assertThat(p0.get("exact").asBoolean()).isTrue());
        JsonNode end = body.get("positions").get(cells.length);
        assertThat(end.get("toMove").isNull()).isTrue();
        assertThat(end.get("best").isNull()).isTrue();
        assertThat(end.get("score").asInt())
                .isEqualTo(body.get("thresholds").get("decided").asInt());

        // Asked again, the kept analysis is the same document.
        assertThat(get("/api/rooms/" + code + "/games/1/analysis").body()).isEqualTo(first.body());

        // The client's strict reader takes the server's document as it is.
        RoomsApi.AnalysisAnswer read = server.api.analysis(code, 1);
        assertThat(read).isInstanceOf(GameAnalysis.class);
        GameAnalysis analysis = (GameAnalysis) read;
        assertThat(analysis.moves().get(1).verdict()).isEqualTo(GameAnalysis.Verdict.BLUNDER);
        assertThat(analysis.positions()).hasSize(cells.length + 1);
    }

    @Test
    void aGameNotKeptIsNotFoundAndOnlyGetIsAllowed() throws Exception {
        String code = server.create();
        HttpResponse<String> missing = get("/api/rooms/" + code + "/games/1/analysis");
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(missing.body()).contains("\"code\":\"unknown_room\"");
        assertThat(server.api.analysis(code, 1)).isInstanceOf(RoomsApi.NotKept.class);

        HttpResponse<String> post =
                http.send(
                        HttpRequest.newBuilder(uri("/api/rooms/" + code + "/games/1/analysis"))
                                .POST(HttpRequest.BodyPublishers.noBody())
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(post.statusCode()).isEqualTo(405);
        assertThat(get("/api/rooms/" + code + "/games/1/analyses").statusCode()).isEqualTo(404);
    }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(
                HttpRequest.newBuilder(uri(path)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + server.server.port() + path);
    }
}
