package dev.tictactoe.server.logging;

import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.encoder.EchoEncoder;
import ch.qos.logback.core.encoder.Encoder;
import ch.qos.logback.core.encoder.EncoderBase;

import net.logstash.logback.encoder.LogstashEncoder;

import org.jspecify.annotations.Nullable;

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
    // Replaced by the chosen encoder in start(), which logback calls before any write.
    private Encoder<ILoggingEvent> delegate = new EchoEncoder<>();

    public void setFormat(String format) {
        this.format = format;
    }

    /** The layout of the text format (logback's pattern syntax). */
    public void setPattern(String pattern) {
        this.pattern = pattern;
    }

    /** The format named by {@code text}, case and spaces forgiven; null if none. */
    public static @Nullable Format parse(@Nullable String text) {
        if (text == null) {
            return null;
        }
        try {
            return Format.valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
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
        Encoder<ILoggingEvent> chosenEncoder =
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
        chosenEncoder.setContext(getContext());
        chosenEncoder.start();
        delegate = chosenEncoder;
        super.start();
    }

    @Override
    public void stop() {
        delegate.stop();
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
