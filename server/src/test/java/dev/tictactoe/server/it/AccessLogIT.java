package dev.tictactoe.server.it;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;

import dev.tictactoe.client.GameClient;
import dev.tictactoe.server.ServerConfig;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** {@code --access-log}: a line per HTTP answer and per WebSocket at its close; off by default. */
class AccessLogIT {

    private final Logger access = (Logger) LoggerFactory.getLogger("access");
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final AppenderBase<ILoggingEvent> appender =
            new AppenderBase<>() {
                @Override
                protected void append(ILoggingEvent event) {
                    lines.add(event.getFormattedMessage());
                }
            };

    @BeforeEach
    void listen() {
        appender.start();
        access.addAppender(appender);
        access.setLevel(Level.INFO);
    }

    @AfterEach
    void stopListening() {
        access.detachAppender(appender);
        access.setLevel(null);
    }

    private String next() throws InterruptedException {
        String line = lines.poll(TestServer.WAIT.toSeconds(), TimeUnit.SECONDS);
        assertThat(line).as("an access log line").isNotNull();
        return line;
    }

    @Test
    void answersAndSocketsAreLoggedWithTheirStatusAndCloseCode() throws Exception {
        try (TestServer server = new TestServer(ServerConfig.local("--access-log"))) {
            int port = server.server.port();
            assertThat(RawHttp.exchange(port, RawHttp.get("/healthz"), 10_000).status())
                    .isEqualTo(200);
            assertThat(next()).matches("127\\.0\\.0\\.1 \"GET /healthz\" 200 \\d+m?s");
            String code = server.create();
            assertThat(next()).startsWith("127.0.0.1 \"POST /api/rooms\" 201 ");
            GameClient ana = server.player(code, "ana");
            assertThat(next()).startsWith("127.0.0.1 \"GET /rooms/" + code + "/ws\" 101 ");
            ana.close();
            assertThat(next())
                    .matches(
                            "127\\.0\\.0\\.1 \"GET /rooms/"
                                    + code
                                    + "/ws\" 101 closed 1000 by client after \\S+");
        }
    }

    @Test
    void offByDefault() throws Exception {
        assertThat(ServerConfig.local().net().accessLog()).isFalse();
        try (TestServer server = new TestServer()) {
            RawHttp.exchange(server.server.port(), RawHttp.get("/healthz"), 10_000);
            server.player(server.create(), "ana").close();
        }
        assertThat(lines).isEmpty();
    }
}
