package dev.tictactoe.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.client.MatchApi;
import dev.tictactoe.protocol.MessageCodec;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

class MatchDisplaysTest {
    private static final MatchApi.Request REQUEST =
            new MatchApi.Request("t", "p", "ana", 15, 5, "3m+2s", "hard", "10s");
    private static final MatchApi.Waiting WHERE = new MatchApi.Waiting("t", 1, 1, 37, 4210, null);

    @Test
    void describesTheGameAskedForAndTheWait() {
        assertThat(MatchDisplays.describe(REQUEST))
                .isEqualTo("15x15, 5 in a row, clock 3m+2s; a hard bot if nobody came after 10s");
        assertThat(
                        MatchDisplays.describe(
                                new MatchApi.Request("t", "p", "ana", 3, 3, null, null, null)))
                .isEqualTo("3x3, 3 in a row, no clock");
        assertThat(MatchDisplays.waitingLine(WHERE, Duration.ofMillis(12_900)))
                .isEqualTo("waiting for an opponent\u2026 (position 1, 37 waiting in all) 0:12");
        assertThat(MatchDisplays.waitingLine(null, Duration.ofSeconds(61)))
                .isEqualTo("waiting for an opponent\u2026 1:01");
    }

    @Test
    void namesTheOpponentPersonOrBot() {
        MatchApi.Matched person =
                new MatchApi.Matched(
                        "t",
                        "K7MQ2P",
                        "/rooms/K7MQ2P/ws",
                        "O",
                        "tok",
                        new MatchApi.Opponent("bo", "human", null),
                        null);
        assertThat(MatchDisplays.matched(person))
                .isEqualTo("paired with bo; you play O in room K7MQ2P");
        MatchApi.Matched bot =
                new MatchApi.Matched(
                        "t",
                        "M2Q9ZD",
                        "/rooms/M2Q9ZD/ws",
                        "X",
                        "tok",
                        new MatchApi.Opponent("bot (hard)", "bot", "hard"),
                        null);
        assertThat(MatchDisplays.matched(bot))
                .isEqualTo(
                        "nobody came: a hard bot takes the other seat; you play X in room M2Q9ZD");
    }

    @Test
    void onATerminalTheWaitingLineIsRewrittenInPlace() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        MatchDisplays.Words words =
                new MatchDisplays.Words(new PrintStream(out, true, StandardCharsets.UTF_8), true);
        words.asked(REQUEST);
        words.waiting(WHERE, Duration.ofSeconds(3));
        words.asked(REQUEST); // asked again after the server's wait ran out: no new heading
        words.waiting(WHERE, Duration.ofSeconds(4));
        assertThat(out.toString(StandardCharsets.UTF_8))
                .isEqualTo(
                        "ttt: looking for a game (15x15, 5 in a row, clock 3m+2s; a hard bot if"
                                + " nobody came after 10s); Ctrl-C cancels\n"
                                + "\r"
                                + "waiting for an opponent\u2026 0:00\u001b[K\r"
                                + "waiting for an opponent\u2026 (position 1, 37 waiting in all)"
                                + " 0:03\u001b[K\r"
                                + "waiting for an opponent\u2026 (position 1, 37 waiting in all)"
                                + " 0:04\u001b[K");
    }

    @Test
    void elsewhereALineIsWrittenOnlyWhenWhereTheRequestStandsChanges() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        MatchDisplays.Words words =
                new MatchDisplays.Words(new PrintStream(out, true, StandardCharsets.UTF_8), false);
        words.asked(REQUEST);
        words.waiting(null, Duration.ofSeconds(1));
        words.waiting(WHERE, Duration.ofSeconds(2));
        words.waiting(WHERE, Duration.ofSeconds(3));
        words.waiting(new MatchApi.Waiting("t", 1, 1, 38, 5000, null), Duration.ofSeconds(4));
        assertThat(out.toString(StandardCharsets.UTF_8).lines())
                .containsExactly(
                        "ttt: looking for a game (15x15, 5 in a row, clock 3m+2s; a hard bot if"
                                + " nobody came after 10s); Ctrl-C cancels",
                        "waiting for an opponent\u2026 0:00",
                        "waiting for an opponent\u2026 (position 1, 37 waiting in all) 0:02",
                        "waiting for an opponent\u2026 (position 1, 38 waiting in all) 0:04");
    }

    @Test
    void scriptsGetAJsonLineForEachChange() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        MatchDisplays.Json json =
                new MatchDisplays.Json(new PrintStream(out, true, StandardCharsets.UTF_8));
        json.asked(REQUEST);
        json.waiting(null, Duration.ofSeconds(1));
        json.waiting(WHERE, Duration.ofSeconds(2));
        json.waiting(WHERE, Duration.ofSeconds(3));
        json.answered(new MatchApi.Refused(409, "match_already_queued", "no"));
        json.answered(new MatchApi.Cancelled("t"));
        assertThat(out.toString(StandardCharsets.UTF_8).lines())
                .containsExactly(
                        "{\"type\":\"match\",\"status\":\"waiting\",\"ticket\":\"t\",\"position\":1,\"sameSettings\":1,"
                            + "\"waiting\":37,\"waitedMs\":2000}",
                        "{\"type\":\"match\",\"status\":\"cancelled\",\"ticket\":\"t\"}");
        out.reset();
        json.answered(
                new MatchApi.Matched(
                        "t",
                        "K7MQ2P",
                        "/rooms/K7MQ2P/ws",
                        "O",
                        "tok",
                        new MatchApi.Opponent("bo", "human", null),
                        MessageCodec.parse("{\"size\":15}")));
        assertThat(out.toString(StandardCharsets.UTF_8).strip())
                .isEqualTo(
                        "{\"type\":\"match\",\"status\":\"matched\","
                            + "\"ticket\":\"t\",\"code\":\"K7MQ2P\",\"path\":\"/rooms/K7MQ2P/ws\",\"seat\":\"O\",\"token\":\"tok\","
                            + "\"opponent\":{\"name\":\"bo\",\"kind\":\"human\",\"level\":null},\"settings\":{\"size\":15}}");
    }
}
