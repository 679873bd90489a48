package dev.tictactoe.server.net;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;

import dev.tictactoe.protocol.GameRecord;
import dev.tictactoe.protocol.ResultReason;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.server.metrics.ServerMetrics;
import dev.tictactoe.server.store.FailingDisk;
import dev.tictactoe.server.store.Store;

import io.netty.handler.codec.http.FullHttpResponse;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The rooms' journal on a real store: each change its own kind number, history from the stored
 * games, a full disk.
 */
@Timeout(60)
class StoredRoomsTest {

    private static final byte[] PAYLOAD = {1, 6, 0, 0};

    @TempDir Path dir;

    private final FailingDisk disk = new FailingDisk();
    private final ServerState state = new ServerState();
    private final Logger serverLog = (Logger) LoggerFactory.getLogger("dev.tictactoe.server");
    private final ListAppender<ILoggingEvent> lines = new ListAppender<>();
    private String lastBody;

    @AfterEach
    void stop() {
        serverLog.detachAppender(lines);
    }

    @Test
    void aFullDiskGivesOneErrorLineAnUnreadyServerAndRoomsPlayingOnUntilItWritesAgain()
            throws Exception {
        lines.start();
        serverLog.addAppender(lines);
        try (Store store = disk.open(dir)) {
            StoredRooms rooms = new StoredRooms(store);
            ProbeReplies probes = new ProbeReplies(state, new ServerMetrics(), store, false);
            state.started();
            assertThat(rooms.change("AB", 1, PAYLOAD, null)).isTrue();
            assertThat(ready(probes)).isEqualTo(200);

            disk.full(true);
            rooms.change("AB", 2, PAYLOAD, null); // taken; the writer fails on it and retries
            FailingDisk.awaitHealthy(store, false);
            for (int v = 3; v < 103; v++) {
                assertThat(rooms.change("AB", v, PAYLOAD, null)).isFalse();
                assertThat(rooms.checkpoint("AB", v, PAYLOAD)).isFalse();
            }
            assertThat(errors())
                    .hasSize(2)
                    .anyMatch(m -> m.contains("disk is full"))
                    .anyMatch(m -> m.contains("rooms play on in memory"));
            assertThat(ready(probes)).isEqualTo(503);
            assertThat(lastBody).contains("\"ready\":false", "disk is full");

            disk.full(false);
            FailingDisk.awaitHealthy(store, true);
            assertThat(rooms.change("AB", 103, PAYLOAD, null)).isTrue();
            assertThat(ready(probes)).isEqualTo(200);
            assertThat(errors()).hasSize(2);
        }
    }

    @Test
    void historyReadsTheGamesTheArchiveKeeps() throws Exception {
        try (Store store = disk.open(dir)) {
            StoredRooms rooms = new StoredRooms(store);
            rooms.gameFinished(
                    "K7MQ2P",
                    1,
                    () ->
                            ("{\"room\":\"K7MQ2P\",\"game\":1,\"first\":\"X\",\"moves\":[0,3,1,4,2],"
                                 + "\"winner\":\"X\",\"reason\":\"line\",\"line\":[0,1,2],\"endedAt\":1}")
                                    .getBytes(StandardCharsets.UTF_8));
            rooms.gameFinished(
                    "K7MQ2P",
                    2,
                    () ->
                            ("{\"room\":\"K7MQ2P\",\"game\":2,\"first\":\"O\",\"moves\":[4],"
                                 + "\"winner\":null,\"reason\":\"resign\",\"line\":[],\"endedAt\":2}")
                                    .getBytes(StandardCharsets.UTF_8));
            rooms.gameFinished("K7MQ2P", 3, () -> "not json".getBytes(StandardCharsets.UTF_8));
            assertThat(rooms.history("K7MQ2P", 100).get(10, TimeUnit.SECONDS))
                    .containsExactly(
                            new GameRecord(
                                    1,
                                    Seat.X,
                                    List.of(0, 3, 1, 4, 2),
                                    Seat.X,
                                    ResultReason.LINE,
                                    List.of(0, 1, 2)),
                            new GameRecord(
                                    2, Seat.O, List.of(4), null, ResultReason.RESIGN, List.of()));
            assertThat(rooms.history("NOSUCH", 100).get(10, TimeUnit.SECONDS)).isEmpty();
        }
    }

    private int ready(ProbeReplies probes) {
        FullHttpResponse response = probes.ready(false);
        lastBody = response.content().toString(StandardCharsets.UTF_8);
        response.release();
        return response.status().code();
    }

    /** The error lines logged so far. */
    private List<String> errors() {
        synchronized (lines) {
            return List.copyOf(lines.list).stream()
                    .filter(e -> e.getLevel() == Level.ERROR)
                    .map(ILoggingEvent::getFormattedMessage)
                    .toList();
        }
    }
}
