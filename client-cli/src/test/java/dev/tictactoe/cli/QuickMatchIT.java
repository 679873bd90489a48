package dev.tictactoe.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import dev.tictactoe.client.MatchApi;
import dev.tictactoe.client.ServerAddress;
import dev.tictactoe.protocol.MessageCodec;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code ttt play}'s wait ({@link QuickMatch}) against a scripted stand-in for the quick-match
 * endpoints: each test says how the server answers each request it receives.
 */
class QuickMatchIT {

    @TempDir Path state;

    private HttpServer http;
    private ExecutorService threads;
    private ServerAddress server;

    /**
     * The answers to the coming POSTs, in order: each completes when the test (or a DELETE) says.
     */
    private final BlockingQueue<CompletableFuture<String>> answers = new LinkedBlockingQueue<>();

    private final List<JsonNode> asked = new CopyOnWriteArrayList<>();
    private final BlockingQueue<String> waitingTickets = new LinkedBlockingQueue<>();
    private final AtomicInteger deletes = new AtomicInteger();
    private volatile CompletableFuture<String> current;

    @BeforeEach
    void start() throws IOException {
        http = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        threads = Executors.newCachedThreadPool();
        http.setExecutor(threads);
        http.createContext("/api/match", this::handle);
        http.start();
        server = ServerAddress.parse("http://127.0.0.1:" + http.getAddress().getPort());
    }

    @AfterEach
    void stop() {
        answers.forEach(
                a -> a.complete("{\"status\":\"timeout\",\"ticket\":\"t\",\"waitedMs\":0}"));
        if (current != null) {
            current.complete("{\"status\":\"timeout\",\"ticket\":\"t\",\"waitedMs\":0}");
        }
        http.stop(0);
        threads.shutdownNow();
    }

    private void handle(HttpExchange ex) throws IOException {
        String path = ex.getRequestURI().getPath();
        switch (ex.getRequestMethod()) {
            case "POST" -> {
                JsonNode body =
                        MessageCodec.parse(
                                new String(
                                        ex.getRequestBody().readAllBytes(),
                                        StandardCharsets.UTF_8));
                asked.add(body);
                CompletableFuture<String> answer = answers.poll();
                current = answer;
                waitingTickets.add(body.path("ticket").asText());
                String text = answer.join().replace("$TICKET", body.path("ticket").asText());
                reply(
                        ex,
                        text.startsWith("!") ? Integer.parseInt(text.substring(1, 4)) : 200,
                        text.startsWith("!") ? text.substring(5) : text);
            }
            case "GET" ->
                    reply(
                            ex,
                            200,
                            "{\"status\":\"waiting\",\"ticket\":\""
                                    + path.substring(11)
                                    + "\",\"position\":1,\"sameSettings\":1,\"waiting\":4,\"waitedMs\":1000,\"settings\":{}}");
            case "DELETE" -> {
                deletes.incrementAndGet();
                current.complete("{\"status\":\"cancelled\",\"ticket\":\"$TICKET\"}");
                reply(ex, 204, null);
            }
            default -> reply(ex, 405, "{}");
        }
    }

    private static void reply(HttpExchange ex, int status, String body) throws IOException {
        byte[] bytes = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", "application/json");
        ex.sendResponseHeaders(status, body == null ? -1 : bytes.length);
        ex.getResponseBody().write(bytes);
        ex.close();
    }

    private static final String MATCHED =
            "{\"status\":\"matched\",\"ticket\":\"$TICKET\",\"code\":\"K7MQ2P\","
                + "\"path\":\"/rooms/K7MQ2P/ws\",\"seat\":\"O\",\"token\":\"q3T9xY2mLw8sVb4nR1kZcA\","
                + "\"opponent\":{\"name\":\"bo\",\"kind\":\"human\",\"level\":null},\"settings\":{\"size\":3}}";

    private CompletableFuture<String> answer(String text) {
        CompletableFuture<String> f =
                text == null ? new CompletableFuture<>() : CompletableFuture.completedFuture(text);
        answers.add(f);
        return f;
    }

    private record Run(
            QuickMatch match, ByteArrayOutputStream out, CompletableFuture<Void> interrupted) {
        String output() {
            return out.toString(StandardCharsets.UTF_8);
        }
    }

    /** Completes once the wait has shown where the request stands. */
    private final CompletableFuture<MatchApi.Waiting> shownWhere = new CompletableFuture<>();

