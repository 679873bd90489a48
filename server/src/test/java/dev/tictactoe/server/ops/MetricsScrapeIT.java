package dev.tictactoe.server.ops;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.client.GameClient;
import dev.tictactoe.client.GameConnection;
import dev.tictactoe.client.RoomsApi;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.NewRoom;
import dev.tictactoe.protocol.RoomStatus;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.server.ServerConfig;
import dev.tictactoe.server.metrics.BuildInfo;
import dev.tictactoe.server.net.GameServer;

import io.netty.channel.EventLoopGroup;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** {@code /metrics} of a real server is valid Prometheus text, and its series move with a game. */
class MetricsScrapeIT {

    static final Duration WAIT = Duration.ofSeconds(20);

    private final GameServer server = ServerConfig.local().start();
    private final EventLoopGroup clients = GameConnection.newGroup(2);
    private final HttpClient http = HttpClient.newHttpClient();

    @AfterEach
    void stop() {
        server.close();
        clients.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
    }

    @Test
    void aGameMovesTheSeriesOfAScrape() throws Exception {
        Scrape before = scrape();
        assertThat(before.families.keySet())
                .contains(
                        "jvm_memory_used_bytes",
                        "jvm_gc_memory_allocated_bytes_total",
                        "jvm_threads_live_threads",
                        "process_cpu_usage",
                        "process_files_open_files",
                        "process_resident_memory_bytes",
                        "ttt_bot_queue");
        assertThat(before.value("ttt_rooms")).isZero();

        RoomsApi api = new RoomsApi(URI.create("http://127.0.0.1:" + server.port()));
        String code = api.create(NewRoom.DEFAULT).code();
        try (GameClient x = client(code);
                GameClient o = client(code)) {
            x.join("ana");
            o.join("bob");
            x.awaitSnapshot(s -> s.status() == RoomStatus.PLAYING, WAIT);
            o.move(4);
            o.awaitError(ErrorCode.NOT_YOUR_TURN, WAIT);
            int[] cells = {0, 3, 1, 4, 2};
            for (int i = 0; i < cells.length; i++) {
                (i % 2 == 0 ? x : o).move(cells[i]);
                int moves = i + 1;
                x.awaitSnapshot(s -> s.moves().size() == moves, WAIT);
                o.awaitSnapshot(s -> s.moves().size() == moves, WAIT);
            }
            assertThat(x.awaitSnapshot(s -> s.status() == RoomStatus.OVER, WAIT).result().winner())
                    .isEqualTo(Seat.X);

            Scrape during = scrape();
            assertThat(during.value("ttt_rooms")).isEqualTo(1);
            assertThat(during.value("ttt_connections")).isEqualTo(2);
            assertThat(during.value("ttt_members", Map.of("role", "player"))).isEqualTo(2);
            assertThat(during.value("ttt_members", Map.of("role", "spectator"))).isZero();
        }

        Scrape after = scrape();
        assertThat(after.delta(before, "ttt_messages_in_total", Map.of("type", "join")))
                .isEqualTo(2);
        assertThat(after.delta(before, "ttt_messages_in_total", Map.of("type", "move")))
                .isEqualTo(6);
        assertThat(after.delta(before, "ttt_rejections_total", Map.of("code", "not_your_turn")))
                .isEqualTo(1);
        assertThat(after.delta(before, "ttt_moves_total", Map.of("by", "player"))).isEqualTo(5);
        assertThat(
                        after.value(
                                "ttt_games_finished_total",
                                Map.of("result", "x_won", "reason", "line")))
                .isEqualTo(1);
        PrometheusText.Family handling = after.families.get("ttt_move_handling_seconds");
        assertThat(handling.type()).isEqualTo("histogram");
        assertThat(handling.value("ttt_move_handling_seconds_count", Map.of())).isEqualTo(6);
        assertThat(handling.bucket(Double.POSITIVE_INFINITY, Map.of())).isEqualTo(6);
        assertThat(after.delta(before, "ttt_outbound_bytes_total", Map.of())).isPositive();
        assertThat(after.delta(before, "ttt_connections_opened_total", Map.of())).isEqualTo(2);
    }

