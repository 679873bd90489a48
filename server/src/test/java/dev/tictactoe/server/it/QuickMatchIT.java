package dev.tictactoe.server.it;

import static dev.tictactoe.server.it.TestServer.WAIT;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;

import dev.tictactoe.client.GameClient;
import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.PlayerKind;
import dev.tictactoe.protocol.Protocol;
import dev.tictactoe.protocol.RoomStatus;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.protocol.Snapshot;
import dev.tictactoe.server.ServerConfig;
import dev.tictactoe.server.ops.PrometheusText;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Quick match on the real server over loopback: many players asking at once are paired into rooms
 * they can then take their seats in; cancel, the bot fill and the wait limit answer as documented.
 */
class QuickMatchIT {

    /** Players asking at once in the load test: bounded, and even for every settings asked. */
    private static final int PLAYERS = 200;

    /** How long any one request may take to be answered before the test fails. */
    private static final Duration ANSWER_WITHIN = Duration.ofSeconds(20);

    private final ExecutorService httpThreads = Executors.newFixedThreadPool(4);
    private final HttpClient http =
            HttpClient.newBuilder()
                    .version(HttpClient.Version.HTTP_1_1)
                    .executor(httpThreads)
                    .connectTimeout(WAIT)
                    .build();
    private final List<TestServer> servers = new ArrayList<>();

    @AfterEach
    void stop() {
        servers.forEach(TestServer::close);
        http.close();
        httpThreads.shutdownNow();
    }

    private TestServer start(ServerConfig config) {
        TestServer server = new TestServer(config);
        servers.add(server);
        return server;
    }

    private static URI uri(TestServer server, String path) {
        return URI.create("http://127.0.0.1:" + server.server.port() + path);
    }

    private record Answer(int status, JsonNode body, long nanos) {}

    private CompletableFuture<Answer> send(
            TestServer server, String method, String path, String body) {
        HttpRequest request =
                HttpRequest.newBuilder(uri(server, path))
                        .timeout(ANSWER_WITHIN)
                        .method(
                                method,
                                body == null
                                        ? HttpRequest.BodyPublishers.noBody()
                                        : HttpRequest.BodyPublishers.ofString(body))
                        .build();
        long sent = System.nanoTime();
        return http.sendAsync(request, HttpResponse.BodyHandlers.ofString())
                .thenApply(
                        response ->
                                new Answer(
                                        response.statusCode(),
                                        response.body().isEmpty()
                                                ? null
                                                : MessageCodec.parse(response.body()),
                                        System.nanoTime() - sent));
    }

    private Answer await(CompletableFuture<Answer> answer) throws Exception {
        return answer.get(ANSWER_WITHIN.toSeconds() + 5, TimeUnit.SECONDS);
    }

    private static String ticket(String name) {
        return (name + "-ticket-0123456789abcdef").substring(0, 24);
    }

    private static String ask(String name, String settings) {
        return "{\"ticket\": \""
                + ticket(name)
                + "\", \"player\": \"player-"
                + name
                + "\", \"name\": \""
                + name
                + "\""
                + (settings.isEmpty() ? "" : ", " + settings)
                + "}";
    }

    /** Settings for player {@code i}: three kinds, each asked by an even number of players. */
    private static String settingsOf(int i) {
        return switch (i % 4) {
            case 0, 1 -> "";
            case 2 -> "\"size\": 15, \"winLength\": 5, \"clock\": \"3m+2s\"";
            default -> "\"size\": 9, \"winLength\": 4";
        };
    }

