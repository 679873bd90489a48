package dev.tictactoe.server.it;

import static dev.tictactoe.server.it.TestServer.WAIT;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tictactoe.client.GameClient;
import dev.tictactoe.client.GameConnection;
import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.CloseCodes;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.NewRoom;
import dev.tictactoe.protocol.ProtocolException;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.server.ServerConfig;

import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Malformed, binary, oversized, abusive and silent connections: typed errors or clear closes. */
class BadInputIT {

    @Test
    void malformedJsonAndUnknownTypesGetPreciseErrorsAndTheConnectionGoesOn() {
        try (TestServer server = new TestServer()) {
            GameClient[] p = server.pair(NewRoom.DEFAULT);
            p[0].sendRaw("{\"type\":\"move\",");
            assertThat(p[0].awaitError(ErrorCode.BAD_MESSAGE, WAIT).message()).isNotBlank();
            p[0].sendRaw("{\"type\":\"mvoe\",\"cell\":4}");
            assertThat(p[0].awaitError(ErrorCode.BAD_MESSAGE, WAIT))
                    .satisfies(
                            e -> assertThat(e.message()).contains("mvoe"),
                            e -> assertThat(e.ref()).isEqualTo("mvoe"));
            p[0].sendRaw("{\"type\":\"move\",\"id\":\"m1\",\"version\":2,\"cell\":\"b2\"}");
            assertThat(p[0].awaitError(ErrorCode.BAD_MESSAGE, WAIT))
                    .satisfies(
                            e -> assertThat(e.message()).contains("cell"),
                            e -> assertThat(e.ref()).isEqualTo("m1"));
            p[0].sendRaw("{\"type\":\"move\",\"id\":\"m2\",\"version\":2,\"cell\":-1}");
            assertThat(p[0].awaitError(ErrorCode.OUT_OF_RANGE, WAIT).ref()).isEqualTo("m2");
            p[0].sendRaw("[1,2,3]");
            p[0].awaitError(ErrorCode.BAD_MESSAGE, WAIT);
            p[0].move(4);
            assertThat(p[1].awaitSnapshot(s -> s.moves().size() == 1, WAIT).board())
                    .containsExactly("...", ".X.", "...");
        }
    }

    @Test
    void binaryFramesAreRefusedWithATypedError() {
        try (TestServer server = new TestServer()) {
            GameClient[] p = server.pair(NewRoom.DEFAULT);
            p[0].sendBinary(new byte[] {1, 2, 3});
            assertThat(p[0].awaitError(ErrorCode.BINARY_NOT_SUPPORTED, WAIT).message())
                    .contains("text");
            p[0].move(0);
            p[1].awaitSnapshot(s -> s.moves().size() == 1, WAIT);
        }
    }

    @Test
    void anOversizedFrameClosesTheConnectionWithMessageTooBig() {
        try (TestServer server = new TestServer(ServerConfig.local("--max-frame-bytes=1024"))) {
            GameClient[] p = server.pair(NewRoom.DEFAULT);
            p[0].sendRaw("{\"type\":\"join\",\"name\":\"" + "x".repeat(2000) + "\"}");
            GameConnection.CloseInfo close = p[0].awaitClose(WAIT);
            assertThat(close.code()).isEqualTo(CloseCodes.MESSAGE_TOO_BIG);
            // The seat survives: the player may come back with the token.
            assertThat(
                            p[1].awaitSnapshot(s -> !s.players().x().connected(), WAIT)
                                    .players()
                                    .x()
                                    .name())
                    .isEqualTo("ana");
        }
    }

    @Test
    void anUnknownRoomIsRefusedBeforeTheHandshake() {
        try (TestServer server = new TestServer()) {
            assertThatThrownBy(() -> server.connect("ZZZZZZ"))
                    .isInstanceOfSatisfying(
                            ProtocolException.class,
                            e -> assertThat(e.code()).isEqualTo(ErrorCode.UNKNOWN_ROOM));
            assertThatThrownBy(() -> server.connect("not-a-code"))
                    .isInstanceOfSatisfying(
                            ProtocolException.class,
                            e -> assertThat(e.code()).isEqualTo(ErrorCode.UNKNOWN_ROOM));
        }
    }

    @Test
    void tooManyMessagesAreRefusedAndPersistentAbuseIsClosed() throws Exception {
        ServerConfig config =
                ServerConfig.local(
                        "--messages-per-second=5", "--message-burst=5", "--abuse-strikes=2");
        try (TestServer server = new TestServer(config)) {
            GameClient[] p = server.pair(NewRoom.DEFAULT);
            // Well over the burst, so tokens refilled while a loaded machine sends cannot cover it.
            for (int i = 0; i < 20; i++) {
                p[0].send(new ClientMessage.History());
            }
            assertThat(p[0].awaitError(ErrorCode.RATE_LIMITED, WAIT).message())
                    .contains("slow down");
            // Keep sending over the limit, in bursts, until the server gives up on us.
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (!p[0].connection().closeFuture().isDone() && System.nanoTime() < deadline) {
                for (int i = 0; i < 10; i++) {
                    p[0].send(new ClientMessage.History());
                }
                try {
                    p[0].connection().closeFuture().get(100, TimeUnit.MILLISECONDS);
                } catch (TimeoutException stillOpen) {
                    // another burst
                }
            }
            assertThat(p[0].awaitClose(WAIT).code()).isEqualTo(CloseCodes.POLICY_VIOLATION);
        }
    }

    @Test
    void aClientThatAnswersPingsStaysButASilentOneIsClosed() throws Exception {
        ServerConfig config = ServerConfig.local("--idle-timeout=600ms", "--ping-interval=100ms");
        try (TestServer server = new TestServer(config)) {
            String code = server.create();
            GameClient alive = server.player(code, "ana");
            try (Socket silent = new Socket("127.0.0.1", server.server.port())) {
                silent.setSoTimeout((int) WAIT.toMillis());
                OutputStream out = silent.getOutputStream();
                out.write(
                        ("GET /rooms/"
                                        + code
                                        + "/ws HTTP/1.1\r\n"
                                        + "Host: localhost\r\n"
                                        + "Upgrade: websocket\r\n"
                                        + "Connection: Upgrade\r\n"
                                        + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                                        + "Sec-WebSocket-Version: 13\r\n\r\n")
                                .getBytes(StandardCharsets.US_ASCII));
                out.flush();
                InputStream in = silent.getInputStream();
                String response = readHeaders(in);
                assertThat(response).startsWith("HTTP/1.1 101");
                // Read frames (pings) without ever answering, until the close frame arrives.
                int closeCode = -1;
                while (closeCode < 0) {
                    int opcode = in.read() & 0x0F;
                    int length = in.read() & 0x7F;
                    byte[] payload = in.readNBytes(length);
                    if (opcode == 0x8) {
                        closeCode = ((payload[0] & 0xFF) << 8) | (payload[1] & 0xFF);
                    }
                }
                assertThat(closeCode).isEqualTo(CloseCodes.GOING_AWAY);
            }
            // The player that answered pings all along is still there and can act.
            alive.send(new ClientMessage.History());
            assertThat(alive.await(ServerMessage.HistoryMessage.class, WAIT).games()).isEmpty();
            assertThat(alive.connection().closeFuture()).isNotDone();
        }
    }

    private static String readHeaders(InputStream in) throws java.io.IOException {
        StringBuilder headers = new StringBuilder();
        while (!headers.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                break;
            }
            headers.append((char) b);
        }
        return headers.toString();
    }
}
