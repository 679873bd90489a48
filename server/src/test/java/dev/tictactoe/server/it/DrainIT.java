package dev.tictactoe.server.it;

import static dev.tictactoe.server.it.TestServer.WAIT;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;

import dev.tictactoe.client.GameClient;
import dev.tictactoe.client.GameConnection;
import dev.tictactoe.protocol.CloseCodes;
import dev.tictactoe.server.ServerConfig;
import dev.tictactoe.server.room.Room;

import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Stopping the server tells every client why, with a close frame, and drops no seat on the way. */
class DrainIT {

    @Test
    void everyClientGetsGoingAwayWithAReasonAndNoSeatIsReportedDropped() {
        Logger roomLog = (Logger) LoggerFactory.getLogger(Room.class);
        ListAppender<ILoggingEvent> lines = new ListAppender<>();
        lines.start();
        Level level = roomLog.getLevel();
        roomLog.setLevel(Level.INFO);
        roomLog.addAppender(lines);
        try (TestServer server = new TestServer(ServerConfig.local("--drain-timeout=5s"))) {
            List<GameClient> clients = new ArrayList<>();
            for (int room = 0; room < 4; room++) {
                String code = server.create();
                clients.add(server.player(code, "ana"));
                clients.add(server.player(code, "bob"));
                GameClient watcher = server.connect(code);
                watcher.spectate("eve");
                clients.add(watcher);
            }
            lines.list.clear();
            long start = System.nanoTime();
            server.server.close();
            long millis = (System.nanoTime() - start) / 1_000_000;
            for (GameClient client : clients) {
                GameConnection.CloseInfo close = client.awaitClose(WAIT);
                assertThat(close.code()).isEqualTo(CloseCodes.GOING_AWAY);
                assertThat(close.reason()).contains("restarting");
            }
            // Clients answer the close frame at once: the drain does not wait for its timeout.
            assertThat(millis).isLessThan(5_000);
            assertThat(lines.list)
                    .extracting(ILoggingEvent::getFormattedMessage)
                    .noneMatch(m -> m.contains("dropped"));
        } finally {
            roomLog.detachAppender(lines);
            roomLog.setLevel(level);
        }
    }

    @Test
    void aClientThatNeverAnswersTheCloseFrameDoesNotHoldTheStopPastTheDrainTimeout()
            throws Exception {
        Duration drain = Duration.ofSeconds(2);
        try (TestServer server = new TestServer(ServerConfig.local("--drain-timeout=" + drain))) {
            String code = server.create();
            try (java.net.Socket silent = new java.net.Socket("127.0.0.1", server.server.port());
                    java.net.Socket plainHttp =
                            new java.net.Socket("127.0.0.1", server.server.port())) {
                silent.getOutputStream()
                        .write(
                                RawHttp.upgrade("/rooms/" + code + "/ws")
                                        .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
                assertThat(RawHttp.read(silent.getInputStream(), false).status()).isEqualTo(101);
                plainHttp
                        .getOutputStream()
                        .write(
                                RawHttp.get("/healthz")
                                        .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
                assertThat(RawHttp.read(plainHttp.getInputStream(), false).status()).isEqualTo(200);
                long start = System.nanoTime();
                server.server.close();
                long millis = (System.nanoTime() - start) / 1_000_000;
                // The drain itself, plus the loops' own shutdown.
                assertThat(millis).isLessThan(drain.toMillis() + 3_000);
                assertThat(RawHttp.closedWithin(silent, 1_000)).isTrue();
                assertThat(RawHttp.closedWithin(plainHttp, 1_000)).isTrue();
            }
        }
    }
}