    private Run quickMatch(boolean json) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream print = new PrintStream(out, true, StandardCharsets.UTF_8);
        QuickMatch.Display shown =
                json ? new MatchDisplays.Json(print) : new MatchDisplays.Words(print, false);
        QuickMatch.Display display =
                new QuickMatch.Display() {
                    @Override
                    public void asked(MatchApi.Request request) {
                        shown.asked(request);
                    }

                    @Override
                    public void waiting(MatchApi.Waiting where, Duration waited) {
                        shown.waiting(where, waited);
                        if (where != null) {
                            shownWhere.complete(where);
                        }
                    }

                    @Override
                    public void answered(MatchApi.Answer answer) {
                        shown.answered(answer);
                    }
                };
        AtomicInteger n = new AtomicInteger();
        CompletableFuture<Void> interrupted = new CompletableFuture<>();
        QuickMatch match =
                new QuickMatch(
                        new MatchApi(server.http()),
                        server,
                        new SeatTokens(state),
                        () -> "ticket-number-" + n.incrementAndGet(),
                        display,
                        interrupted);
        return new Run(match, out, interrupted);
    }

    private static final MatchApi.Request REQUEST =
            new MatchApi.Request(null, "player-1", "ana", 3, 3, "3m+2s", null, null);

    @Test
    void aPairingEndsTheWaitWithTheSeatToTake() {
        answer(MATCHED);
        Run run = quickMatch(false);
        MatchApi.Matched m = run.match().find(REQUEST);
        assertThat(m.code()).isEqualTo("K7MQ2P");
        assertThat(m.token()).isEqualTo("q3T9xY2mLw8sVb4nR1kZcA");
        assertThat(asked).hasSize(1);
        assertThat(asked.get(0).path("ticket").asText()).isEqualTo("ticket-number-1");
        assertThat(asked.get(0).path("player").asText()).isEqualTo("player-1");
        assertThat(run.output())
                .isEqualTo(
                        """
                        ttt: looking for a game (3x3, 3 in a row, clock 3m+2s); Ctrl-C cancels
                        waiting for an opponent\u2026 0:00
                        ttt: paired with bo; you play O in room K7MQ2P
                        """);
    }

    @Test
    void whenTheServersWaitRunsOutItAsksAgainWithAFreshTicket() throws Exception {
        answer("{\"status\":\"timeout\",\"ticket\":\"$TICKET\",\"waitedMs\":30000}");
        answer(MATCHED);
        Run run = quickMatch(true);
        assertThat(run.match().find(REQUEST).seat()).isEqualTo("O");
        assertThat(asked)
                .extracting(b -> b.path("ticket").asText())
                .containsExactly("ticket-number-1", "ticket-number-2");
        List<JsonNode> lines = new ArrayList<>();
        run.output().lines().forEach(l -> lines.add(MessageCodec.parse(l)));
        assertThat(lines)
                .extracting(l -> l.path("status").asText())
                .containsExactly("timeout", "matched");
        assertThat(lines.get(0).path("type").asText()).isEqualTo("match");
        assertThat(lines.get(1).path("code").asText()).isEqualTo("K7MQ2P");
        assertThat(lines.get(1).path("token").asText()).isEqualTo("q3T9xY2mLw8sVb4nR1kZcA");
        assertThat(lines.get(1).path("opponent").path("name").asText()).isEqualTo("bo");
    }

    @Test
    void ctrlCCancelsTheWaitingRequest() throws Exception {
        answer(null);
        Run run = quickMatch(true);
        CompletableFuture<MatchApi.Matched> found =
                CompletableFuture.supplyAsync(() -> run.match().find(REQUEST), threads);
        String ticket = waitingTickets.poll(10, TimeUnit.SECONDS);
        assertThat(ticket).isEqualTo("ticket-number-1");
        run.interrupted().complete(null);
        assertThatThrownBy(() -> found.get(10, TimeUnit.SECONDS))
                .cause()
                .isInstanceOfSatisfying(
                        UserError.class,
                        e -> {
                            assertThat(e.getMessage()).isEqualTo("quick match cancelled");
                            assertThat(e.exitCode()).isEqualTo(ExitCodes.ABORTED);
                        });
        assertThat(deletes.get()).isEqualTo(1);
        assertThat(run.output())
                .endsWith(
                        "{\"type\":\"match\",\"status\":\"cancelled\",\"ticket\":\"ticket-number-1\"}\n");
    }

    @Test
    void theWaitShowsWhereTheRequestStands() throws Exception {
        CompletableFuture<String> later = answer(null);
        Run run = quickMatch(false);
        CompletableFuture<MatchApi.Matched> found =
                CompletableFuture.supplyAsync(() -> run.match().find(REQUEST), threads);
        // The status is looked up once a second while the request waits.
        assertThat(shownWhere.get(10, TimeUnit.SECONDS).waiting()).isEqualTo(4);
        later.complete(MATCHED);
        assertThat(found.get(10, TimeUnit.SECONDS).code()).isEqualTo("K7MQ2P");
        assertThat(run.output())
                .contains("waiting for an opponent\u2026 (position 1, 4 waiting in all) 0:0");
    }

    @Test
    void refusalsAndAMissingEndpointAreSaidInWords() {
        answer(
                "!409 {\"code\":\"match_already_queued\",\"message\":\"this player already waits"
                        + " for a match\"}");
        Run run = quickMatch(false);
        assertThatThrownBy(() -> run.match().find(REQUEST))
                .isInstanceOfSatisfying(
                        UserError.class,
                        e -> {
                            assertThat(e.getMessage())
                                    .isEqualTo(
                                            "you already wait for a game on "
                                                    + server
                                                    + " (in another window?): this player already"
                                                    + " waits for a match");
                            assertThat(e.exitCode()).isEqualTo(ExitCodes.ERROR);
                        });
        answer("!404 {\"code\":\"bad_message\",\"message\":\"no such path\"}");
        assertThatThrownBy(() -> quickMatch(false).match().find(REQUEST))
                .hasMessage("the server at " + server + " does not offer quick match (HTTP 404)");
        answer(
                "!400 {\"code\":\"invalid_settings\",\"message\":\"match.clock: base time must be"
                        + " 10s..3h, was 5s\"}");
        assertThatThrownBy(() -> quickMatch(false).match().find(REQUEST))
                .hasMessage(
                        "the server refused the game asked for: match.clock: base time must be"
                                + " 10s..3h, was 5s");
    }

    @Test
    void anUnreachableServerIsSaidInWords() {
        ServerAddress nowhere = ServerAddress.parse("http://127.0.0.1:1");
        QuickMatch match =
                new QuickMatch(
                        new MatchApi(nowhere.http()),
                        nowhere,
                        null,
                        () -> "ticket-number-1",
                        new MatchDisplays.Words(
                                new PrintStream(new ByteArrayOutputStream()), false),
                        new CompletableFuture<>());
        assertThatThrownBy(() -> match.find(REQUEST))
                .hasMessage("cannot reach the server at http://127.0.0.1:1: connection refused");
    }
}