    @Test
    void aBotGameMovesTheBotSeries() throws Exception {
        Scrape before = scrape();
        RoomsApi api = new RoomsApi(URI.create("http://127.0.0.1:" + server.port()));
        String code =
                api.create(new NewRoom(3, 3, "X", "X", true, true, "easy", null, null)).code();
        try (GameClient x = client(code)) {
            x.join("ana");
            x.move(4);
            x.awaitSnapshot(s -> s.moves().size() == 2, WAIT);
        }
        Scrape after = scrape();
        assertThat(after.delta(before, "ttt_moves_total", Map.of("by", "bot"))).isEqualTo(1);
        assertThat(
                        after.families
                                .get("ttt_bot_think_seconds")
                                .value("ttt_bot_think_seconds_count", Map.of()))
                .isEqualTo(1);
        assertThat(after.value("ttt_bot_failures_total")).isZero();
    }

    @Test
    void theOperatorsSeriesAreThereAndTheJsonViewIsGone() throws Exception {
        assertThat(get("/metrics.json").statusCode()).isEqualTo(404);
        String code =
                new RoomsApi(URI.create("http://127.0.0.1:" + server.port()))
                        .create(NewRoom.DEFAULT)
                        .code();
        try (GameClient x = client(code)) {
            x.join("ana");
            x.awaitSnapshot(s -> s.status() == RoomStatus.WAITING, WAIT);
        }
        Scrape scrape = scrape();
        assertThat(scrape.value("ttt_room_creations_total")).isEqualTo(1);
        assertThat(scrape.value("ttt_room_removals_total")).isZero();
        assertThat(scrape.value("ttt_lookups_throttled_total")).isZero();
        assertThat(
                        scrape.value(
                                "ttt_http_requests_total",
                                Map.of("route", "not_found", "status", "404")))
                .isEqualTo(1);
        assertThat(
                        scrape.value(
                                "ttt_http_requests_total",
                                Map.of("route", "create_room", "status", "201")))
                .isEqualTo(1);
        assertThat(
                        scrape.value(
                                "ttt_http_requests_total",
                                Map.of("route", "upgrade", "status", "101")))
                .isEqualTo(1);
        assertThat(scrape.value("ttt_build_info", Map.of("version", BuildInfo.CURRENT.version())))
                .isEqualTo(1);
        assertThat(scrape.families.keySet())
                .contains(
                        "ttt_eventloop_lag_seconds",
                        "netty_eventexecutor_tasks_pending",
                        "ttt_channels_open",
                        "ttt_outbound_pending_bytes",
                        "process_cpu_seconds_total",
                        "system_cpus");
    }

    @Test
    void promtoolFindsNothingToSay() throws Exception {
        Path promtool =
                Stream.of("/usr/bin/promtool", "/usr/local/bin/promtool")
                        .map(Path::of)
                        .filter(Files::isExecutable)
                        .findFirst()
                        .orElse(null);
        if (promtool == null) {
            String why = "promtool is not installed (apt-get install prometheus)";
            if (System.getenv("CI") != null) {
                throw new AssertionError(why);
            }
            Assumptions.abort(why);
        }
        // A game's worth of series first, so histograms and labelled counters are in the text.
        new RoomsApi(URI.create("http://127.0.0.1:" + server.port())).create(NewRoom.DEFAULT);
        get("/nowhere");
        Process check =
                new ProcessBuilder(promtool.toString(), "check", "metrics")
                        .redirectErrorStream(true)
                        .start();
        try (var in = check.getOutputStream()) {
            in.write(get("/metrics").body().getBytes(StandardCharsets.UTF_8));
        }
        String said = new String(check.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(check.waitFor()).as(said).isZero();
    }

    private GameClient client(String code) {
        return GameClient.connect("127.0.0.1", server.port(), code, clients).timeout(WAIT);
    }

    private Scrape scrape() throws Exception {
        HttpResponse<String> response = get("/metrics");
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("content-type"))
                .hasValue("text/plain; version=0.0.4; charset=utf-8");
        return new Scrape(PrometheusText.parse(response.body()));
    }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                        .timeout(WAIT)
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** One parsed scrape. */
    private record Scrape(Map<String, PrometheusText.Family> families) {

        double value(String name) {
            return value(name, Map.of());
        }

        double value(String name, Map<String, String> labels) {
            assertThat(families.keySet()).as("families").contains(name);
            return families.get(name).value(name, labels);
        }

        /** How much a series grew since {@code earlier}, where it may not have existed yet. */
        double delta(Scrape earlier, String name, Map<String, String> labels) {
            double was =
                    earlier.families.containsKey(name)
                                    && earlier.families.get(name).samples().stream()
                                            .anyMatch(
                                                    s ->
                                                            s.labels()
                                                                    .entrySet()
                                                                    .containsAll(labels.entrySet()))
                            ? earlier.value(name, labels)
                            : 0;
            return value(name, labels) - was;
        }
    }
}