    @Test
    void twoHundredPlayersAskingAtOncePairIntoAHundredRoomsAndTakeTheirSeats() throws Exception {
        TestServer server = start(ServerConfig.local());
        // Open the connections first, so that the burst measures matching rather than TCP and HTTP
        // set-up.
        List<CompletableFuture<Answer>> warmUp = new ArrayList<>();
        for (int i = 0; i < PLAYERS; i++) {
            warmUp.add(send(server, "GET", "/healthz", null));
        }
        for (CompletableFuture<Answer> answer : warmUp) {
            assertThat(await(answer).status()).isEqualTo(200);
        }
        List<CompletableFuture<Answer>> pending = new ArrayList<>();
        for (int i = 0; i < PLAYERS; i++) {
            pending.add(send(server, "POST", "/api/match", ask("p" + i, settingsOf(i))));
        }
        List<Answer> answers = new ArrayList<>();
        for (CompletableFuture<Answer> answer : pending) {
            answers.add(await(answer));
        }

        Map<String, List<JsonNode>> byRoom = new HashMap<>();
        Set<String> tickets = new HashSet<>();
        List<Long> waits = new ArrayList<>();
        for (int i = 0; i < PLAYERS; i++) {
            Answer answer = answers.get(i);
            assertThat(answer.status()).as("player %d: %s", i, answer.body()).isEqualTo(200);
            JsonNode body = answer.body();
            assertThat(body.get("status").textValue()).as("player %d", i).isEqualTo("matched");
            assertThat(body.get("ticket").textValue()).isEqualTo(ticket("p" + i));
            tickets.add(body.get("ticket").textValue());
            byRoom.computeIfAbsent(body.get("code").textValue(), code -> new ArrayList<>())
                    .add(body);
            waits.add(answer.nanos());
        }
        // Every player in exactly one room, every room holding two players in opposite seats under
        // one setting.
        assertThat(tickets).hasSize(PLAYERS);
        assertThat(byRoom).hasSize(PLAYERS / 2);
        byRoom.forEach(
                (code, pair) -> {
                    assertThat(pair).as(code).hasSize(2);
                    assertThat(pair)
                            .extracting(p -> p.get("seat").textValue())
                            .containsExactlyInAnyOrder("X", "O");
                    assertThat(pair.get(0).get("settings").get("size"))
                            .isEqualTo(pair.get(1).get("settings").get("size"));
                    assertThat(pair.get(0).get("opponent").get("name").textValue())
                            .isEqualTo(pair.get(1).get("ticket").textValue().split("-")[0]);
                });
        assertThat(server.server.rooms().size()).isEqualTo(PLAYERS / 2);
        assertThat(server.server.matchmaker().waiting()).isZero();
        assertThat(server.get("/metrics").body())
                .contains("\nttt_match_waiting 0.0\n")
                .contains("ttt_match_requests_total{outcome=\"paired\"} " + PLAYERS + ".0");

        // Each player opens its room's socket with its token and is seated where the answer said.
        for (List<JsonNode> pair : byRoom.values()) {
            for (JsonNode player : pair) {
                GameClient client = server.connect(player.get("code").textValue());
                ServerMessage.Welcome welcome =
                        client.join(
                                new ClientMessage.Join(
                                        Protocol.VERSION,
                                        player.get("ticket").textValue().split("-")[0],
                                        player.get("token").textValue(),
                                        false,
                                        null));
                assertThat(welcome.seat().wire()).isEqualTo(player.get("seat").textValue());
                assertThat(welcome.serverTime()).isNotNull();
            }
        }
        for (String code : byRoom.keySet()) {
            Snapshot room = MessageCodec.fromTree(server.room(code));
            assertThat(room.status()).isEqualTo(RoomStatus.PLAYING);
            assertThat(room.players().x().connected()).isTrue();
            assertThat(room.players().o().connected()).isTrue();
        }

        Collections.sort(waits);
        PrometheusText.Family pairing =
                PrometheusText.parse(server.get("/metrics").body())
                        .get("ttt_match_time_to_pair_seconds");
        double count = pairing.value("ttt_match_time_to_pair_seconds_count", Map.of());
        assertThat(count).isEqualTo(PLAYERS);
        System.out.printf(
                "quick match: %d concurrent requests paired into %d rooms%n  time to pair, server"
                    + " (request queued to paired, ttt_match_time_to_pair_seconds): p50 <= %s ms,"
                    + " p99 <= %s ms (histogram buckets), mean %.1f ms%n  answer time, client"
                    + " (request sent to answer read, on open connections): p50 %.1f ms, p99 %.1f"
                    + " ms, max %.1f ms%n",
                PLAYERS,
                byRoom.size(),
                bucketMillis(pairing, count, 0.50),
                bucketMillis(pairing, count, 0.99),
                pairing.value("ttt_match_time_to_pair_seconds_sum", Map.of()) / count * 1e3,
                millis(waits, 0.50),
                millis(waits, 0.99),
                waits.get(waits.size() - 1) / 1e6);
    }

