package dev.tictactoe.server.it;

import static dev.tictactoe.server.it.TestServer.WAIT;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.protocol.CloseCodes;
import dev.tictactoe.server.ServerConfig;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.SocketException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Every way the server ends a connection, counted on the wire by a client that answers the close
 * frame as a browser does: exactly one close frame reaches it, and nothing after it. A second one
 * makes browsers report 1006 and drop the code and the reason.
 */
class CloseFramesIT {

    private static final String JOIN = "{\"type\":\"join\",\"protocol\":1,\"name\":\"ana\"}";
    private static final Pattern TOKEN = Pattern.compile("\"token\":\"([^\"]+)\"");

    @Test
    void leave() throws Exception {
        try (TestServer server = new TestServer();
                RawWebSocket ws = joined(server, server.create())) {
            ws.sendText("{\"type\":\"leave\"}");
            assertOneClose(answerAndReadToEnd(ws), CloseCodes.LEFT);
        }
    }

    @Test
    void replacedByAnotherConnectionWithTheSeatToken() throws Exception {
        try (TestServer server = new TestServer()) {
            String code = server.create();
            try (RawWebSocket first = open(server, code)) {
                first.sendText(JOIN);
                Matcher token = TOKEN.matcher(first.read().text());
                assertThat(token.find()).isTrue();
                try (RawWebSocket second = open(server, code)) {
                    second.sendText(
                            "{\"type\":\"join\",\"protocol\":1,\"name\":\"ana\",\"token\":\""
                                    + token.group(1)
                                    + "\"}");
                    assertOneClose(answerAndReadToEnd(first), CloseCodes.REPLACED);
                    assertThat(second.read().text()).contains("\"type\":\"welcome\"");
                }
            }
        }
    }

    @Test
    void drain() throws Exception {
        TestServer server = new TestServer();
        try (server;
                RawWebSocket ws = joined(server, server.create())) {
            CompletableFuture<Void> closing = CompletableFuture.runAsync(server.server::close);
            assertOneClose(answerAndReadToEnd(ws), CloseCodes.GOING_AWAY);
            closing.get();
        }
    }

    @Test
    void idle() throws Exception {
        ServerConfig config = ServerConfig.local("--ping-interval=200ms", "--idle-timeout=400ms");
        try (TestServer server = new TestServer(config);
                RawWebSocket ws = joined(server, server.create())) {
            // Pings are not answered: the connection goes quiet and is closed.
            List<RawWebSocket.Frame> frames = answerAndReadToEnd(ws);
            assertOneClose(frames, CloseCodes.GOING_AWAY);
            assertThat(frames).anyMatch(f -> f.opcode() == RawWebSocket.PING);
        }
    }

    @Test
    void abuse() throws Exception {
        ServerConfig config =
                ServerConfig.local(
                        "--messages-per-second=1", "--message-burst=1", "--abuse-strikes=1");
        try (TestServer server = new TestServer(config);
                RawWebSocket ws = joined(server, server.create())) {
            ws.sendText("{\"type\":\"sync\"}");
            ws.sendText("{\"type\":\"sync\"}");
            assertOneClose(answerAndReadToEnd(ws), CloseCodes.POLICY_VIOLATION);
        }
    }

    @Test
    void aClientThatClosesFirstGetsOneAnsweringFrame() throws Exception {
        try (TestServer server = new TestServer();
                RawWebSocket ws = joined(server, server.create())) {
            ws.send(RawWebSocket.CLOSE, closePayload(CloseCodes.NORMAL), true, true);
            assertOneClose(ws.readToEnd(), CloseCodes.NORMAL);
        }
    }

    private static RawWebSocket open(TestServer server, String code) throws IOException {
        return RawWebSocket.open(server.server.port(), code, (int) WAIT.toMillis());
    }

    private static RawWebSocket joined(TestServer server, String code) throws IOException {
        RawWebSocket ws = open(server, code);
        ws.sendText(JOIN);
        assertThat(ws.read().text()).contains("\"type\":\"welcome\"");
        return ws;
    }

    /**
     * Reads up to the server's close frame, answers it with a close frame carrying the same code,
     * as RFC 6455 asks, then reads everything else until the server ends the connection.
     */
    static List<RawWebSocket.Frame> answerAndReadToEnd(RawWebSocket ws) throws IOException {
        List<RawWebSocket.Frame> frames = new ArrayList<>();
        for (RawWebSocket.Frame frame = ws.read(); frame != null; frame = ws.read()) {
            frames.add(frame);
            if (frame.opcode() == RawWebSocket.CLOSE) {
                try {
                    ws.send(RawWebSocket.CLOSE, closePayload(frame.closeCode()), true, true);
                } catch (SocketException e) {
                    break; // the server had already closed: nothing more can come
                }
                frames.addAll(ws.readToEnd());
                break;
            }
        }
        return frames;
    }

    static void assertOneClose(List<RawWebSocket.Frame> frames, int code) {
        List<RawWebSocket.Frame> closes =
                frames.stream().filter(f -> f.opcode() == RawWebSocket.CLOSE).toList();
        assertThat(closes).as("close frames in %s", frames).hasSize(1);
        assertThat(closes.get(0).closeCode()).isEqualTo(code);
        assertThat(frames.get(frames.size() - 1)).as("the last frame").isSameAs(closes.get(0));
    }

    private static byte[] closePayload(int code) {
        return new byte[] {(byte) (code >>> 8), (byte) code};
    }
}
