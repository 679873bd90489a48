package dev.tictactoe.server.it;

import static dev.tictactoe.server.it.RawHttp.exchange;
import static dev.tictactoe.server.it.RawHttp.get;
import static dev.tictactoe.server.it.RawHttp.upgrade;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.server.ServerConfig;
import dev.tictactoe.server.net.NetSettings;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Whatever arrives over HTTP gets an answer at once: 101, or a status with a JSON error. */
class HttpEdgeIT {

    /** "At once": far below the old 60 s, with room for a slow machine. */
    private static final int PROMPT_MILLIS = 1_000;

    private static TestServer server;
    private static String code;
    private static int port;

    @BeforeAll
    static void start() {
        // Many unknown codes below: keep the guessing budget out of this test's way.
        server =
                new TestServer(
                        ServerConfig.local(
                                "--unknown-codes-per-second=1000", "--unknown-code-burst=1000"));
        code = server.create();
        port = server.server.port();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void upgradesWithAQueryOrAnEncodedOrSpacedCodeAreAccepted() throws Exception {
        String encoded =
                "%" + Integer.toHexString(code.charAt(0)).toUpperCase() + code.substring(1);
        String spaced = code.substring(0, 3) + "%20" + code.substring(3);
        for (String target :
                List.of(
                        "/rooms/" + code + "/ws?v=1",
                        "/rooms/" + encoded + "/ws",
                        "/rooms/%20" + code + "%20/ws",
                        "/rooms/" + spaced + "/ws",
                        "/rooms/" + code.toLowerCase() + "/ws?a=b&c")) {
            RawHttp.Response response = exchange(port, upgrade(target), PROMPT_MILLIS);
            assertThat(response.status()).as(target).isEqualTo(101);
            assertThat(response.header("Sec-WebSocket-Accept"))
                    .isEqualTo("s3pPLMBiTxaQ9kYGzzhZRbK+xOo=");
        }
    }

    @Test
    void oddRequestsAreEachAnsweredPromptlyWithATypedJsonError() throws Exception {
        Map<String, Integer> expected = new LinkedHashMap<>();
        expected.put("BREW /coffee HTTP/1.1\r\nHost: x\r\n\r\n", 404);
        expected.put("DELETE /healthz HTTP/1.1\r\nHost: x\r\n\r\n", 405);
        expected.put(
                "POST /rooms/" + code + "/ws HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n",
                405);
        expected.put(get("/rooms/../healthz"), 400);
        expected.put(get("/rooms/%2e%2e/ws"), 400);
        expected.put(get("/rooms/%00/ws"), 400);
        expected.put(get("/rooms/%ZZ/ws"), 400);
        expected.put(get("/rooms/%C3%28/ws"), 400);
        expected.put(get("/" + "a".repeat(2_000)), 414);
        expected.put(get("/" + "a".repeat(10_000)), 414);
        expected.put(
                "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Long: " + "h".repeat(10_000) + "\r\n\r\n",
                431);
        expected.put(get("/rooms/" + code + "/ws"), 400);
        expected.put(
                upgrade("/rooms/" + code + "/ws")
                        .replace("Sec-WebSocket-Version: 13", "Sec-WebSocket-Version: 8"),
                426);
        expected.put(
                upgrade("/rooms/" + code + "/ws")
                        .replace("Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n", ""),
                400);
        expected.put(upgrade("/rooms/" + code + "/ws").replace("HTTP/1.1", "HTTP/1.0"), 400);
        expected.put(upgrade("/rooms/ZZZZZZ/ws"), 404);
        expected.put(upgrade("/rooms/not-a-code/ws?v=1"), 404);
        expected.put(get("/api/rooms/%20nope"), 404);
        expected.put(get("http://localhost/healthz"), 400);
        expected.put("\u0000\u0001garbage\r\n\r\n", 400);
        expected.put("GET /healthz HTTP/9.9\r\n\r\n", 505);
        expected.put(
                "POST /api/rooms HTTP/1.1\r\nHost: x\r\nContent-Length: 20000\r\n\r\n"
                        + "{".repeat(20_000),
                413);
        expected.put(
                "POST /api/rooms HTTP/1.1\r\nHost: x\r\nContent-Length: 20000\r\n"
                        + "Expect: 100-continue\r\n\r\n",
                413);
        expected.put(
                "POST /api/rooms HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n"
                        + "Expect: tea\r\n\r\n{}",
                417);
        for (Map.Entry<String, Integer> entry : expected.entrySet()) {
            long start = System.nanoTime();
            RawHttp.Response response = exchange(port, entry.getKey(), PROMPT_MILLIS);
            String what = RawHttp.abbreviate(entry.getKey());
            assertThat(response.status()).as(what).isEqualTo(entry.getValue());
            assertThat(response.header("Content-Type")).as(what).isEqualTo("application/json");
            assertThat(response.body())
                    .as(what)
                    .matches("\\{\"code\":\"[a-z_]+\",\"message\":\".+\"}");
            assertThat((System.nanoTime() - start) / 1_000_000).as(what).isLessThan(PROMPT_MILLIS);
        }
    }

    @Test
    void aLimitRefusalSaysWhichLimit() throws Exception {
        assertThat(exchange(port, get("/" + "a".repeat(10_000)), PROMPT_MILLIS).body())
                .contains("the request line is over 4096 bytes");
        assertThat(
                        exchange(
                                        port,
                                        "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Long: "
                                                + "h".repeat(10_000)
                                                + "\r\n\r\n",
                                        PROMPT_MILLIS)
                                .body())
                .contains("the headers are over 8192 bytes");
    }

    @Test
    void aChunkedUploadOverTheLimitIsAnswered413EveryTime() throws Exception {
        byte[] chunk =
                ("1000\r\n" + "x".repeat(0x1000) + "\r\n").getBytes(StandardCharsets.US_ASCII);
        for (int attempt = 0; attempt < 20; attempt++) {
            try (Socket socket = new Socket("127.0.0.1", port)) {
                socket.setSoTimeout(10_000);
                OutputStream out = socket.getOutputStream();
                out.write(
                        "POST /api/rooms HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                                .getBytes(StandardCharsets.US_ASCII));
                // 900 KiB, more than the sockets' buffers hold, all sent before anything is read:
                // the answer comes after the first 16 KiB, and the rest must still be taken.
                for (int i = 0; i < 225; i++) {
                    out.write(chunk);
                }
                out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                out.flush();
                RawHttp.Response response = RawHttp.read(socket.getInputStream(), false);
                assertThat(response.status()).as("attempt %d", attempt).isEqualTo(413);
                assertThat(response.header("Connection")).isEqualTo("close");
            }
        }
    }

    @Test
    void everyAnswerSaysItsTypeAndForbidsSniffing() throws Exception {
        for (String request :
                List.of(
                        get("/healthz"),
                        get("/metrics"),
                        get("/api/rooms/" + code),
                        get("/api/rooms/NOPE42"),
                        get("/"),
                        "DELETE /healthz HTTP/1.1\r\nHost: x\r\n\r\n")) {
            RawHttp.Response response = exchange(port, request, PROMPT_MILLIS);
            String what = RawHttp.abbreviate(request);
            assertThat(response.header("X-Content-Type-Options")).as(what).isEqualTo("nosniff");
            assertThat(response.header("Content-Type")).as(what).isNotBlank();
        }
    }

    @Test
    void aBodyAwaitingContinueIsAskedForThenAnswered() throws Exception {
        List<RawHttp.Response> answers =
                exchange(
                        port,
                        "POST /api/rooms HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n"
                                + "Expect: 100-continue\r\n\r\n{}",
                        2,
                        PROMPT_MILLIS);
        assertThat(answers).extracting(RawHttp.Response::status).containsExactly(100, 201);
    }

    @Test
    void anUnknownExpectationIsRefusedAndTheConnectionGoesOn() throws Exception {
        List<RawHttp.Response> answers =
                exchange(
                        port,
                        "POST /api/rooms HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n"
                                + "Expect: tea\r\n\r\n{}"
                                + get("/healthz"),
                        2,
                        PROMPT_MILLIS);
        assertThat(answers).extracting(RawHttp.Response::status).containsExactly(417, 200);
        assertThat(answers.get(0).body()).contains("Expect: tea cannot be met");
    }

    @Test
    void aWrongMethodSaysWhichAreAllowed() throws Exception {
        RawHttp.Response response =
                exchange(
                        port,
                        "PUT /readyz HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n",
                        PROMPT_MILLIS);
        assertThat(response.status()).isEqualTo(405);
        assertThat(response.header("Allow")).isEqualTo("GET, HEAD");
    }

    @Test
    void pipelinedRequestsAreAnsweredInOrder() throws Exception {
        String three =
                get("/api/rooms/" + code)
                        + get("/healthz")
                        + get("/api/rooms/" + code)
                        + get("/readyz");
        List<RawHttp.Response> answers = exchange(port, three, 4, PROMPT_MILLIS);
        assertThat(answers)
                .extracting(RawHttp.Response::status)
                .containsExactly(200, 200, 200, 200);
        assertThat(answers.get(0).body()).contains("\"room\":\"" + code + "\"");
        assertThat(answers.get(1).body()).startsWith("{\"status\":\"ok\",\"version\":");
        assertThat(answers.get(2).body()).contains("\"room\":\"" + code + "\"");
        assertThat(answers.get(3).body()).isEqualTo("{\"ready\":true}");
    }

    @Test
    void http10IsAnsweredAndClosed() throws Exception {
        RawHttp.Response response = exchange(port, "GET /healthz HTTP/1.0\r\n\r\n", PROMPT_MILLIS);
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("Connection")).isEqualTo("close");
    }

    @Test
    void healthAndReadinessAnswerHeadWithoutABody() throws Exception {
        for (String path : List.of("/healthz", "/readyz")) {
            RawHttp.Response head =
                    exchange(
                            port,
                            "HEAD " + path + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
                            PROMPT_MILLIS);
            assertThat(head.status()).isEqualTo(200);
            assertThat(head.body()).isEmpty();
            // Content-Length says what GET would send, and the next answer on the connection is not
            // confused.
            RawHttp.Response getResponse = exchange(port, get(path), PROMPT_MILLIS);
            assertThat(head.header("Content-Length"))
                    .isEqualTo(String.valueOf(getResponse.body().length()));
        }
        List<RawHttp.Response> two =
                exchange(
                        port,
                        "HEAD /healthz HTTP/1.1\r\nHost: x\r\n\r\n" + get("/readyz"),
                        2,
                        PROMPT_MILLIS);
        assertThat(two.get(0).body()).isEmpty();
        // The reader took Content-Length bytes of body for HEAD: check the second status arrives
        // whole.
        assertThat(two).hasSize(2);
    }

    @Test
    void metricsDoNotCollectGarbageUnlessTheBenchEndpointsAreOn() throws Exception {
        assertThat(NetSettings.DEFAULT_BENCH_ENDPOINTS).isFalse();
        long before = fullCollections();
        RawHttp.Response response = exchange(port, get("/metrics?gc=1"), 5_000);
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.body()).contains("ttt_connections ", "ttt_outbound_pending_bytes ");
        assertThat(fullCollections()).isEqualTo(before);
        try (TestServer bench = new TestServer(ServerConfig.local("--bench-endpoints"))) {
            assertThat(exchange(bench.server.port(), get("/metrics?gc=1"), 5_000).status())
                    .isEqualTo(200);
            assertThat(fullCollections()).isGreaterThan(before);
        }
    }

    /** Collections of the whole heap so far (young ones happen on their own and are left out). */
    private static long fullCollections() {
        return java.lang.management.ManagementFactory.getGarbageCollectorMXBeans().stream()
                .filter(
                        gc ->
                                !gc.getName().contains("Young")
                                        && !gc.getName().contains("Concurrent"))
                .mapToLong(java.lang.management.GarbageCollectorMXBean::getCollectionCount)
                .sum();
    }
}
