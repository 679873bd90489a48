package dev.tictactoe.server.logging;

import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.encoder.Encoder;
import ch.qos.logback.core.encoder.EncoderBase;

import net.logstash.logback.encoder.LogstashEncoder;

import java.util.Locale;

/**
 * Writes each log event as one line of text or one JSON object, as {@code format} says; logback
 * cannot switch between two appenders without a scripting library.
 */
public final class FormatEncoder extends EncoderBase<ILoggingEvent> {

    /** The formats {@link #setFormat} accepts. */
    public enum Format {
        TEXT,
        JSON
    }

    private String format = "text";
    private String pattern = "%msg%n";
    private Encoder<ILoggingEvent> delegate;

    public void setFormat(String format) {
        this.format = format;
    }

    /** The layout of the text format (logback's pattern syntax). */
    public void setPattern(String pattern) {
        this.pattern = pattern;
    }

    /** The format named by {@code text}, case and spaces forgiven; null if none. */
    public static Format parse(String text) {
        try {
            return Format.valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException | NullPointerException e) {
            return null;
        }
    }

    @Override
    public void start() {
        Format chosen = parse(format);
        if (chosen == null) {
            addError("unknown log format '" + format + "' (use text or json); writing text");
            chosen = Format.TEXT;
        }
        delegate =
                switch (chosen) {
                    case TEXT -> {
                        PatternLayoutEncoder text = new PatternLayoutEncoder();
                        text.setPattern(pattern);
                        yield text;
                    }
                    case JSON -> {
                        LogFields.structured(true);
                        LogstashEncoder json = new LogstashEncoder();
                        json.getFieldNames().setVersion("[ignore]");
                        json.getFieldNames().setLevelValue("[ignore]");
                        json.setIncludeContext(false);
                        yield json;
                    }
                };
        delegate.setContext(getContext());
        delegate.start();
        super.start();
    }

    @Override
    public void stop() {
        if (delegate != null) {
            delegate.stop();
        }
        super.stop();
    }

    @Override
    public byte[] headerBytes() {
        return delegate.headerBytes();
    }

    @Override
    public byte[] encode(ILoggingEvent event) {
        return delegate.encode(event);
    }

    @Override
    public byte[] footerBytes() {
        return delegate.footerBytes();
    }
}