    private static double millis(List<Long> sorted, double quantile) {
        int index = (int) Math.ceil(quantile * sorted.size()) - 1;
        return sorted.get(Math.max(0, index)) / 1e6;
    }

    /**
     * The upper bound of the histogram bucket holding the {@code quantile} of {@code count}
     * samples.
     */
    private static String bucketMillis(
            PrometheusText.Family histogram, double count, double quantile) {
        for (double le :
                new double[] {0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60}) {
            if (histogram.bucket(le, Map.of()) >= quantile * count) {
                return String.valueOf(Math.round(le * 1000));
            }
        }
        return "+Inf";
    }

    @Test
    void aWaitingRequestCanBeLookedUpAndCancelled() throws Exception {
        TestServer server = start(ServerConfig.local());
        CompletableFuture<Answer> waiting = send(server, "POST", "/api/match", ask("ana", ""));
        String path = "/api/match/" + ticket("ana");
        Answer status = pollUntilWaiting(server, path);
        assertThat(status.body().get("position").intValue()).isEqualTo(1);
        assertThat(status.body().get("waiting").intValue()).isEqualTo(1);

        assertThat(await(send(server, "DELETE", path, null)).status()).isEqualTo(204);
        Answer cancelled = await(waiting);
        assertThat(cancelled.status()).isEqualTo(200);
        assertThat(cancelled.body().get("status").textValue()).isEqualTo("cancelled");
        Answer gone = await(send(server, "DELETE", path, null));
        assertThat(gone.status()).isEqualTo(404);
        assertThat(gone.body().get("code").textValue()).isEqualTo("match_unknown_ticket");
        assertThat(server.server.matchmaker().waiting()).isZero();

        // The player is free to ask again, and a second request meanwhile is refused.
        CompletableFuture<Answer> again = send(server, "POST", "/api/match", ask("ana", ""));
        pollUntilWaiting(server, path);
        Answer second =
                await(
                        send(
                                server,
                                "POST",
                                "/api/match",
                                ask("ana", "").replace(ticket("ana"), ticket("ana2"))));
        assertThat(second.status()).isEqualTo(409);
        assertThat(second.body().get("code").textValue()).isEqualTo("match_already_queued");
        assertThat(await(send(server, "DELETE", path, null)).status()).isEqualTo(204);
        assertThat(await(again).body().get("status").textValue()).isEqualTo("cancelled");
    }

