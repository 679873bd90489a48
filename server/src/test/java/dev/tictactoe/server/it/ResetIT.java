package dev.tictactoe.server.it;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import ch.qos.logback.core.read.ListAppender;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.tictactoe.server.ops.PrometheusText;

import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** A peer that resets its connection at any point costs at most a DEBUG line, never a warning. */
class ResetIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void resetsDuringAndAfterTheHandshakeAreNotWarnings() throws Exception {
        Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        ListAppender<ILoggingEvent> lines = new ListAppender<>();
        lines.start();
        root.addAppender(lines);
        try (TestServer server = new TestServer()) {
            int port = server.server.port();
            String code = server.create();
            String upgrade = RawHttp.upgrade("/rooms/" + code + "/ws");
            long before = openConnections(port);
            // Enough rounds that a reset lands inside each step of a connection's move between
            // loops.
            for (int i = 0; i < 100; i++) {
                // Mid-request, right after a whole upgrade request, and after the 101.
                reset(port, upgrade.substring(0, upgrade.length() / 2), false);
                reset(port, upgrade, false);
                reset(port, upgrade, true);
                reset(port, RawHttp.get("/healthz"), true);
                reset(port, RawHttp.get("/api/rooms/" + code), false);
            }
            awaitOpenConnections(port, before);
            assertThat(lines.list)
                    .filteredOn(e -> e.getLevel().isGreaterOrEqual(Level.WARN))
                    .extracting(ResetIT::withCause)
                    .isEmpty();
        } finally {
            root.detachAppender(lines);
        }
    }

    private static String withCause(ILoggingEvent event) {
        return event.getThrowableProxy() == null
                ? event.getFormattedMessage()
                : event.getFormattedMessage()
                        + "\n"
                        + ThrowableProxyUtil.asString(event.getThrowableProxy());
    }

    /**
     * Sends {@code request}, maybe reads the first answer line, then closes with a reset (linger
     * 0).
     */
    private static void reset(int port, String request, boolean readFirst) throws IOException {
        Socket socket = new Socket("127.0.0.1", port);
        socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
        if (readFirst) {
            socket.getInputStream().read();
        }
        socket.setSoLinger(true, 0);
        socket.close();
    }

    /** Waits until the server has seen every reset: as many connections are open as before them. */
    private static void awaitOpenConnections(int port, long expected) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        long open = openConnections(port);
        while (open != expected && System.nanoTime() < deadline) {
            open = openConnections(port);
        }
        assertThat(open).isEqualTo(expected);
    }

    /** Open connections, counting the one that asks. */
    private static long openConnections(int port) throws IOException {
        String text = RawHttp.exchange(port, RawHttp.get("/metrics"), 5_000).body();
        return (long)
                PrometheusText.parse(text)
                        .get("ttt_channels_open")
                        .value("ttt_channels_open", Map.of());
    }
}
