package dev.tictactoe.server.it;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.tictactoe.client.GameClient;
import dev.tictactoe.client.GameConnection;
import dev.tictactoe.protocol.CloseCodes;
import dev.tictactoe.protocol.NewRoom;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.server.ServerConfig;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The admin port against the real server over real sockets: off unless asked for; lists, shows,
 * closes rooms (for good, across a restart) and disconnects players; refuses what it should.
 */
class AdminIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir Path data;

    private final HttpClient http = HttpClient.newHttpClient();
    private final List<TestServer> servers = new ArrayList<>();
    private final ListAppender<ILoggingEvent> lines = new ListAppender<>();
    private final Logger adminLog =
            (Logger) LoggerFactory.getLogger("dev.tictactoe.server.admin.RoomActions");
    private Level level;

    @BeforeEach
    void captureTheAdminLog() {
        lines.start();
        level = adminLog.getLevel();
        adminLog.setLevel(Level.INFO);
        adminLog.addAppender(lines);
    }

    @AfterEach
    void stop() {
        adminLog.detachAppender(lines);
        adminLog.setLevel(level);
        servers.forEach(TestServer::close);
    }

    private TestServer start() {
        TestServer server =
                new TestServer(ServerConfig.local("--admin-port=0", "--data-dir=" + data));
        servers.add(server);
        return server;
    }

    private static int adminPort(TestServer server) {
        return server.server.otherPorts().getFirst();
    }

    private HttpResponse<String> get(TestServer server, String path) throws Exception {
        return http.send(
                HttpRequest.newBuilder(admin(server, path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(TestServer server, String path, String body)
            throws Exception {
        return post(server, path, body, null);
    }

    private HttpResponse<String> post(TestServer server, String path, String body, String origin)
            throws Exception {
        HttpRequest.Builder request =
                HttpRequest.newBuilder(admin(server, path))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(body));
        if (origin != null) {
            request.header("Origin", origin);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static URI admin(TestServer server, String path) {
        return URI.create("http://127.0.0.1:" + adminPort(server) + path);
    }

    private HttpResponse<String> publicRoom(TestServer server, String code) throws Exception {
        return http.send(
                HttpRequest.newBuilder(
                                URI.create(
                                        "http://127.0.0.1:"
                                                + server.server.port()
                                                + "/api/rooms/"
                                                + code))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static JsonNode json(HttpResponse<String> response) throws IOException {
        return JSON.readTree(response.body());
    }

    private List<String> codes(TestServer server) throws Exception {
        List<String> codes = new ArrayList<>();
        json(get(server, "/admin/api/rooms"))
                .get("rooms")
                .forEach(r -> codes.add(r.get("code").asText()));
        return codes;
    }

    @Test
    void theAdminPortIsOffByDefault() {
        try (TestServer server = new TestServer()) {
            assertThat(server.server.otherPorts()).isEmpty();
        }
    }

    @Test
    void theListShowsEveryLiveRoomWithItsSettingsMembersAndAge() throws Exception {
        TestServer server = start();
        GameClient[] pair =
                server.pair(new NewRoom(3, 3, "X", "X", true, true, null, "5m+3s", null));
        String playing = pair[0].snapshot().room();
        pair[0].drop();
        pair[1].awaitSnapshot(s -> !s.players().x().connected(), TestServer.WAIT);
        String waiting = server.create(new NewRoom(15, 5, "X", "X", true, true, null, null, null));
        GameClient watcher = server.connect(playing);
        watcher.spectate("spectator");

        HttpResponse<String> list = get(server, "/admin/api/rooms");
        assertThat(list.statusCode()).isEqualTo(200);
        JsonNode body = json(list);
        assertThat(body.get("total").asInt()).isEqualTo(2);
        assertThat(body.get("limit").asInt()).isEqualTo(500);
        JsonNode rooms = body.get("rooms");
        assertThat(rooms).hasSize(2);
        JsonNode game = playing.compareTo(waiting) < 0 ? rooms.get(0) : rooms.get(1);
        assertThat(game.get("code").asText()).isEqualTo(playing);
        assertThat(game.get("status").asText()).isEqualTo("playing");
        assertThat(game.get("version").asLong()).isEqualTo(watcher.version());
        assertThat(game.get("settings").get("size").asInt()).isEqualTo(3);
        assertThat(game.get("settings").get("clock").asText()).isEqualTo("5m+3s");
        assertThat(game.get("spectators").asInt()).isEqualTo(1);
        JsonNode x = game.get("members").get(0);
        assertThat(x.get("seat").asText()).isEqualTo("X");
        assertThat(x.get("name").asText()).isEqualTo("ana");
        assertThat(x.get("kind").asText()).isEqualTo("human");
        assertThat(x.get("state").asText()).isEqualTo("dropped");
        assertThat(x.get("graceUntil").isTextual()).isTrue();
        assertThat(game.get("members").get(1).get("state").asText()).isEqualTo("connected");
        Instant created = Instant.parse(game.get("createdAt").asText());
        assertThat(created).isBefore(Instant.now().plusSeconds(1));
        assertThat(game.get("ageSeconds").asLong()).isGreaterThanOrEqualTo(0);

        JsonNode limited = json(get(server, "/admin/api/rooms?limit=1"));
        assertThat(limited.get("total").asInt()).isEqualTo(2);
        assertThat(limited.get("rooms")).hasSize(1);
        JsonNode filtered =
                json(get(server, "/admin/api/rooms?code=" + waiting.substring(0, 4).toLowerCase()));
        assertThat(filtered.get("rooms").get(0).get("code").asText()).isEqualTo(waiting);
        assertThat(get(server, "/admin/api/rooms?limit=0").statusCode()).isEqualTo(400);
        assertThat(get(server, "/admin/api/rooms?limit=5001").statusCode()).isEqualTo(400);

        HttpResponse<String> one = get(server, "/admin/api/rooms/" + playing.toLowerCase());
        assertThat(one.statusCode()).isEqualTo(200);
        JsonNode detail = json(one);
        assertThat(detail.get("code").asText()).isEqualTo(playing);
        assertThat(detail.get("snapshot"))
                .isEqualTo(JSON.readTree(publicRoom(server, playing).body()));
    }

    @Test
    void closingARoomClosesEveryMemberWithTheReasonAndItStaysGoneAfterARestart() throws Exception {
        TestServer server = start();
        GameClient[] pair = server.pair(NewRoom.DEFAULT);
        String code = pair[0].snapshot().room();
        GameClient watcher = server.connect(code);
        watcher.spectate("spectator");
        String kept = server.create();

        HttpResponse<String> closed =
                post(
                        server,
                        "/admin/api/rooms/" + code + "/close",
                        "{\"reason\": \"abuse reported\"}");
        assertThat(closed.statusCode()).isEqualTo(200);
        assertThat(json(closed).get("closed").asBoolean()).isTrue();
        for (GameClient member : List.of(pair[0], pair[1], watcher)) {
            assertThat(member.awaitClose(TestServer.WAIT))
                    .isEqualTo(
                            new GameConnection.CloseInfo(CloseCodes.ROOM_CLOSED, "abuse reported"));
        }
        assertThat(codes(server)).containsExactly(kept);
        assertThat(publicRoom(server, code).statusCode()).isEqualTo(404);
        assertThat(get(server, "/admin/api/rooms/" + code).statusCode()).isEqualTo(404);
        assertThat(
                        post(
                                        server,
                                        "/admin/api/rooms/" + code + "/close",
                                        "{\"reason\": \"again\"}")
                                .statusCode())
                .isEqualTo(404);
        assertThat(lines.list)
                .map(ILoggingEvent::getFormattedMessage)
                .anySatisfy(
                        line ->
                                assertThat(line)
                                        .contains("room " + code + " closed", "'abuse reported'"));

        servers.remove(server);
        server.close();
        TestServer again = start();
        assertThat(codes(again)).containsExactly(kept);
        assertThat(publicRoom(again, code).statusCode()).isEqualTo(404);
        assertThat(publicRoom(again, kept).statusCode()).isEqualTo(200);
    }

    @Test
    void disconnectingAPlayerClosesItsConnectionAndTheOpponentSeesTheDrop() throws Exception {
        TestServer server = start();
        GameClient[] pair = server.pair(NewRoom.DEFAULT);
        String code = pair[0].snapshot().room();

        HttpResponse<String> cut =
                post(server, "/admin/api/rooms/" + code + "/members/x/disconnect", "");
        assertThat(cut.statusCode()).isEqualTo(200);
        assertThat(pair[0].awaitClose(TestServer.WAIT))
                .isEqualTo(
                        new GameConnection.CloseInfo(
                                CloseCodes.DISCONNECTED, "disconnected by the operator"));
        pair[1].awaitSnapshot(s -> !s.players().x().connected(), TestServer.WAIT);
        assertThat(pair[1].snapshot().players().x().graceUntil()).isNotNull();
        assertThat(lines.list)
                .map(ILoggingEvent::getFormattedMessage)
                .anySatisfy(
                        line -> assertThat(line).contains("room " + code + " seat X disconnected"));

        HttpResponse<String> again =
                post(
                        server,
                        "/admin/api/rooms/" + code + "/members/X/disconnect",
                        "{\"reason\": \"r\"}");
        assertThat(again.statusCode()).isEqualTo(409);
        assertThat(json(again).get("code").asText()).isEqualTo("not_connected");
        assertThat(pair[0].reconnect().seat()).isEqualTo(Seat.X);

        HttpResponse<String> noSeat =
                post(server, "/admin/api/rooms/" + code + "/members/Z/disconnect", "");
        assertThat(noSeat.statusCode()).isEqualTo(404);
    }

    @Test
    void unknownCodesAreNotFoundAndBadBodiesAreTypedRefusals() throws Exception {
        TestServer server = start();
        String code = server.create();
        for (HttpResponse<String> missing :
                List.of(
                        get(server, "/admin/api/rooms/ZZZZZZ"),
                        post(server, "/admin/api/rooms/ZZZZZZ/close", "{\"reason\": \"x\"}"),
                        post(server, "/admin/api/rooms/ZZZZZZ/members/X/disconnect", ""))) {
            assertThat(missing.statusCode()).isEqualTo(404);
            assertThat(json(missing).get("code").asText()).isEqualTo("unknown_room");
        }
        for (String body :
                List.of(
                        "",
                        "not json",
                        "[]",
                        "{\"reason\": 5}",
                        "{\"reason\": \"  \"}",
                        "{\"reason\": \"x\", \"extra\": 1}",
                        "{\"reason\": \"" + "é".repeat(62) + "\"}")) {
            HttpResponse<String> bad = post(server, "/admin/api/rooms/" + code + "/close", body);
            assertThat(bad.statusCode()).as(body).isEqualTo(400);
            assertThat(json(bad).get("code").asText()).isEqualTo("bad_message");
        }
        HttpResponse<String> huge =
                post(
                        server,
                        "/admin/api/rooms/" + code + "/close",
                        "{\"reason\": \"" + "a".repeat(5_000) + "\"}");
        assertThat(huge.statusCode()).isEqualTo(413);
        assertThat(json(huge).get("code").asText()).isEqualTo("bad_message");
        assertThat(codes(server)).containsExactly(code);
        assertThat(get(server, "/admin/api/nothing").statusCode()).isEqualTo(404);
        HttpResponse<String> wrongMethod = get(server, "/admin/api/rooms/" + code + "/close");
        assertThat(wrongMethod.statusCode()).isEqualTo(405);
        assertThat(wrongMethod.headers().firstValue("Allow")).contains("POST");
    }

    @Test
    void aPostFromAnotherOriginOrToAnotherHostIsRefused() throws Exception {
        TestServer server = start();
        String code = server.create();
        HttpResponse<String> forged =
                post(
                        server,
                        "/admin/api/rooms/" + code + "/close",
                        "{\"reason\": \"x\"}",
                        "http://evil.example");
        assertThat(forged.statusCode()).isEqualTo(403);
        assertThat(json(forged).get("code").asText()).isEqualTo("origin_not_allowed");
        RawHttp.Response rebound =
                RawHttp.exchange(
                        adminPort(server),
                        "GET /admin/api/rooms HTTP/1.1\r\nHost: evil.example:"
                                + adminPort(server)
                                + "\r\n\r\n",
                        (int) TestServer.WAIT.toMillis());
        assertThat(rebound.status()).isEqualTo(403);
        assertThat(codes(server)).containsExactly(code);

        String ownPage = "http://127.0.0.1:" + adminPort(server);
        assertThat(
                        post(
                                        server,
                                        "/admin/api/rooms/" + code + "/close",
                                        "{\"reason\": \"x\"}",
                                        ownPage)
                                .statusCode())
                .isEqualTo(200);
    }

    @Test
    void theProbesAndThePageAreServedOnTheAdminPortToo() throws Exception {
        TestServer server = start();
        HttpResponse<String> health = get(server, "/healthz");
        assertThat(health.statusCode()).isEqualTo(200);
        assertThat(json(health).get("status").asText()).isEqualTo("ok");
        assertThat(get(server, "/readyz").statusCode()).isEqualTo(200);
        HttpResponse<String> metrics = get(server, "/metrics");
        assertThat(metrics.statusCode()).isEqualTo(200);
        assertThat(metrics.body()).contains("ttt_room_creations_total");
        HttpResponse<String> page = get(server, "/admin/");
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("Content-Type")).contains("text/html; charset=utf-8");
        assertThat(page.headers().firstValue("Content-Security-Policy")).isPresent();
        assertThat(page.body()).contains("/admin/admin.js");
        HttpResponse<String> script = get(server, "/admin/admin.js");
        assertThat(script.statusCode()).isEqualTo(200);
        assertThat(script.body()).contains("export function rowCells");
        // The public port has no admin surface.
        assertThat(
                        http.send(
                                        HttpRequest.newBuilder(
                                                        URI.create(
                                                                "http://127.0.0.1:"
                                                                        + server.server.port()
                                                                        + "/admin/api/rooms"))
                                                .build(),
                                        HttpResponse.BodyHandlers.ofString())
                                .statusCode())
                .isEqualTo(404);
    }
}
