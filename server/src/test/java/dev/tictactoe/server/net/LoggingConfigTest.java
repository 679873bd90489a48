package dev.tictactoe.server.net;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.AsyncAppender;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;

import org.junit.jupiter.api.Test;
import org.slf4j.Logger;

import java.net.URL;

/** The production logging configuration: an event loop never waits for the log. */
class LoggingConfigTest {

    /** Lines queued for the writing thread at most. */
    static final int QUEUE_SIZE = 8192;

    @Test
    void theAsyncAppenderNeverBlocksAndDropsDebugAndInfoFirst() throws Exception {
        URL production = getClass().getResource("/logback.xml");
        assertThat(production).isNotNull();
        LoggerContext context = new LoggerContext();
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(context);
        configurator.doConfigure(production);
        try {
            Appender<ILoggingEvent> appender =
                    context.getLogger(Logger.ROOT_LOGGER_NAME).getAppender("ASYNC");
            assertThat(appender).isInstanceOf(AsyncAppender.class);
            AsyncAppender async = (AsyncAppender) appender;
            assertThat(async.isNeverBlock()).isTrue();
            assertThat(async.getQueueSize()).isEqualTo(QUEUE_SIZE);
            // Below this much room left, DEBUG and INFO are dropped; WARN and ERROR are kept.
            assertThat(async.getDiscardingThreshold()).isEqualTo(QUEUE_SIZE / 5);
        } finally {
            context.stop();
        }
    }
}
