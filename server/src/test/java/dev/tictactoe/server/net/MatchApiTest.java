package dev.tictactoe.server.net;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.server.clock.TimeControl;
import dev.tictactoe.server.game.Rules;
import dev.tictactoe.server.lobby.Enqueued;
import dev.tictactoe.server.lobby.MatchAnswer;
import dev.tictactoe.server.lobby.MatchKey;
import dev.tictactoe.server.lobby.MatchRequest;
import dev.tictactoe.server.lobby.MatchSettings;
import dev.tictactoe.server.lobby.Matchmaker;
import dev.tictactoe.server.lobby.Ticket;
import dev.tictactoe.server.metrics.ServerMetrics;
import dev.tictactoe.server.room.RoomSettings;

import io.netty.handler.codec.http.FullHttpResponse;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** What the quick-match endpoints write is what the protocol document shows, field for field. */
class MatchApiTest {

    private static final Path DOC = Path.of("..", "protocol", "PROTOCOL.md");
    private static final Ticket ANA =
            new Ticket(
                    "Hq8kR2vX0bWm5tYz9cLp1A",
                    "ana-laptop-7f3c",
                    "ana",
                    MatchKey.of(15, 5, "3m+2s"),
                    BotLevel.HARD,
                    Duration.ofSeconds(10));

    private static List<JsonNode> examples;

    /** Every JSON block of the document's quick-match section. */
    @BeforeAll
    static void readTheDocument() throws Exception {
        String doc = Files.readString(DOC);
        String section =
                doc.substring(doc.indexOf("## Quick match"), doc.indexOf("## Time controls"));
        examples = new ArrayList<>();
        int at = 0;
        while ((at = section.indexOf("```json\n", at)) >= 0) {
            int end = section.indexOf("```", at + 8);
            examples.add(HttpReplies.JSON.readTree(section.substring(at + 8, end)));
            at = end + 3;
        }
        assertThat(examples).hasSize(7);
    }

    private static RoomSettings settings(Seat seat, BotLevel bot) {
        return new RoomSettings(
                new Rules(15, 5), seat, Seat.X, true, true, bot, TimeControl.parse("3m+2s"));
    }

    @Test
    void theDocumentedRequestReads() {
        assertThat(
                        MatchRequest.read(
                                examples.get(0).toString(), 32, MatchSettings.DEFAULT_MATCH_WAIT))
                .isEqualTo(ANA);
    }

    @Test
    void everyDocumentedAnswerIsWhatTheServerWrites() throws Exception {
        FullHttpResponse withPerson =
                MatchApi.reply(
                        new MatchAnswer.Matched(
                                ANA,
                                "K7MQ2P",
                                Seat.O,
                                "q3T9xY2mLw8sVb4nR1kZcA",
                                new MatchAnswer.Opponent("bo", null),
                                settings(Seat.X, null)));
        assertThat(withPerson.status().code()).isEqualTo(200);
        assertThat(body(withPerson)).isEqualTo(examples.get(1));
        assertThat(body(withPerson).toString()).isEqualTo(examples.get(1).toString());

        FullHttpResponse withBot =
                MatchApi.reply(
                        new MatchAnswer.Matched(
                                ANA,
                                "M2Q9ZD",
                                Seat.X,
                                "Zb0n4qK8sV1mT7wR3yLc2A",
                                new MatchAnswer.Opponent("bot (hard)", BotLevel.HARD),
                                settings(Seat.X, BotLevel.HARD)));
        assertThat(body(withBot).toString()).isEqualTo(examples.get(2).toString());

        FullHttpResponse timeout =
                MatchApi.reply(new MatchAnswer.TimedOut(ANA, Duration.ofSeconds(30)));
        assertThat(body(timeout).toString()).isEqualTo(examples.get(3).toString());
        FullHttpResponse cancelled = MatchApi.reply(new MatchAnswer.Cancelled(ANA));
        assertThat(body(cancelled).toString()).isEqualTo(examples.get(4).toString());
        FullHttpResponse unavailable =
                MatchApi.reply(new MatchAnswer.Unavailable(ANA, "the server is full"));
        assertThat(unavailable.status().code()).isEqualTo(503);
        assertThat(body(unavailable).get("code").textValue()).isEqualTo("server_full");
    }

    @Test
    void theDocumentedRefusalAndStatusAreWhatTheServerWrites() throws Exception {
        Matchmaker matchmaker =
                new Matchmaker(
                        new MatchSettings(MatchSettings.DEFAULT_MATCH_WAIT, 10),
                        new SplittableRandom(1),
                        (key, players) -> {
                            throw new AssertionError("nobody is paired here");
                        },
                        (task, delayNanos) -> () -> {},
                        () -> 0L,
                        new ServerMetrics(),
                        null,
                        "A");
        matchmaker.submit(ANA, answer -> {});
        Enqueued second =
                matchmaker
                        .submit(
                                new Ticket(
                                        "another-ticket-of-ana",
                                        ANA.player(),
                                        "ana",
                                        ANA.key(),
                                        null,
                                        null),
                                answer -> {})
                        .toCompletableFuture()
                        .join();
        FullHttpResponse refused = MatchApi.refusal((Enqueued.Refused) second);
        assertThat(refused.status().code()).isEqualTo(409);
        assertThat(body(refused).toString()).isEqualTo(examples.get(5).toString());
        JsonNode waiting =
                body(
                        MatchApi.waiting(
                                new Enqueued.Waiting(ANA, 1, 1, 37, Duration.ofMillis(4210))));
        assertThat(waiting.toString()).isEqualTo(examples.get(6).toString());
    }

    private static JsonNode body(FullHttpResponse response) throws Exception {
        return HttpReplies.JSON.readTree(response.content().toString(StandardCharsets.UTF_8));
    }
}