    /** Asks where a request stands until it is seen waiting: the POST may still be on its way. */
    private Answer pollUntilWaiting(TestServer server, String path) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (true) {
            Answer status = await(send(server, "GET", path, null));
            if (status.status() == 200) {
                assertThat(status.body().get("status").textValue()).isEqualTo("waiting");
                return status;
            }
            assertThat(status.status()).isEqualTo(404);
            assertThat(System.nanoTime())
                    .as("the request never showed up waiting")
                    .isLessThan(deadline);
            Thread.onSpinWait();
        }
    }

    @Test
    void aBotTakesTheOtherSeatAfterTheWaitAndPlays() throws Exception {
        TestServer server = start(ServerConfig.local("--match-wait=5s"));
        Answer answer =
                await(
                        send(
                                server,
                                "POST",
                                "/api/match",
                                ask(
                                        "ana",
                                        "\"size\": 3, \"bot\": \"perfect\", \"botAfter\":"
                                                + " \"1s\"")));
        assertThat(answer.status()).isEqualTo(200);
        JsonNode body = answer.body();
        assertThat(body.get("status").textValue()).isEqualTo("matched");
        assertThat(body.get("opponent").toString())
                .isEqualTo("{\"name\":\"bot (perfect)\",\"kind\":\"bot\",\"level\":\"perfect\"}");
        assertThat(body.get("settings").get("bot").textValue()).isEqualTo("perfect");
        // The settings POST /api/rooms answers, but for the seed a quick match does not take.
        List<String> fields = new ArrayList<>();
        body.get("settings").fieldNames().forEachRemaining(fields::add);
        assertThat(fields)
                .containsExactly(
                        "size",
                        "winLength",
                        "seat",
                        "first",
                        "earlyDraw",
                        "spectators",
                        "bot",
                        "clock");
        assertThat(answer.nanos()).isGreaterThanOrEqualTo(Duration.ofSeconds(1).toNanos());

        GameClient ana = server.connect(body.get("code").textValue());
        ServerMessage.Welcome welcome =
                ana.join(
                        new ClientMessage.Join(
                                Protocol.VERSION,
                                "ana",
                                body.get("token").textValue(),
                                false,
                                null));
        Seat mine = welcome.seat();
        assertThat(mine.wire()).isEqualTo(body.get("seat").textValue());
        Snapshot s = ana.awaitSnapshot(x -> mine == x.turn(), WAIT);
        assertThat(mine == Seat.X ? s.players().o().kind() : s.players().x().kind())
                .isEqualTo(PlayerKind.BOT);
        int before = s.moves().size();
        ana.move(s.board().get(1).charAt(1) == '.' ? 4 : 0);
        assertThat(ana.awaitSnapshot(x -> x.moves().size() == before + 2, WAIT).turn())
                .isEqualTo(mine);
        assertThat(server.get("/metrics").body())
                .contains("ttt_match_requests_total{outcome=\"bot\"} 1.0");
    }

    @Test
    void aMatchedRoomOutlivesARestartWithItsPromisedSeats(@TempDir Path data) throws Exception {
        TestServer before = start(ServerConfig.local("--data-dir=" + data));
        CompletableFuture<Answer> ana =
                send(before, "POST", "/api/match", ask("ana", "\"size\": 5"));
        JsonNode bo = await(send(before, "POST", "/api/match", ask("bo", "\"size\": 5"))).body();
        JsonNode anaAnswer = await(ana).body();
        String code = bo.get("code").textValue();
        before.close();
        servers.remove(before);

        TestServer after = start(ServerConfig.local("--data-dir=" + data));
        for (JsonNode player : List.of(anaAnswer, bo)) {
            GameClient client = after.connect(code);
            ServerMessage.Welcome welcome =
                    client.join(
                            new ClientMessage.Join(
                                    Protocol.VERSION,
                                    "again",
                                    player.get("token").textValue(),
                                    false,
                                    null));
            assertThat(welcome.seat().wire()).isEqualTo(player.get("seat").textValue());
            assertThat(welcome.snapshot().status()).isEqualTo(RoomStatus.PLAYING);
            assertThat(welcome.snapshot().settings().size()).isEqualTo(5);
        }
    }

    @Test
    void nobodyComingAnswersTimeoutAtTheWaitLimit() throws Exception {
        TestServer server = start(ServerConfig.local("--match-wait=2s"));
        Answer answer = await(send(server, "POST", "/api/match", ask("ana", "\"size\": 7")));
        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.body().get("status").textValue()).isEqualTo("timeout");
        assertThat(answer.body().get("ticket").textValue()).isEqualTo(ticket("ana"));
        assertThat(answer.body().get("waitedMs").longValue()).isGreaterThanOrEqualTo(2_000);
        assertThat(server.server.matchmaker().waiting()).isZero();

        // A bot that would come no sooner than the limit is refused at once, by name.
        Answer refused =
                await(
                        send(
                                server,
                                "POST",
                                "/api/match",
                                ask("bo", "\"bot\": \"easy\", \"botAfter\": \"2s\"")));
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.body().get("code").textValue()).isEqualTo("invalid_settings");
        assertThat(refused.body().get("message").textValue())
                .isEqualTo("match.botAfter: must be shorter than the longest wait, 2s");
    }
}
