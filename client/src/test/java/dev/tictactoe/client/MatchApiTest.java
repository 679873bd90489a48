package dev.tictactoe.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.ProtocolException;

import org.junit.jupiter.api.Test;

class MatchApiTest {

    @Test
    void aRequestWritesEveryFieldNullsToo() {
        String body =
                MatchApi.body(new MatchApi.Request("t", "p", "ana", 3, null, "3m+2s", null, null));
        assertThat(MessageCodec.parse(body))
                .isEqualTo(
                        MessageCodec.parse(
                                "{\"ticket\":\"t\",\"player\":\"p\",\"name\":\"ana\",\"size\":3,"
                                        + "\"winLength\":null,\"clock\":\"3m+2s\",\"bot\":null,"
                                        + "\"botAfter\":null}"));
    }

    @Test
    void aPairingIsReadWithItsOpponentAndSettings() {
        MatchApi.Answer answer =
                MatchApi.answer(
                        200,
                        "{\"status\":\"matched\",\"ticket\":\"t\",\"code\":\"K7MQ2P\","
                            + "\"path\":\"/rooms/K7MQ2P/ws\",\"seat\":\"O\",\"token\":\"tok\","
                            + "\"opponent\":{\"name\":\"bot\",\"kind\":\"bot\",\"level\":\"hard\"},"
                            + "\"settings\":{\"size\":3}}");
        assertThat(answer)
                .isEqualTo(
                        new MatchApi.Matched(
                                "t",
                                "K7MQ2P",
                                "/rooms/K7MQ2P/ws",
                                "O",
                                "tok",
                                new MatchApi.Opponent("bot", "bot", "hard"),
                                MessageCodec.parse("{\"size\":3}")));
    }

    @Test
    void timeoutsCancellationsAndRefusalsAreValues() {
        assertThat(
                        MatchApi.answer(
                                200,
                                "{\"status\":\"timeout\",\"ticket\":\"t\",\"waitedMs\":30000}"))
                .isEqualTo(new MatchApi.TimedOut("t", 30_000));
        assertThat(MatchApi.answer(200, "{\"status\":\"cancelled\",\"ticket\":\"t\"}"))
                .isEqualTo(new MatchApi.Cancelled("t"));
        assertThat(
                        MatchApi.answer(
                                409,
                                "{\"code\":\"match_already_queued\",\"message\":\"one at a"
                                        + " time\"}"))
                .isEqualTo(new MatchApi.Refused(409, "match_already_queued", "one at a time"));
        assertThat(MatchApi.answer(502, "Bad Gateway"))
                .as("a proxy's page")
                .isEqualTo(new MatchApi.Refused(502, "http_502", "Bad Gateway"));
    }

    @Test
    void anAnswerThatIsNotTheProtocolsThrows() {
        assertThatThrownBy(() -> MatchApi.answer(200, "<html>"))
                .isInstanceOf(ProtocolException.class)
                .hasMessageContaining("not JSON");
        assertThatThrownBy(() -> MatchApi.answer(200, "{\"status\":\"maybe\"}"))
                .isInstanceOf(ProtocolException.class)
                .hasMessageContaining("unknown status");
        assertThatThrownBy(() -> MatchApi.answer(200, "{\"status\":\"timeout\",\"ticket\":\"t\"}"))
                .isInstanceOf(ProtocolException.class)
                .hasMessageContaining("'waitedMs'");
        assertThatThrownBy(() -> MatchApi.answer(200, "{\"status\":\"cancelled\",\"ticket\":null}"))
                .isInstanceOf(ProtocolException.class)
                .hasMessageContaining("ticket");
    }

    @Test
    void aWaitingRequestIsReadStrictly() {
        var body =
                MessageCodec.parse(
                        "{\"ticket\":\"t\",\"position\":2,\"sameSettings\":3,\"waiting\":7,"
                                + "\"waitedMs\":1500,\"settings\":{\"size\":3}}");
        assertThat(Http.read(body, MatchApi.Waiting.class, "answer"))
                .isEqualTo(
                        new MatchApi.Waiting(
                                "t", 2, 3, 7, 1500, MessageCodec.parse("{\"size\":3}")));
        assertThatThrownBy(
                        () ->
                                Http.read(
                                        MessageCodec.parse("{\"ticket\":1}"),
                                        MatchApi.Waiting.class,
                                        "answer"))
                .isInstanceOf(ProtocolException.class)
                .hasMessageContaining("ticket");
    }

    @Test
    void anUnexpectedStatusIsTheServersCodeOrAnInternalError() {
        assertThat(Http.refusal(400, "{\"code\":\"bad_message\",\"message\":\"no\"}", "GET x"))
                .hasMessage("GET x: HTTP 400: no")
                .satisfies(e -> assertThat(e.code()).isEqualTo(ErrorCode.BAD_MESSAGE));
        assertThat(Http.refusal(500, "{\"code\":\"weird\",\"message\":\"oops\"}", "GET x"))
                .hasMessage("GET x: HTTP 500: weird: oops")
                .satisfies(e -> assertThat(e.code()).isEqualTo(ErrorCode.INTERNAL_ERROR));
    }
}
