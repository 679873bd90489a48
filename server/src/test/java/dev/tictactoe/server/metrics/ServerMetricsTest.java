package dev.tictactoe.server.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.ResultReason;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.server.ops.PrometheusText;

import org.junit.jupiter.api.Test;

import java.util.Map;

/** Each facade method moves its series, and the scrape is valid Prometheus text. */
class ServerMetricsTest {

    @Test
    void everyEventShowsInTheScrape() {
        try (ServerMetrics metrics = new ServerMetrics()) {
            metrics.watch(Level.ROOMS, () -> 3);
            metrics.watch(Level.BOT_QUEUE, () -> 2);
            metrics.connectionOpened();
            metrics.connectionOpened();
            metrics.connectionClosed();
            metrics.memberJoined(true);
            metrics.memberJoined(false);
            metrics.messageReceived(new ClientMessage.Move("m1", 2, 4));
            metrics.messageReceived(new ClientMessage.UndoReply(true));
            metrics.rejected(ErrorCode.NOT_YOUR_TURN);
            metrics.handled(new ClientMessage.Move("m1", 2, 4), System.nanoTime() - 300_000);
            metrics.handled(new ClientMessage.Resign(), System.nanoTime());
            metrics.moved(false);
            metrics.moved(true);
            metrics.gameFinished(Seat.X, ResultReason.LINE);
            metrics.gameFinished(null, ResultReason.DRAW);
            metrics.gameFinished(null, ResultReason.DRAW);
            metrics.botThought(20_000_000);
            metrics.botFailed();
            metrics.sent(100);
            metrics.memberLagging();
            metrics.rateLimited(false);
            metrics.rateLimited(true);

            Map<String, PrometheusText.Family> f = PrometheusText.parse(metrics.scrape());
            assertThat(value(f, "ttt_rooms", Map.of())).isEqualTo(3);
            assertThat(value(f, "ttt_bot_queue", Map.of())).isEqualTo(2);
            assertThat(value(f, "ttt_connections", Map.of())).isEqualTo(1);
            assertThat(value(f, "ttt_connections_opened_total", Map.of())).isEqualTo(2);
            assertThat(value(f, "ttt_members", Map.of("role", "player"))).isEqualTo(1);
            assertThat(value(f, "ttt_members", Map.of("role", "spectator"))).isEqualTo(1);
            assertThat(value(f, "ttt_messages_in_total", Map.of("type", "undo_reply")))
                    .isEqualTo(1);
            assertThat(value(f, "ttt_rejections_total", Map.of("code", "not_your_turn")))
                    .isEqualTo(1);
            assertThat(value(f, "ttt_rejections_total", Map.of("code", "bad_message"))).isZero();
            assertThat(f.get("ttt_move_handling_seconds").type()).isEqualTo("histogram");
            assertThat(
                            f.get("ttt_move_handling_seconds")
                                    .value("ttt_move_handling_seconds_count", Map.of()))
                    .isEqualTo(1);
            assertThat(f.get("ttt_move_handling_seconds").bucket(0.0005, Map.of())).isEqualTo(1);
            assertThat(value(f, "ttt_moves_total", Map.of("by", "bot"))).isEqualTo(1);
            assertThat(
                            value(
                                    f,
                                    "ttt_games_finished_total",
                                    Map.of("result", "x_won", "reason", "line")))
                    .isEqualTo(1);
            // The second draw counts on the counter the first one registered.
            assertThat(
                            value(
                                    f,
                                    "ttt_games_finished_total",
                                    Map.of("result", "draw", "reason", "draw")))
                    .isEqualTo(2);
            assertThat(f.get("ttt_bot_think_seconds").bucket(0.025, Map.of())).isEqualTo(1);
            assertThat(value(f, "ttt_bot_failures_total", Map.of())).isEqualTo(1);
            assertThat(value(f, "ttt_outbound_bytes_total", Map.of())).isEqualTo(100);
            assertThat(value(f, "ttt_members_lagging_total", Map.of())).isEqualTo(1);
            assertThat(value(f, "ttt_rate_limited_total", Map.of("action", "closed"))).isEqualTo(1);
            assertThat(f)
                    .containsKeys(
                            "jvm_memory_used_bytes",
                            "jvm_threads_live_threads",
                            "process_cpu_usage",
                            "process_files_open_files",
                            "process_uptime_seconds",
                            "process_resident_memory_bytes");
        }
    }

    @Test
    void quickMatchIsMeasured() {
        try (ServerMetrics metrics = new ServerMetrics()) {
            metrics.watch(Level.MATCH_QUEUE, () -> 7);
            metrics.matchPaired(1_500_000_000L);
            metrics.matchPaired(0);
            metrics.matchEnded(MatchOutcome.BOT);
            metrics.matchEnded(MatchOutcome.TIMEOUT);

            Map<String, PrometheusText.Family> f = PrometheusText.parse(metrics.scrape());
            assertThat(value(f, "ttt_match_waiting", Map.of())).isEqualTo(7);
            PrometheusText.Family pairing = f.get("ttt_match_time_to_pair_seconds");
            assertThat(pairing.type()).isEqualTo("histogram");
            assertThat(pairing.value("ttt_match_time_to_pair_seconds_count", Map.of()))
                    .isEqualTo(2);
            assertThat(pairing.bucket(1, Map.of())).isEqualTo(1);
            assertThat(pairing.bucket(2.5, Map.of())).isEqualTo(2);
            assertThat(value(f, "ttt_match_requests_total", Map.of("outcome", "paired")))
                    .isEqualTo(2);
            assertThat(value(f, "ttt_match_requests_total", Map.of("outcome", "bot"))).isEqualTo(1);
            assertThat(value(f, "ttt_match_requests_total", Map.of("outcome", "timeout")))
                    .isEqualTo(1);
            // Every outcome is there from the start, so a rate over it never starts from nothing.
            assertThat(value(f, "ttt_match_requests_total", Map.of("outcome", "cancelled")))
                    .isZero();
        }
    }

    @Test
    void messagesAreCountedByTheirWireTypeName() {
        try (ServerMetrics metrics = new ServerMetrics()) {
            metrics.messageReceived(new ClientMessage.InviteBot(BotLevel.HARD, null));
            metrics.messageReceived(new ClientMessage.Sync(null));
            metrics.messageReceived(new ClientMessage.Sync(3L));
            Map<String, PrometheusText.Family> f = PrometheusText.parse(metrics.scrape());
            assertThat(value(f, "ttt_messages_in_total", Map.of("type", "invite_bot")))
                    .isEqualTo(1);
            assertThat(value(f, "ttt_messages_in_total", Map.of("type", "sync"))).isEqualTo(2);
        }
    }

    private static double value(
            Map<String, PrometheusText.Family> families, String name, Map<String, String> labels) {
        PrometheusText.Family family = families.get(name);
        assertThat(family).as(name).isNotNull();
        return family.value(name, labels);
    }
}
