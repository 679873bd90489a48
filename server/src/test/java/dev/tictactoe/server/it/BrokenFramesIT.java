package dev.tictactoe.server.it;

import static dev.tictactoe.server.it.TestServer.WAIT;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.client.GameClient;
import dev.tictactoe.protocol.CloseCodes;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.NewRoom;
import dev.tictactoe.server.ServerConfig;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * Frames that break RFC 6455 or the frame limit, each class of them: the connection ends with
 * exactly one close frame carrying the code that names the fault, and nothing after it, even when
 * the client answers it as a browser does; a message too large is first answered with the typed
 * error the protocol promises.
 */
class BrokenFramesIT {

    private static final int MAX_FRAME_BYTES = 1024;

    /** A frame sequence to send after joining, and the close code it must end with. */
    @FunctionalInterface
    interface Abuse {
        void send(RawWebSocket ws) throws Exception;
    }

    static Stream<Arguments> abuses() {
        byte[] big = filler(MAX_FRAME_BYTES + 1);
        byte[] half = filler(MAX_FRAME_BYTES / 2 + 10);
        return Stream.of(
                Arguments.of(
                        "a reserved data opcode",
                        (Abuse) ws -> ws.send(0x3, bytes("x"), true, true),
                        CloseCodes.PROTOCOL_ERROR),
                Arguments.of(
                        "a reserved control opcode",
                        (Abuse) ws -> ws.send(0xB, bytes("x"), true, true),
                        CloseCodes.PROTOCOL_ERROR),
                Arguments.of(
                        "an unmasked frame",
                        (Abuse) ws -> ws.send(RawWebSocket.TEXT, bytes("{}"), true, false),
                        CloseCodes.PROTOCOL_ERROR),
                Arguments.of(
                        "a fragmented control frame",
                        (Abuse) ws -> ws.send(RawWebSocket.PING, bytes("x"), false, true),
                        CloseCodes.PROTOCOL_ERROR),
                Arguments.of(
                        "a control frame over 125 bytes",
                        (Abuse) ws -> ws.send(RawWebSocket.PING, filler(126), true, true),
                        CloseCodes.PROTOCOL_ERROR),
                Arguments.of(
                        "a continuation with nothing to continue",
                        (Abuse) ws -> ws.send(RawWebSocket.CONTINUATION, bytes("x"), true, true),
                        CloseCodes.PROTOCOL_ERROR),
                Arguments.of(
                        "text that is not UTF-8",
                        (Abuse)
                                ws ->
                                        ws.send(
                                                RawWebSocket.TEXT,
                                                new byte[] {'{', (byte) 0xC3, (byte) 0x28, '}'},
                                                true,
                                                true),
                        CloseCodes.INVALID_PAYLOAD),
                Arguments.of(
                        "text that is not UTF-8 across fragments",
                        (Abuse)
                                ws -> {
                                    ws.send(
                                            RawWebSocket.TEXT,
                                            new byte[] {'{', (byte) 0xE2, (byte) 0x82},
                                            false,
                                            true);
                                    ws.send(
                                            RawWebSocket.CONTINUATION,
                                            new byte[] {'}'},
                                            true,
                                            true);
                                },
                        CloseCodes.INVALID_PAYLOAD),
                Arguments.of(
                        "a close reason that is not UTF-8",
                        (Abuse)
                                ws ->
                                        ws.send(
                                                RawWebSocket.CLOSE,
                                                new byte[] {0x03, (byte) 0xE8, (byte) 0xFF},
                                                true,
                                                true),
                        CloseCodes.INVALID_PAYLOAD),
                Arguments.of(
                        "one frame over the limit",
                        (Abuse) ws -> ws.send(RawWebSocket.TEXT, big, true, true),
                        CloseCodes.MESSAGE_TOO_BIG),
                Arguments.of(
                        "fragments that add up to more than the limit",
                        (Abuse)
                                ws -> {
                                    ws.send(RawWebSocket.TEXT, half, false, true);
                                    ws.send(RawWebSocket.CONTINUATION, half, true, true);
                                },
                        CloseCodes.MESSAGE_TOO_BIG));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("abuses")
    void aBrokenFrameEndsTheConnectionWithOneCloseFrameThatNamesTheFault(
            String name, Abuse abuse, int expectedCode) throws Exception {
        try (TestServer server =
                new TestServer(ServerConfig.local("--max-frame-bytes=" + MAX_FRAME_BYTES))) {
            String code = server.create();
            try (RawWebSocket ws =
                    RawWebSocket.open(server.server.port(), code, (int) WAIT.toMillis())) {
                ws.sendText("{\"type\":\"join\",\"protocol\":1,\"name\":\"ana\"}");
                abuse.send(ws);
                List<RawWebSocket.Frame> frames = CloseFramesIT.answerAndReadToEnd(ws);

                CloseFramesIT.assertOneClose(frames, expectedCode);
                assertThat(frames.get(0).text()).contains("\"type\":\"welcome\"");
                if (expectedCode == CloseCodes.MESSAGE_TOO_BIG) {
                    assertThat(frames.get(frames.size() - 2).text())
                            .contains("\"code\":\"message_too_large\"")
                            .contains(String.valueOf(MAX_FRAME_BYTES));
                }
            }
        }
    }

    @Test
    void aReplacementCharacterSentAsSuchIsText() throws Exception {
        try (TestServer server = new TestServer()) {
            GameClient[] p = server.pair(NewRoom.DEFAULT);
            p[0].sendRaw("{\"type\":\"chat\",\"text\":\"\uFFFD\"}");
            assertThat(p[0].awaitError(ErrorCode.BAD_MESSAGE, WAIT).message()).contains("chat");
            p[0].move(4);
            p[1].awaitSnapshot(s -> s.moves().size() == 1, WAIT);
            assertThat(p[0].connection().closeFuture()).isNotDone();
        }
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] filler(int length) {
        byte[] bytes = new byte[length];
        Arrays.fill(bytes, (byte) 'a');
        return bytes;
    }
}
