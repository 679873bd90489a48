package dev.tictactoe.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PlainScannerTest {

    @Test
    void readsThePlainMovesClientsSend() {
        assertThat(PlainScanner.scan(MessageCodec.encode(new ClientMessage.Move("X12", 41, 224))))
                .isEqualTo(new ClientMessage.Move("X12", 41, 224));
        assertThat(
                        PlainScanner.scan(
                                " { \"cell\" : 0 ,\n"
                                        + "\"version\":0,\t\"id\":\"a b\",\"type\":\"move\" }\r\n"))
                .isEqualTo(new ClientMessage.Move("a b", 0, 0));
    }

    @Test
    void readsMessagesThatAreOnlyTheirType() {
        assertThat(PlainScanner.scan("{\"type\":\"rematch\"}"))
                .isEqualTo(new ClientMessage.Rematch());
        assertThat(PlainScanner.scan(" {\"type\": \"resign\"} "))
                .isEqualTo(new ClientMessage.Resign());
        assertThat(PlainScanner.scan("{\"type\":\"undo\"}")).isEqualTo(new ClientMessage.Undo());
        assertThat(PlainScanner.scan("{\"type\":\"history\"}"))
                .isEqualTo(new ClientMessage.History());
        assertThat(PlainScanner.scan("{\"type\":\"leave\"}")).isEqualTo(new ClientMessage.Leave());
    }

    @Test
    void readsPings() {
        assertThat(PlainScanner.scan("{\"type\":\"ping\",\"seq\":0}"))
                .isEqualTo(new ClientMessage.Ping(0));
        assertThat(PlainScanner.scan("{ \"seq\": 9007199254740991, \"type\": \"ping\" }"))
                .isEqualTo(new ClientMessage.Ping(Protocol.MAX_PING_SEQ));
    }

    /** These go to the tree decoder, which gives the result or the precise error. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "{\"type\":\"move\",\"id\":\"m\\u0031\",\"version\":3,\"cell\":4}",
                "{\"type\":\"move\",\"id\":\"m\u00e9\",\"version\":3,\"cell\":4}",
                "{\"type\":\"move\",\"id\":\"m\u0001\",\"version\":3,\"cell\":4}",
                "{\"type\":\"move\",\"id\":\"m1\",\"version\":3,\"cell\":2147483647}",
                "{\"type\":\"move\",\"id\":\"m1\",\"version\":1234567890123456789,\"cell\":4}",
                "{\"type\":\"move\",\"id\":\"m1\",\"version\":3,\"cell\":4,\"cell\":4}",
                "{\"type\":\"undo\",\"cell\":1}",
                "{\"type\":\"sync\"}",
                "{\"type\":\"ping\"}",
                "{\"type\":\"ping\",\"seq\":9007199254740992}",
                "{\"type\":\"ping\",\"seq\":-1}",
                "{\"type\":\"ping\",\"seq\":1.5}",
                "{\"type\":\"ping\",\"seq\":1,\"cell\":2}",
                "{\"type\":\"undo\",\"seq\":1}",
                "{\"id\":\"a\t,\"type\":\"move\",\"id\":\"m1\",\"version\":3,\"cell\":4}",
            })
    void leavesAnythingElseToTheTreeDecoder(String json) {
        assertThat(PlainScanner.scan(json)).isNull();
    }
}
