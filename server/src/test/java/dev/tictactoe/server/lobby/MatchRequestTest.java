package dev.tictactoe.server.lobby;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.ProtocolException;
import dev.tictactoe.protocol.WireWord;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;

/** The body of {@code POST /api/match}, read strictly, every refusal naming its field. */
class MatchRequestTest {

    private static final Duration WAIT = MatchSettings.DEFAULT_MATCH_WAIT;
    private static final String IDS =
            "\"ticket\": \"Hq8kR2vX0bWm5tYz9cLp1A\", \"player\": \"ana-laptop-7f3c\"";

    private static Ticket read(String json) {
        return MatchRequest.read(json, 32, WAIT);
    }

    @Test
    void theDocumentedExampleReadsWithEveryField() {
        Ticket ticket =
                read(
                        """
                        {"ticket": "Hq8kR2vX0bWm5tYz9cLp1A", "player": "ana-laptop-7f3c", "name": "ana", "size": 15,
                         "winLength": 5, "clock": "3m+2s", "bot": "hard", "botAfter": "10s"}\
                        """);
        assertThat(ticket)
                .isEqualTo(
                        new Ticket(
                                "Hq8kR2vX0bWm5tYz9cLp1A",
                                "ana-laptop-7f3c",
                                "ana",
                                MatchKey.of(15, 5, "3m+2s"),
                                BotLevel.HARD,
                                Duration.ofSeconds(10)));
    }

    @Test
    void leftOutFieldsTakeTheirDefaults() {
        Ticket ticket = read("{" + IDS + ", \"name\": \"  ana \"}");
        assertThat(ticket.key()).isEqualTo(MatchKey.of(3, 3, null));
        assertThat(ticket.name()).isEqualTo("ana");
        assertThat(ticket.bot()).isNull();
        assertThat(
                        read("{"
                                        + IDS
                                        + ", \"name\": \"ana\", \"size\": 9, \"winLength\": null,"
                                        + " \"clock\": null}")
                                .key())
                .isEqualTo(MatchKey.of(9, 5, null));
        assertThat(read("{" + IDS + ", \"name\": \"ana\", \"bot\": \"easy\"}").botAfter())
                .isEqualTo(Ticket.DEFAULT_BOT_AFTER);
        assertThat(
                        read("{"
                                        + IDS
                                        + ", \"name\": \"ana\", \"bot\": \"easy\", \"botAfter\":"
                                        + " \"1500ms\"}")
                                .botAfter())
                .isEqualTo(Duration.ofMillis(1500));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '\'',
            value = {
                "'not json'                                       | bad_message      | malformed"
                        + " JSON",
                "'[1, 2]'                                         | invalid_settings | match:"
                        + " expected a JSON object",
                "'{\"player\": \"p\", \"name\": \"a\"}'           | invalid_settings |"
                        + " match.ticket: missing required field",
                "'{\"ticket\": \"short\", \"player\": \"p\", \"name\": \"a\"}' | invalid_settings |"
                        + " match.ticket: ticket id must be 16..64 characters",
                "'{\"ticket\": \"has spaces in it, no way\", \"player\": \"p\", \"name\": \"a\"}' |"
                        + " invalid_settings | match.ticket: ticket id may hold only",
                "'{\"ticket\": 1234567890123456789, \"player\": \"p\", \"name\": \"a\"}' |"
                        + " invalid_settings | match.ticket: expected a string",
                "'{\"ticket\": \"Hq8kR2vX0bWm5tYz9cLp1A\", \"player\": \"\", \"name\": \"a\"}' |"
                        + " invalid_settings | match.player: player id must be 1..64",
                "'{#, \"name\": \"   \"}'                         | name_invalid     | match.name:"
                        + " a name is 1 to 32 characters",
                "'{#, \"name\": \"a\", \"size\": 25}'             | invalid_settings | match.size:"
                        + " expected an integer 3..19, got 25",
                "'{#, \"name\": \"a\", \"size\": \"3\"}'          | invalid_settings | match.size:"
                        + " expected an integer 3..19, got \"3\"",
                "'{#, \"name\": \"a\", \"size\": 3.0}'            | invalid_settings | match.size:"
                        + " expected an integer 3..19, got 3.0",
                "'{#, \"name\": \"a\", \"size\": 5, \"winLength\": 6}' | invalid_settings |"
                        + " match.winLength: expected an integer 3..5, got 6",
                "'{#, \"name\": \"a\", \"clock\": \"5s\"}'        | invalid_settings | match.clock:"
                        + " base time must be 10s..3h, was 5s",
                "'{#, \"name\": \"a\", \"bot\": \"godlike\"}'     | invalid_settings | match.bot:"
                        + " expected one of easy, medium, hard, perfect",
                "'{#, \"name\": \"a\", \"bot\": \"easy\", \"botAfter\": \"500ms\"}' |"
                        + " invalid_settings | match.botAfter: must be at least 1s, was 500ms",
                "'{#, \"name\": \"a\", \"bot\": \"easy\", \"botAfter\": \"30s\"}' |"
                    + " invalid_settings | match.botAfter: must be shorter than the longest wait,"
                    + " 30s",
                "'{#, \"name\": \"a\", \"bot\": \"easy\", \"botAfter\": \"soon\"}' |"
                        + " invalid_settings | match.botAfter: \"soon\" is not a duration",
                "'{#, \"name\": \"a\", \"botAfter\": \"5s\"}'     | invalid_settings |"
                        + " match.botAfter: only with a bot",
                "'{#, \"name\": \"a\", \"seat\": \"X\"}'          | invalid_settings | match.seat:"
                        + " unknown field",
            })
    void everyBadFieldIsRefusedByName(String json, String code, String message) {
        assertThatThrownBy(() -> read(json.replace("#", IDS)))
                .isInstanceOfSatisfying(
                        ProtocolException.class,
                        e -> {
                            assertThat(e.code()).isEqualTo(WireWord.find(ErrorCode.values(), code));
                            assertThat(e.getMessage()).startsWith(message);
                        });
    }

    /** The one check of it: the matchmaker queues what this reads. */
    @Test
    void aBotThatWouldComeNoSoonerThanTheWaitLimitIsRefusedBeforeItQueues() {
        String body = "{" + IDS + ", \"name\": \"a\", \"bot\": \"hard\", \"botAfter\": \"5s\"}";
        assertThat(MatchRequest.read(body, 32, Duration.ofSeconds(6)).botAfter())
                .isEqualTo(Duration.ofSeconds(5));
        assertThatThrownBy(() -> MatchRequest.read(body, 32, Duration.ofSeconds(5)))
                .isInstanceOfSatisfying(
                        ProtocolException.class,
                        e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_SETTINGS));
    }

    @Test
    void theNameLimitIsTheServers() {
        String body = "{" + IDS + ", \"name\": \"" + "n".repeat(10) + "\"}";
        assertThat(MatchRequest.read(body, 10, WAIT).name()).hasSize(10);
        assertThatThrownBy(() -> MatchRequest.read(body, 9, WAIT))
                .hasMessageContaining("1 to 9 characters");
    }
}
