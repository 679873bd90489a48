package dev.tictactoe.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import dev.tictactoe.protocol.MessageCodec;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * {@link MatchApi} against a stand-in for the server's quick-match endpoints, as PROTOCOL.md
 * describes them.
 */
class MatchApiIT {

    private HttpServer server;
    private ExecutorService threads;
    private final StandIn queue = new StandIn();

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        threads = Executors.newCachedThreadPool();
        server.setExecutor(threads); // a waiting POST holds its thread
        server.createContext("/api/match", queue::handle);
        server.start();
    }

    @AfterEach
    void stop() {
        queue.close();
        server.stop(0);
        threads.shutdownNow();
    }

    private MatchApi api() {
        return new MatchApi(URI.create("http://127.0.0.1:" + server.getAddress().getPort()));
    }

    private static MatchApi.Request request(String player, String name, int size) {
        return new MatchApi.Request(
                MatchApi.newId(new SecureRandom()), player, name, size, null, "3m+2s", null, null);
    }

    /**
     * The protocol's queue, kept small: one waiting request per settings (exact matching), paired
     * with the next one; GET tells where a request stands; DELETE cancels; one request per player.
     */
    private static final class StandIn {
        private final Map<String, Waiter> bySettings = new LinkedHashMap<>();
        private final Map<String, Waiter> byTicket = new LinkedHashMap<>();
        private final List<JsonNode> bodies = new ArrayList<>();
        private final CountDownLatch firstWaits = new CountDownLatch(1);
        private int rooms;

        private static final class Waiter {
            final JsonNode body;
            final CompletableFuture<String> answer = new CompletableFuture<>();

            Waiter(JsonNode body) {
                this.body = body;
            }
        }

        void handle(HttpExchange ex) throws IOException {
            String method = ex.getRequestMethod();
            String path = ex.getRequestURI().getPath();
            if (method.equals("POST") && path.equals("/api/match")) {
                JsonNode body =
                        MessageCodec.parse(
                                new String(
                                        ex.getRequestBody().readAllBytes(),
                                        StandardCharsets.UTF_8));
                reply(ex, 200, post(body));
                return;
            }
            String ticket = path.substring("/api/match/".length());
            Waiter w;
            synchronized (this) {
                w = byTicket.get(ticket);
                if (w != null && method.equals("DELETE")) {
                    remove(w);
                }
            }
            if (w == null) {
                reply(
                        ex,
                        404,
                        "{\"code\":\"match_unknown_ticket\",\"message\":\"no waiting request has"
                                + " that ticket\"}");
            } else if (method.equals("DELETE")) {
                w.answer.complete("{\"status\":\"cancelled\",\"ticket\":\"" + ticket + "\"}");
                reply(ex, 204, null);
            } else {
                reply(
                        ex,
                        200,
                        "{\"status\":\"waiting\",\"ticket\":\""
                                + ticket
                                + "\",\"position\":1,\"sameSettings\":1,"
                                + "\"waiting\":"
                                + byTicket.size()
                                + ",\"waitedMs\":4210,\"settings\":{\"size\":"
                                + w.body.path("size")
                                + ",\"winLength\":5,\"clock\":\"3m+2s\"}}");
            }
        }

        private String post(JsonNode body) {
            Waiter partner;
            Waiter me = new Waiter(body);
            String ticket = body.path("ticket").asText();
            synchronized (this) {
                bodies.add(body);
                if (body.path("size").asInt() == 19) {
                    return "{\"status\":\"timeout\",\"ticket\":\""
                            + ticket
                            + "\",\"waitedMs\":30000}";
                }
                for (Waiter w : byTicket.values()) {
                    if (w.body.path("player").equals(body.path("player"))) {
                        return "!409 {\"code\":\"match_already_queued\",\"message\":\"this player"
                                + " already waits for a match\"}";
                    }
                }
                String key = body.path("size") + "/" + body.path("clock");
                partner = bySettings.get(key);
                if (partner != null) {
                    remove(partner);
                } else {
                    bySettings.put(key, me);
                    byTicket.put(ticket, me);
                }
            }
            if (partner == null) {
                firstWaits.countDown();
                return me.answer.join();
            }
            String code = "K7MQ2" + (++rooms);
            partner.answer.complete(matched(partner.body, code, "X", body.path("name").asText()));
            return matched(body, code, "O", partner.body.path("name").asText());
        }

        /** Lets every request still waiting go, so no handler thread is left behind. */
        synchronized void close() {
            byTicket.values()
                    .forEach(
                            w ->
                                    w.answer.complete(
                                            "{\"status\":\"timeout\",\"ticket\":\"t\",\"waitedMs\":0}"));
            byTicket.clear();
            bySettings.clear();
        }

        private void remove(Waiter w) {
            byTicket.remove(w.body.path("ticket").asText());
            bySettings.values().remove(w);
        }

        private static String matched(JsonNode body, String code, String seat, String opponent) {
            return "{\"status\":\"matched\",\"ticket\":\""
                    + body.path("ticket").asText()
                    + "\",\"code\":\""
                    + code
                    + "\",\"path\":\"/rooms/"
                    + code
                    + "/ws\",\"seat\":\""
                    + seat
                    + "\",\"token\":\"token-"
                    + seat
                    + "\",\"opponent\":{\"name\":\""
                    + opponent
                    + "\",\"kind\":\"human\",\"level\":null},"
                    + "\"settings\":{\"size\":"
                    + body.path("size")
                    + ",\"winLength\":5,\"seat\":\""
                    + seat
                    + "\",\"first\":\"X\",\"earlyDraw\":true,\"spectators\":true,\"bot\":null,\"clock\":\"3m+2s\"}}";
        }

        private static void reply(HttpExchange ex, int status, String body) throws IOException {
            if (body != null && body.startsWith("!")) {
                status = Integer.parseInt(body.substring(1, 4));
                body = body.substring(5);
            }
            byte[] bytes = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().set("Content-Type", "application/json");
            ex.sendResponseHeaders(status, body == null ? -1 : bytes.length);
            ex.getResponseBody().write(bytes);
            ex.close();
        }
    }

    @Test
    void twoRequestsWithTheSameSettingsArePaired() throws Exception {
        MatchApi api = api();
        MatchApi.Request ana =
                new MatchApi.Request(
                        MatchApi.newId(new SecureRandom()),
                        "ana-laptop",
                        "ana",
                        15,
                        5,
                        "3m+2s",
                        "hard",
                        "10s");
        CompletableFuture<MatchApi.Answer> first = api.start(ana);
        assertThat(queue.firstWaits.await(10, TimeUnit.SECONDS)).isTrue();
        MatchApi.Answer second = api.start(request("bo-phone", "bo", 15)).join();

        MatchApi.Matched x = (MatchApi.Matched) first.get(10, TimeUnit.SECONDS);
        MatchApi.Matched o = (MatchApi.Matched) second;
        assertThat(x.code()).isEqualTo(o.code()).isEqualTo("K7MQ21");
        assertThat(x.path()).isEqualTo("/rooms/K7MQ21/ws");
        assertThat(x.ticket()).isEqualTo(ana.ticket());
        assertThat(List.of(x.seat(), o.seat())).containsExactly("X", "O");
        assertThat(x.token()).isEqualTo("token-X");
        assertThat(x.opponent()).isEqualTo(new MatchApi.Opponent("bo", "human", null));
        assertThat(o.settings().path("clock").asText()).isEqualTo("3m+2s");
        // Every field of the request is on the wire, nulls too.
        assertThat(queue.bodies.get(0).toString())
                .isEqualTo(
                        "{\"ticket\":\""
                                + ana.ticket()
                                + "\",\"player\":\"ana-laptop\","
                                + "\"name\":\"ana\",\"size\":15,\"winLength\":5,\"clock\":\"3m+2s\",\"bot\":\"hard\",\"botAfter\":\"10s\"}");
        assertThat(queue.bodies.get(1).path("winLength").isNull()).isTrue();
        assertThat(queue.bodies.get(1).path("bot").isNull()).isTrue();
    }

    @Test
    void aWaitingRequestCanBeLookedUpAndCancelled() throws Exception {
        MatchApi api = api();
        MatchApi.Request ana = request("ana-laptop", "ana", 3);
        CompletableFuture<MatchApi.Answer> waiting = api.start(ana);
        assertThat(queue.firstWaits.await(10, TimeUnit.SECONDS)).isTrue();

        MatchApi.Waiting where = api.status(ana.ticket()).orElseThrow();
        assertThat(where.position()).isEqualTo(1);
        assertThat(where.waiting()).isEqualTo(1);
        assertThat(where.waitedMs()).isEqualTo(4210);
        assertThat(where.settings().path("size").asInt()).isEqualTo(3);

        assertThat(api.cancel(ana.ticket())).isTrue();
        assertThat(waiting.get(10, TimeUnit.SECONDS))
                .isEqualTo(new MatchApi.Cancelled(ana.ticket()));
        assertThat(api.status(ana.ticket())).isEmpty();
        assertThat(api.cancel(ana.ticket())).as("too late: nothing waits").isFalse();
    }

    @Test
    void refusalsAndTimeoutsAreAnswersNotExceptions() throws Exception {
        MatchApi api = api();
        CompletableFuture<MatchApi.Answer> waiting = api.start(request("ana-laptop", "ana", 3));
        assertThat(queue.firstWaits.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(api.start(request("ana-laptop", "ana", 5)).join())
                .isEqualTo(
                        new MatchApi.Refused(
                                409,
                                "match_already_queued",
                                "this player already waits for a match"));
        waiting.cancel(true);

        MatchApi.Request late = request("bo-phone", "bo", 19);
        assertThat(api.start(late).join()).isEqualTo(new MatchApi.TimedOut(late.ticket(), 30_000));
    }

    @Test
    void anUnreachableServerIsAnIoFailure() {
        MatchApi api = new MatchApi(URI.create("http://127.0.0.1:1"));
        assertThatThrownBy(() -> api.start(request("ana", "ana", 3)).join())
                .cause()
                .isInstanceOf(UncheckedIOException.class)
                .hasMessageStartingWith("POST http://127.0.0.1:1/api/match: ");
    }

    @Test
    void idsAreRandomBase64UrlOfTwentyTwoCharacters() {
        SplittableRandom seeded = new SplittableRandom(16);
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < 1000; i++) {
            String id = MatchApi.newId(seeded);
            assertThat(id).hasSize(22).matches("[A-Za-z0-9_-]+");
            ids.add(id);
        }
        assertThat(ids).hasSize(1000);
        assertThat(MatchApi.newId(new SplittableRandom(16)))
                .isEqualTo(MatchApi.newId(new SplittableRandom(16)));
    }
}
