package dev.tictactoe.server.ops;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.AsyncAppender;
import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.core.OutputStreamAppender;
import ch.qos.logback.core.encoder.Encoder;
import ch.qos.logback.core.joran.spi.JoranException;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.tictactoe.server.logging.LogFields;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.MDC;

import java.nio.charset.StandardCharsets;
import java.time.Instant;

/**
 * The production logback.xml: dated text by default, JSON lines with structured fields on request.
 */
class LogFormatTest {

    @Test
    void textLinesStartWithAnIso8601DateAndTime() throws Exception {
        String line = encode(null, "room K7MQ2P created");
        assertThat(line)
                .matches(
                        "\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}(Z|[+-]\\d\\d:\\d\\d)"
                                + " INFO  Room - room K7MQ2P created\\n");
    }

    @Test
    void jsonLinesCarryTheRoomSeatAndRemoteAddressAsFields() throws Exception {
        // Logging is configured before any room runs, and the JSON format turns the fields on.
        encode("json", "started");
        String line;
        try (LogFields.Scope room = LogFields.room("K7MQ2P");
                LogFields.Scope member = LogFields.member("X", "127.0.0.1:5555")) {
            line = encode("json", "room K7MQ2P seat X reconnected");
        }
        assertThat(line).endsWith("\n").doesNotContain("\n{");
        JsonNode json = new ObjectMapper().readTree(line);
        assertThat(json.get("message").asText()).isEqualTo("room K7MQ2P seat X reconnected");
        assertThat(json.get("level").asText()).isEqualTo("INFO");
        assertThat(json.get("room").asText()).isEqualTo("K7MQ2P");
        assertThat(json.get("seat").asText()).isEqualTo("x");
        assertThat(json.get("remote").asText()).isEqualTo("127.0.0.1:5555");
        assertThat(Instant.parse(json.get("@timestamp").asText())).isNotNull();
        assertThat(MDC.get(LogFields.ROOM)).isNull();
    }

    @Test
    void scopesRestoreTheFieldsTheyReplaced() {
        LogFields.structured(true);
        try (LogFields.Scope outer = LogFields.room("AAAAAA")) {
            try (LogFields.Scope inner = LogFields.room("BBBBBB")) {
                assertThat(MDC.get(LogFields.ROOM)).isEqualTo("BBBBBB");
            }
            assertThat(MDC.get(LogFields.ROOM)).isEqualTo("AAAAAA");
        }
        assertThat(MDC.get(LogFields.ROOM)).isNull();
    }

    @Test
    void withTextLinesScopesSetNothing() {
        LogFields.structured(false);
        try (LogFields.Scope room = LogFields.room("AAAAAA");
                LogFields.Scope member = LogFields.member("X", "127.0.0.1:5555")) {
            assertThat(MDC.get(LogFields.ROOM)).isNull();
            assertThat(MDC.get(LogFields.SEAT)).isNull();
        }
    }

    @AfterEach
    void textAsByDefault() {
        LogFields.structured(false);
    }

    /**
     * One event through the encoder that logback.xml configures for {@code format} (null: the
     * default).
     */
    private static String encode(String format, String message) throws JoranException {
        LoggerContext context = new LoggerContext();
        context.setMDCAdapter(MDC.getMDCAdapter());
        if (format != null) {
            context.putProperty("TTT_LOG_FORMAT", format);
        }
        JoranConfigurator config = new JoranConfigurator();
        config.setContext(context);
        config.doConfigure(LogFormatTest.class.getResource("/logback.xml"));
        try {
            Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
            AsyncAppender async = (AsyncAppender) root.getAppender("ASYNC");
            @SuppressWarnings("unchecked")
            Encoder<ILoggingEvent> encoder =
                    ((OutputStreamAppender<ILoggingEvent>)
                                    async.getAppender(format == null ? "text" : format))
                            .getEncoder();
            Logger logger = context.getLogger("dev.tictactoe.server.room.Room");
            LoggingEvent event =
                    new LoggingEvent(
                            Logger.class.getName(), logger, Level.INFO, message, null, null);
            return new String(encoder.encode(event), StandardCharsets.UTF_8);
        } finally {
            context.stop();
        }
    }
}
