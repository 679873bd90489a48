package dev.tictactoe.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MoveScannerTest {

  @Test
  void readsThePlainMovesClientsSend() {
    assertThat(MoveScanner.scan(MessageCodec.encode(new ClientMessage.Move("X12", 41, 224))))
        .isEqualTo(new ClientMessage.Move("X12", 41, 224));
    assertThat(MoveScanner.scan(" { \"cell\" : 0 ,\n\"version\":0,\t\"id\":\"a b\",\"type\":\"move\" }\r\n"))
        .isEqualTo(new ClientMessage.Move("a b", 0, 0));
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
        "{\"type\":\"undo\"}",
      })
  void leavesAnythingElseToTheTreeDecoder(String json) {
    assertThat(MoveScanner.scan(json)).isNull();
  }
}
