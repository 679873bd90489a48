package dev.tictactoe.server.logging;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.util.ContextInitializer;
import ch.qos.logback.core.joran.spi.JoranException;

import org.slf4j.LoggerFactory;

import java.util.Locale;

/** The form of a log line: dated text, or one JSON object a line for a log collector. */
public enum LogFormat {
    TEXT,
    JSON;

    /** Logging started before the flags: logback.xml is read again with the format chosen. */
    public void use() {
        System.setProperty("TTT_LOG_FORMAT", name().toLowerCase(Locale.ROOT));
        if (LoggerFactory.getILoggerFactory() instanceof LoggerContext logging) {
            logging.reset();
            try {
                new ContextInitializer(logging).autoConfig();
            } catch (JoranException e) {
                throw new IllegalStateException("cannot read logback.xml again", e);
            }
        }
    }
}
