package dev.tictactoe.server.it;

import static dev.tictactoe.server.it.RawHttp.closedWithin;
import static dev.tictactoe.server.it.RawHttp.get;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tictactoe.server.ServerConfig;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * An HTTP request must arrive whole within the request timeout of the connection opening, or of its
 * first byte on a kept-alive connection: a client that sends half a request, or nothing, does not
 * keep the connection. Requests that arrive whole, and sockets once upgraded, are not timed.
 */
class RequestTimeoutIT {

    private static final Duration TIMEOUT = Duration.ofMillis(600);

    /** How long past the timeout a busy machine may take to act on it. */
    private static final int WITHIN_MILLIS = 5_000;

    /** Long enough past the timeout to see that nothing happened. */
    private static final int QUIET_MILLIS = 3 * (int) TIMEOUT.toMillis();

    private static TestServer server;
    private static int port;

    @BeforeAll
    static void start() {
        server = new TestServer(ServerConfig.local("--request-timeout=" + TIMEOUT));
        port = server.server.port();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static void send(Socket socket, String text) throws IOException {
        socket.getOutputStream().write(text.getBytes(StandardCharsets.ISO_8859_1));
        socket.getOutputStream().flush();
    }

    @Test
    void aRequestLeftHalfSentIsAnswered408AndTheConnectionClosed() throws Exception {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(WITHIN_MILLIS);
            send(socket, "GET /healthz HTTP/1.1\r\nHost: loc"); // and nothing more
            RawHttp.Response response = RawHttp.read(socket.getInputStream(), false);
            assertThat(response.status()).isEqualTo(408);
            assertThat(response.body())
                    .contains("\"bad_message\"")
                    .contains("did not arrive whole within 600ms");
            assertThat(closedWithin(socket, WITHIN_MILLIS)).isTrue();
        }
    }

    @Test
    void aConnectionThatSaysNothingIsClosedUnanswered() throws Exception {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(WITHIN_MILLIS);
            assertThat(socket.getInputStream().read()).isEqualTo(-1);
        }
    }

    @Test
    void aKeptAliveConnectionIsTimedFromTheFirstByteOfItsNextRequest() throws Exception {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(WITHIN_MILLIS);
            InputStream in = new BufferedInputStream(socket.getInputStream());
            send(socket, get("/healthz"));
            assertThat(RawHttp.read(in, false).status()).isEqualTo(200);

            // Quiet between requests: that is for the idle timeout, far off.
            socket.setSoTimeout(QUIET_MILLIS);
            assertThatThrownBy(in::read).isInstanceOf(SocketTimeoutException.class);

            socket.setSoTimeout(WITHIN_MILLIS);
            send(socket, get("/healthz"));
            assertThat(RawHttp.read(in, false).status()).isEqualTo(200);
            send(socket, "GET /healthz HT");
            assertThat(RawHttp.read(in, false).status()).isEqualTo(408);
        }
    }

    @Test
    void aHalfRequestBehindAWaitingQuickMatchClosesTheConnectionAndTheWaitEnds() throws Exception {
        String body =
                "{\"ticket\": \"slow-ticket-0123456789ab\", \"player\": \"player-slow\","
                        + " \"name\": \"slow\"}";
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(WITHIN_MILLIS);
            send(
                    socket,
                    "POST /api/match HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                            + "Content-Length: "
                            + body.length()
                            + "\r\n\r\n"
                            + body);
            // The quick-match request waits (30 s by default); the next one, sent once the first
            // is queued, never arrives whole.
            assertThat(waitingBecomes(1)).isOne();
            send(socket, "GET /healthz HT");
            // Its answer would come before the one still owed: the connection closes instead.
            assertThat(socket.getInputStream().read()).isEqualTo(-1);
        }
        assertThat(waitingBecomes(0)).isZero();
    }

    /** The quick-match requests waiting, once they are {@code count} or the wait is over. */
    private static int waitingBecomes(int count) {
        long deadline = System.nanoTime() + WITHIN_MILLIS * 1_000_000L;
        while (server.server.matchmaker().waiting() != count && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        return server.server.matchmaker().waiting();
    }

    @Test
    void aSocketOutlivesTheRequestTimeout() throws Exception {
        String code = server.create();
        try (RawWebSocket ws = RawWebSocket.open(port, code, WITHIN_MILLIS)) {
            ws.sendText("{\"type\":\"join\",\"protocol\":1,\"name\":\"ana\",\"spectate\":false}");
            assertThat(new String(ws.read().payload(), StandardCharsets.UTF_8))
                    .contains("\"welcome\"");

            ws.readTimeout(QUIET_MILLIS);
            assertThatThrownBy(ws::read).isInstanceOf(SocketTimeoutException.class);

            ws.readTimeout(WITHIN_MILLIS);
            ws.sendText("{\"type\":\"sync\"}");
            assertThat(new String(ws.read().payload(), StandardCharsets.UTF_8))
                    .contains("\"snapshot\"");
        }
    }
}
